/** Possible duplicate invoices (issue 35): the row's and the viewer's notice, and the approve dialog's reason to override. */
export const DUPLICATES_TEXT = {
  /** The viewer's notice title. */
  title: 'Possible duplicate',
  /** After the first other document in a row: "and 2 more". */
  andMore: (count: number): string => `and ${count} more`,
  /** The link's accessible name: it opens the other document. */
  openOther: (name: string): string => `Open ${name}, the document this one may duplicate`,
  /** The approve dialog's field: why the user approves a possible duplicate anyway (required). */
  overrideReason: 'Reason to approve anyway',
  /** The field's hint. */
  overrideHint: 'Kept in the approval history and as a note on the document.',
  /** The field left blank. */
  overrideRequired: 'Give the reason to approve a possible duplicate anyway.',
  /** The dialog's warning, one line per marked document: "inv-2.pdf: possible duplicate of 'inv-1.pdf' in Approval L1 (the same file)." */
  promptLine: (documentName: string, others: string): string => `${documentName}: possible duplicate of ${others}.`,
} as const;
