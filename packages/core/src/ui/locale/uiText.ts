/**
 * The core's own user-visible English texts (those not in the spec's message list, which lives
 * in rules/messages.ts and is used word for word): one catalogue, so a translation replaces one
 * object. Texts with values are functions of those values.
 */
export const UI_TEXT = {
  loading: 'Loading…',
  pageNotFound: 'This page does not exist',
  goToFolders: "Go to the record's documents",
  dateFormatHint: (pattern: string): string => `Format ${pattern}`,
  userDateDefaultedToToday: 'Defaulted to today; save to keep it.',
  userDefinedInfo: 'User-defined info',
  save: 'Save',
  saving: 'Saving…',
  print: 'Print',
  printTitle: 'Print (Ctrl+P)',
  email: 'E-mail',
  createMailDraft: 'Create mail draft',
  downloadEmailDraft: 'Download e-mail draft (.eml)',
  emailUnavailable: "E-mail needs a mailbox sign-in (Teams or Outlook), an ERP host, or the 'email draft download' feature.",
  emailNotPermitted: 'You may not e-mail this document.',
  uploaded: (fileName: string): string => `Uploaded ${fileName}`,
  customDataNotLoaded: 'Custom data could not be loaded.',
  loadingCustomData: 'Loading custom data…',
  noCustomData: 'No custom data applies to this document.',
} as const;
