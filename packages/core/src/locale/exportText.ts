import { pluralFor } from './plural';

const plural = pluralFor('en');

/** The Download menu, the annotation choice of the export menus, Print and E-mail, and Delete with its confirmation. */
export const EXPORT_TEXT = {
  download: 'Download',
  downloadZip: (count: number): string => `Download ${count} ${plural(count, { one: 'document', other: 'documents' })} (zip)`,
  /** The reason on the Download menu while the documents' access flags are being read. */
  checkingDownload: 'Checking what you may download…',
  /** The annotation choice in the Download, Print and E-mail menus. */
  withAnnotations: 'With annotations',
  // Print and e-mail (the viewer's export actions)
  print: 'Print',
  printTitle: 'Print (Ctrl+P)',
  email: 'E-mail',
  /** The menu item that creates a draft (in the ERP's mail editor, or the user's mailbox through Graph). */
  createMailDraft: 'Create mail draft',
  downloadEmailDraft: 'Download e-mail draft (.eml)',
  /** Why E-mail is off when the host has no mailbox and the .eml download is switched off. */
  emailUnavailable: "E-mail needs a mailbox sign-in (Teams or Outlook), an ERP host, or the 'email draft download' feature.",
  /** Why E-mail is off without the email access flag. */
  emailNotPermitted: 'You may not e-mail this document.',
  /** Shown by the E-mail menu when a draft was asked of a host without a mail editor of its own. */
  noParentMailEditor: 'This host has no mail editor of its own.',
  /** Shown by the E-mail menu when a mailbox draft was asked of a host without mailbox sign-in. */
  noMailboxSignIn: 'This host has no mailbox sign-in.',
  /** The hidden frame a PDF is printed from (host/defaults/printPdfInFrame), named for screen readers. */
  printFrameTitle: 'Document to print',

  // Attach to the message being written (Outlook compose)
  attach: 'Attach',
  attachDocuments: (count: number): string => `Attach ${count} ${plural(count, { one: 'document', other: 'documents' })} to the message`,
  attachTooMany: (max: number): string => `Attach takes at most ${max} documents at a time.`,
  attachDialogTitle: 'Attaching to your message',
  attachWaiting: 'Waiting',
  attachFetching: 'Fetching the file…',
  attachAttaching: 'Attaching…',
  attachAttached: 'Attached',
  attachSummary: (attached: number, failed: number): string =>
    failed === 0
      ? `${attached} ${plural(attached, { one: 'document', other: 'documents' })} attached.`
      : `${attached} attached, ${failed} not attached.`,
  /** A row of the progress list before the server has named the file. */
  attachDocumentLabel: (docId: number): string => `Document ${docId}`,

  // Delete and its confirmation
  delete: 'Delete',
  deleteTitle: (count: number): string => plural(count, { one: 'Delete this document?', other: `Delete ${count} documents?` }),
  willBeDeleted: (names: readonly string[]): string => `${names.map((name) => `'${name}'`).join(', ')} will be deleted.`,

  // Evidence packet (one PDF for an auditor)
  evidencePacket: 'Evidence packet',
  /** The button's label while the server builds the PDF. */
  evidencePacketBuilding: 'Building evidence packet…',
  /** What the packet holds, on the button's tooltip. */
  evidencePacketTitle: (count: number): string =>
    `One PDF of ${plural(count, { one: 'the document', other: `the ${count} documents` })} for an auditor: pages with annotations, every note, the approval history with its hash-chain check, the queue history and the ERP link.`,
  evidencePacketNone: 'Select the documents for the evidence packet.',
  evidencePacketTooMany: (max: number): string => `An evidence packet holds at most ${max} documents.`,
  evidencePacketNotPermitted: 'You may not export these documents.',
} as const;
