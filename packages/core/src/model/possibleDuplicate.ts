/*
 * Duplicate invoices (issue 35): a document is a "possible duplicate" of another when the two have
 * the same bytes, or their linked records name the same vendor and invoice number, or the same
 * vendor, amount and invoice date. The server keeps the marks; the queue listing and
 * GET /api/documents/{id}/duplicates answer them; approving a marked document needs a reason.
 */

/** Why two documents are possible duplicates, strongest first. */
export const DUPLICATE_REASONS = ['file', 'vendorInvoiceNumber', 'vendorAmountDate'] as const;

/** One reason two documents are possible duplicates. */
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** Another document a document may duplicate, as far as the caller may know it. */
export interface PossibleDuplicate {
  /** The other document's id; null when the caller cannot open it. */
  id: number | null;
  /** The other document's name; null when the caller cannot open it. */
  name: string | null;
  /** The queue the other document is in; null outside a queue or when the caller cannot open it. */
  queueName: string | null;
  /** The other document was approved (at any level); an approved document counts even once deleted. */
  approved: boolean;
  /** Why it matches, strongest first. */
  reasons: DuplicateReason[];
}
