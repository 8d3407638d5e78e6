/** The Push Link action (embedded §3 push-link items, §7 PUT /documents/{id}/push-link; docs/UX-DECISIONS.md "Push Link in the UI"). */
export const PUSH_LINK_TEXT = {
  /** The toolbar action that links the selected document to the record open in the ERP. */
  pushLink: 'Push Link',
  /** Why it is off: the ERP page shows no record to push to. */
  noRecord: 'Open a record in the ERP to push the document to it.',
  /** Why it is off: not exactly one document, or its access does not allow linking. */
  notPermitted: 'Select one document you may link to push it to the record open in the ERP.',
  /** Why it is off: the document is linked to that record already. */
  alreadyThere: 'This document is already linked to the record open in the ERP.',
  pushed: (documentName: string, recordId: string): string => `${documentName} was linked to the record open in the ERP (${recordId}).`,
} as const;
