/** New Card From Document: the action and its dialog (the spec's new-record messages live in rules/messages.ts). */
export const NEW_CARD_TEXT = {
  /** The toolbar action beside Link to Existing (Dynamics privilege 'New Card From Document'). */
  newCard: 'New Card From Document',
  notPermitted: 'Only one unlinked document, and only with the New Card From Document privilege.',
  title: (documentName: string): string => `New record from ${documentName}`,
  recordType: 'Record type',
  noRecordTypes: 'No record type allows a new record from a document. Ask an administrator to allow one.',
  company: 'Company',
  /** The company field's hint: blank means the ERP's own. */
  companyHint: "Leave blank for the ERP's own company.",
  subtype: 'Document subtype',
  noSubtype: '(none)',
  next: 'Next',
  starting: 'Starting…',
  /** The heading of the second step, the new record page. */
  newRecordOf: (label: string): string => `New ${label}`,
  vendor: 'Vendor',
  findVendor: 'Find vendor',
  chooseVendor: 'Choose a vendor',
  noVendors: 'No vendor matches.',
  vendorInvoiceNumber: "Vendor's invoice number",
  create: 'Create and link',
  creating: 'Creating the record…',
  linking: 'Linking the document…',
  /** After the record was made and the document linked. */
  created: (label: string, recordNumber: string): string => `${label} ${recordNumber} was created and the document linked to it.`,
  openRecord: (recordNumber: string): string => `Open ${recordNumber}`,
  /** Under the new record page, in an ERP that tells the iframe about inserts (PUT /record/event). */
  madeInErpHint: "Or make the record on the ERP's own page: when it is saved there, the document is linked to it.",
  /** The alert when the ERP's insert completed a New Card and no New Card dialog of this app was open. */
  linkedFromErp: (documentName: string, label: string, recordNumber: string): string =>
    `${documentName} is linked to the new ${label} ${recordNumber}.`,
  /** The reason under 'The product failed to link…'. */
  reason: (message: string): string => `Reason: ${message}`,
} as const;
