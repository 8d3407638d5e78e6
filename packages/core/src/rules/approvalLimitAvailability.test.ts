import type { DocumentDecision } from '../model';
import { approvalLimitBlock } from './approvalLimitAvailability';
import { approvalLimitExceeded } from './messages';

const facts = (
  amount: number | null,
  factsState: DocumentDecision['factsState'] = 'current',
  currencyCode: string | null = 'USD',
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

  it('says nothing without a limit, within it (equal included), or for facts that are not current or have no amount', () => {
    const over = [{ name: 'a.pdf', decision: facts(20000) }];
    expect(approvalLimitBlock(over, null, 'Q')).toBeNull();
    expect(approvalLimitBlock(over, undefined, 'Q')).toBeNull();
    expect(approvalLimitBlock([{ name: 'a.pdf', decision: facts(10000) }], 10000, 'Q')).toBeNull();
    for (const state of ['stale', 'loading', 'unlinked'] as const)
      expect(approvalLimitBlock([{ name: 'a.pdf', decision: facts(20000, state) }], 10000, 'Q')).toBeNull();
    expect(approvalLimitBlock([{ name: 'a.pdf', decision: facts(null) }, { name: 'b.pdf' }], 10000, 'Q')).toBeNull();
  });

  it('reads the limit in the record currency, as the server does; no currency, a bare amount', () => {
    expect(approvalLimitBlock([{ name: 'a.pdf', decision: facts(1500, 'current', null) }], 1000, 'Q')).toMatchObject({
      message: approvalLimitExceeded(1500, '', 'a.pdf', 1000, 'Q'),
    });
  });
});
