import { pluralFor } from './plural';

const plural = pluralFor('en');

/** "1 document", "3 documents". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'document', other: 'documents' })}`;

/** The clerk's path (issue 38): Send for approval on the FactBox, the viewer and the queue, and the reject reasons shown in Rejected. */
export const SEND_FOR_APPROVAL_TEXT = {
  sendForApproval: 'Send for approval',
  /** The button naming where the auto-route takes the documents: "Send for approval → Approval L1". */
  sendForApprovalTo: (queueName: string): string => `Send for approval → ${queueName}`,
  /** Its accessible name, the arrow in words: "Send for approval to Approval L1". */
  sendForApprovalToLabel: (queueName: string): string => `Send for approval to ${queueName}`,
  /** The button's tooltip and the note dialog's title. */
  sendTitle: (count: number): string => (count === 1 ? 'Send the document for approval' : `Send ${documents(count)} for approval`),
  nothingSelected: 'Select the documents to send for approval.',
  /** Not in a workflow queue: nothing to send on. */
  notInWorkflow: 'The document is not in a workflow queue.',
  /** The note dialog's field: optional unless a queue on the way asks for one. */
  note: 'Note (optional)',
  /** The notice once sent: "Sent 2 documents for approval: now in Approval L1". */
  sent: (count: number, queueName: string): string => `Sent ${documents(count)} for approval: now in ${queueName}`,
  /** The row's and the bar's words in Rejected. */
  rejectedBecause: (reason: string): string => `Rejected: ${reason}`,
  rejectedWithoutReason: 'Rejected without a reason',
  /** The bar over the document: "Rejected by Pat Lee in Approval L1 on 12/07/2026". */
  rejectedByIn: (by: string, queueName: string, on: string): string => `Rejected by ${by} in ${queueName} on ${on}`,
  /** The column heading of the reason in a queue that has rejected documents. */
  reasonColumn: 'Reject reason',
  rejectionBar: 'Why this document was rejected',
} as const;
