import type { PossibleDuplicate } from '../model';
import { duplicateOverrideNote, duplicateOverrideRequired, isDuplicateOverrideRefusal, possibleDuplicateLabel } from './duplicateMessages';

const seen: PossibleDuplicate = {
  id: 7,
  name: 'CS-88120.pdf',
  queueName: 'Approval L1',
  approved: false,
  reasons: ['vendorInvoiceNumber', 'vendorAmountDate'],
};
const approvedElsewhere: PossibleDuplicate = { id: 8, name: 'CS-88120 (1).pdf', queueName: null, approved: true, reasons: ['file'] };
const hidden: PossibleDuplicate = { id: null, name: null, queueName: null, approved: false, reasons: ['file'] };

describe('duplicate messages (issue 35)', () => {
  it('names the other document, where it is and why, or says it cannot be opened', () => {
    expect(duplicateOverrideRequired('scan.pdf', seen)).toBe(
      "'scan.pdf' is a possible duplicate of 'CS-88120.pdf' in Approval L1 (the same vendor and invoice number; the same vendor, amount and invoice date): approving it needs a reason to override.",
    );
    expect(duplicateOverrideRequired('scan.pdf', approvedElsewhere)).toBe(
      "'scan.pdf' is a possible duplicate of 'CS-88120 (1).pdf' (approved) (the same file): approving it needs a reason to override.",
    );
    expect(duplicateOverrideRequired('scan.pdf', { ...hidden, approved: true })).toBe(
      "'scan.pdf' is a possible duplicate of an approved document you cannot open (the same file): approving it needs a reason to override.",
    );
    expect(possibleDuplicateLabel(seen)).toBe('Possible duplicate of CS-88120.pdf');
    expect(possibleDuplicateLabel(hidden)).toBe('Possible duplicate of a document you cannot open');
    expect(duplicateOverrideNote('pat', [seen, hidden], 'Two deliveries')).toBe(
      "Approved by pat as a possible duplicate of 'CS-88120.pdf' in Approval L1 (the same vendor and invoice number; the same vendor, amount and invoice date), a document you cannot open (the same file). Reason to override: Two deliveries",
    );
  });

  it('tells the refusal from other refusals', () => {
    expect(isDuplicateOverrideRefusal(duplicateOverrideRequired('scan.pdf', hidden))).toBe(true);
    expect(
      isDuplicateOverrideRefusal(
        'The amount 49,872.77 USD of LW-5531.pdf is over your approval limit of 10,000.00 USD in queue Approval L1.',
      ),
    ).toBe(false);
  });
});
