import type { DocumentDecision } from '../model';
import { approvalLimitBlock } from './approvalLimitAvailability';
import { approvalAmountUnknown, approvalLimitExceeded } from './messages';

const facts = (
  amount: number | null,
  factsState: DocumentDecision['factsState'] = 'current',
  currencyCode: string | null = 'USD',
  localCurrencyCode: string | null = 'USD',
): DocumentDecision => ({
  vendorNumber: null,
  vendorName: null,
  invoiceNumber: null,
  amount,
  currencyCode,
  invoiceDate: null,
  dueDate: null,
  cashDiscountDate: null,
  factsState,
  factsFetchedAt: null,
  daysInQueue: 0,
  noteCount: 0,
  overdue: false,
  discountExpiresToday: false,
  localCurrencyCode,
});

describe('approvalLimitBlock', () => {
  it("blocks with the server's words when a listed amount is over the caller's limit, naming the first such document", () => {
    const documents = [
      { name: 'small.pdf', decision: facts(50) },
      { name: 'LW-5531.pdf', decision: facts(49872.77) },
    ];
    expect(approvalLimitBlock(documents, 10000, 'Approval L1')).toEqual({
      allowed: false,
      reason: 'overApprovalLimit',
      message: approvalLimitExceeded(49872.77, 'USD', 'LW-5531.pdf', 10000, 'Approval L1'),
    });
  });

  it('says nothing without a limit, within it (equal included), or for facts that are not current', () => {
    const over = [{ name: 'a.pdf', decision: facts(20000) }];
    expect(approvalLimitBlock(over, null, 'Q')).toBeNull();
    expect(approvalLimitBlock(over, undefined, 'Q')).toBeNull();
    expect(approvalLimitBlock([{ name: 'a.pdf', decision: facts(10000) }], 10000, 'Q')).toBeNull();
    for (const state of ['stale', 'loading'] as const)
      expect(approvalLimitBlock([{ name: 'a.pdf', decision: facts(20000, state) }], 10000, 'Q')).toBeNull();
    expect(approvalLimitBlock([{ name: 'b.pdf' }], 10000, 'Q')).toBeNull();
  });

  it('blocks a document whose amount cannot be known: unlinked, or linked to a record without an amount (issue 35)', () => {
    expect(approvalLimitBlock([{ name: 'scan.pdf', decision: facts(null, 'unlinked') }], 10000, 'Q')).toEqual({
      allowed: false,
      reason: 'overApprovalLimit',
      message: approvalAmountUnknown('scan.pdf', 'Q', false),
    });
    expect(approvalLimitBlock([{ name: 'vendor.pdf', decision: facts(null) }], 10000, 'Q')).toMatchObject({
      message: approvalAmountUnknown('vendor.pdf', 'Q', true),
    });
    // Without a limit the amount does not matter.
    expect(approvalLimitBlock([{ name: 'scan.pdf', decision: facts(null, 'unlinked') }], null, 'Q')).toBeNull();
  });

  it("reads the limit in the company's local currency: a blank currency is the local one; another currency, or an unknown local one, is left to the server", () => {
    expect(approvalLimitBlock([{ name: 'a.pdf', decision: facts(1500, 'current', null) }], 1000, 'Q')).toMatchObject({
      message: approvalLimitExceeded(1500, 'USD', 'a.pdf', 1000, 'Q'),
    });
    // 1,500 JPY is far below 1,000 USD, and 900 EUR may be above it: only the server, converting at the ERP's rate, can tell.
    expect(approvalLimitBlock([{ name: 'yen.pdf', decision: facts(1500, 'current', 'JPY') }], 1000, 'Q')).toBeNull();
    expect(approvalLimitBlock([{ name: 'a.pdf', decision: facts(1500, 'current', 'USD', null) }], 1000, 'Q')).toBeNull();
  });
});
