import type { TextsOf } from '@datahaven/core/rules';

/** The words of the e-mail draft the server composes for its caller (GET/POST /email-link), in English. */
const MAIL_DRAFT_TEXT = {
  /** "Documents: A.pdf, B.pdf, C.pdf and 2 more". */
  subject: (names: string, more: number): string => `Documents: ${names}${more > 0 ? ` and ${more} more` : ''}`,
  intro: 'Attached from Datahaven Documents:',
} as const;

/** The shape the draft's words have in every language. */
export type MailDraftText = TextsOf<typeof MAIL_DRAFT_TEXT>;

/** The draft's words in German, Sie-form. */
const MAIL_DRAFT_TEXT_DE: MailDraftText = {
  subject: (names, more) => `Belege: ${names}${more > 0 ? ` und ${more} weitere` : ''}`,
  intro: 'Angehängt aus Datahaven Documents:',
};

/** The draft's words in `language` (the caller's: the draft is theirs to send); English for any other than German. */
export function mailDraftTextFor(language: string): MailDraftText {
  return language.toLowerCase().startsWith('de') ? MAIL_DRAFT_TEXT_DE : MAIL_DRAFT_TEXT;
}
