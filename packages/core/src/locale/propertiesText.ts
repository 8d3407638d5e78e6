/** The properties panel beside the viewer, its rename and subtype dialogs, user fields and custom data. */
export const PROPERTIES_TEXT = {
  /** The viewer header's toggle that shows or hides the pane. */
  properties: 'Properties',
  documentProperties: 'Document properties',
  /** The panel's six sections (portal §2). */
  sections: {
    ai: 'AI classification',
    userDefined: 'User-defined info',
    customData: 'Custom data',
    notes: 'Notes',
    basic: 'Basic info',
    advanced: 'Advanced info',
  },
  aiNotEnabled: 'AI classification is not enabled, so there are no suggestions for this document.',
  openCustomData: 'Open custom data',
  openNotes: 'Open notes',
  checkingChanges: 'Checking what you may change…',

  // Basic and advanced info
  name: 'Name',
  description: 'Description',
  type: 'Type',
  subtype: 'Subtype',
  /** The user fields' labels when the 'Document User String 1 Label' / '… Date 1 Label' options are not set. */
  userString1: 'User String 1',
  userDate1: 'User Date 1',
  documentId: 'Document id',
  fileType: 'File type',
  size: 'Size',
  pages: 'Pages',
  created: 'Created',
  createdBy: (when: string, who: string): string => `${when} by ${who}`,
  modified: 'Modified',
  linkedRecord: 'Linked record',
  notLinked: 'Not linked',
  queue: 'Queue',
  notInWorkflow: 'Not in workflow',
  /** The write-back of the document's decision to its purchase invoice in the ERP (GET /documents/{id}/erp-status). */
  erpStatus: 'ERP status',
  /** Shown while the server answers, and when no decision of the document was owed to the ERP. */
  erpStatusLoading: 'Reading…',
  erpStatusNone: 'Nothing written to the ERP',

  // Rename and change subtype
  rename: 'Rename',
  renameDocument: 'Rename document',
  applyAutomaticName: 'Apply automatic name',
  changeSubtype: 'Change subtype',
  changeTo: (subtype: string): string => `Change to ${subtype}`,
  loadingSubtypes: 'Loading subtypes…',
  onlyLinkedHasSubtypes: 'Only a linked document has subtypes to choose from.',

  // User fields
  dateFormatHint: (pattern: string): string => `Format ${pattern}`,
  userDateDefaultedToToday: 'Defaulted to today; save to keep it.',

  // Custom data
  customDataOf: (documentName: string): string => `Custom data — ${documentName}`,
  loadingCustomData: 'Loading custom data…',
  customDataNotLoaded: 'Custom data could not be loaded.',
  noCustomData: 'No custom data applies to this document.',
  filledFromEmailHeader: 'Filled from the e-mail header; not editable.',
  filledFromOtherSource: 'Filled from another source; not editable.',
  saveCustomData: 'Save custom data',
} as const;
