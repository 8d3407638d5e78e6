import type { DuplicateReason, PossibleDuplicate } from '../model';

/** What each reason means, in the words a refusal and a row use. */
const REASON_WORDS: Readonly<Record<DuplicateReason, string>> = {
  file: 'the same file',
  vendorInvoiceNumber: 'the same vendor and invoice number',
  vendorAmountDate: 'the same vendor, amount and invoice date',
};

/** Ours (issue 35): why two documents are possible duplicates, e.g. "the same vendor and invoice number". */
export function duplicateReasonsText(reasons: readonly DuplicateReason[]): string {
  return reasons.map((reason) => REASON_WORDS[reason]).join('; ');
}

/** The other document as a sentence names it: 'name' (in its queue, or approved), or one the caller cannot open. */
export function duplicateOtherText(other: Pick<PossibleDuplicate, 'name' | 'queueName' | 'approved'>): string {
  if (other.name === null) return other.approved ? 'an approved document you cannot open' : 'a document you cannot open';
  const where = other.queueName !== null ? ` in ${other.queueName}` : other.approved ? ' (approved)' : '';
  return `'${other.name}'${where}`;
}

/** Ours: the row's and the viewer's words, "Possible duplicate of CS-88120.pdf" (the name only: the row links it). */
export function possibleDuplicateLabel(other: Pick<PossibleDuplicate, 'name'>): string {
  return other.name === null ? 'Possible duplicate of a document you cannot open' : `Possible duplicate of ${other.name}`;
}

/**
 * Ours (issue 35): approving a possible duplicate without a reason to override (400). Names the
 * document, the other one and why they match, and what to do.
 */
export function duplicateOverrideRequired(documentName: string, other: PossibleDuplicate): string {
  return `'${documentName}' is a possible duplicate of ${duplicateOtherText(other)} (${duplicateReasonsText(other.reasons)}): approving it needs a reason to override.`;
}

/** Whether a refusal is the duplicate rule's (duplicateOverrideRequired): the client asks for the reason and reads its list again. */
export function isDuplicateOverrideRefusal(message: string): boolean {
  return / is a possible duplicate of .*: approving it needs a reason to override\.$/.test(message);
}

/** Ours: the system note an override leaves on the approved document (the reason is in its history row too). */
export function duplicateOverrideNote(username: string, others: readonly PossibleDuplicate[], reason: string): string {
  const named = others.map((other) => `${duplicateOtherText(other)} (${duplicateReasonsText(other.reasons)})`).join(', ');
  return `Approved by ${username} as a possible duplicate of ${named}. Reason to override: ${reason}`;
}
