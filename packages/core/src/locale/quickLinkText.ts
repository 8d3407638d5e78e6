/** Quick Link (workflow listing of a Quick Link queue) and Launch Card (the spec's messages for both live in rules/messages.ts and rules/quickLink.ts). */
export const QUICK_LINK_TEXT = {
  /** The workflow toolbar action of a Quick Link queue. */
  quickLink: 'Quick Link',
  quickLinkHint: 'Link the selected document to its record, then approve it.',
  selectOne: 'Select one document to Quick Link.',
  dialogTitle: (documentName: string): string => `Quick Link ${documentName}`,
  recordType: 'Record type',
  recordNumber: 'Record number or ID',
  recordNumberHint: 'The number users know the record by (PI-1003), or its ID in the ERP.',
  note: 'Approval note',
  linkAndApprove: 'Link and approve',
  /** After the link went through and the approval did not: the approval alone, again. */
  approve: 'Approve',
  linkedAsk: (number: string): string => `Linked to ${number}. Approve the document now?`,
  leaveLinked: 'Leave it linked',
  approveAnyway: 'Approve anyway',
  linkToApproval: 'Link To Approval',
  linkedAndApproved: (documentName: string, number: string): string => `${documentName} linked to ${number} and approved`,
  approved: (documentName: string): string => `${documentName} approved`,
  linkedOnly: (documentName: string, number: string): string => `${documentName} linked to ${number}`,

  /** The toolbar action that opens the linked record in the ERP (Dynamics privilege 'Launch Card From Document'). */
  launchCard: 'Launch Card',
  notPermittedLaunch: 'This document is not linked, or you may not open records in the ERP.',
  launching: 'Opening the record in the ERP…',
  launched: (number: string): string => `${number} opened in the ERP.`,
  launchLinkedTitle: 'Open the linked record',
  launchLinkedNoDocument: 'No document was named whose record should open.',
  launchLinkedNotLinked: 'The document is not linked to a record.',
} as const;
