/** Texts of importing files into a queue and of Submit (issue 12 intake; UX-DECISIONS "Intake"). */
export const QUEUE_IMPORT_TEXT = {
  importFiles: 'Import files',
  chooseFiles: 'Choose files to import',
  /** The drop overlay over a queue's documents. */
  dropToImport: (queueName: string): string => `Drop files to import into ${queueName}`,
  /** The toolbar button's tooltip while the queue takes files. */
  importInto: (queueName: string): string => `Import files into ${queueName}`,
  imported: (fileName: string, queueName: string): string => `Imported ${fileName} into ${queueName}`,
  submit: 'Submit',
  submitTitle: (count: number): string => (count === 1 ? 'Submit document' : `Submit ${count} documents`),
  submitNote: 'Note',
  submitHint: 'Say what was done, for whoever picks the document up next.',
  submitNothingSelected: 'Select the documents to submit.',
  submitted: (count: number): string => (count === 1 ? 'Document submitted' : `${count} documents submitted`),
  autoApproved: (count: number): string => (count === 1 ? 'Document submitted and approved' : `${count} documents submitted and approved`),
  notAutoApproved: (reason: string): string => `Submitted, not approved automatically: ${reason}`,
  approveNowTitle: 'Approve now?',
  approveNowBody: (queueName: string): string => `The queue ${queueName} asks whether to approve what you submitted now.`,
  approveNow: 'Approve now',
  /** The "Approve now?" of PromptToApproveOnLink, after a link by hand (UX-DECISIONS "OnLink"). */
  approveLinkedBody: (documentName: string, queueName: string): string =>
    `The queue ${queueName} asks whether to approve ${documentName} now that it is linked.`,
  linkedAndApproved: (recordNumber: string): string => `Linked to ${recordNumber} and approved`,
  linkedNotApproved: (reason: string): string => `Linked, not approved automatically: ${reason}`,
  approved: 'Document approved',
  notNow: 'Not now',
} as const;
