/** The Link to Existing screen and the Link to Existing / Break Link actions (the spec's link messages live in rules/messages.ts). */
export const LINK_TEXT = {
  title: 'Link to existing record',
  titleOf: (documentName: string): string => `Link to existing record – ${documentName}`,
  /** The toolbar action that opens the Link to Existing screen (Dynamics privilege 'Link to Existing'). */
  linkToExisting: 'Link to Existing',
  /** The toolbar action that removes a document's link (Dynamics privilege 'Break Link'). */
  breakLink: 'Break Link',
  notPermittedLink: 'You may not link this document to a record.',
  notPermittedUnlink: 'This document is not linked, or you may not break its link.',
  recordType: 'Record type',
  records: 'Records',
  filters: 'Filters',
  filterOf: (column: string): string => `Filter ${column}`,
  loadingRecords: 'Loading records…',
  noRecords: 'No records match the filters.',
  retry: 'Retry',
  link: 'Link',
  linking: 'Linking…',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: number): string => `Page ${page}`,
  /** How to use the results by keyboard, read by assistive technology. */
  keyboardHint:
    'Arrow keys move through the records, Page Up and Page Down change the page, Enter links the document to the highlighted record.',
  linkedTo: (recordNumber: string): string => `Linked to ${recordNumber}`,
  currentLink: (label: string, recordNumber: string): string => `Linked to ${label} ${recordNumber}`,
  replacesLink: (label: string, recordNumber: string): string =>
    `Linked to ${label} ${recordNumber}. Linking it to another record replaces this link.`,
  breakLinkTitle: 'Break the link?',
  breakLinkQuestion: (documentName: string, recordNumber: string): string =>
    `${documentName} will no longer be linked to ${recordNumber}. Its folders and workflow rules follow the change.`,
  linkBroken: (documentName: string): string => `Link of ${documentName} broken`,
} as const;
