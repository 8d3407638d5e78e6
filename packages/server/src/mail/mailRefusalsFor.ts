import type { TextsOf } from '@datahaven/core/rules';

/** The mail routes' refusals (mail drafts, e-mail links) in English; Graph's and Entra's own words go in as `detail`. */
export const MAIL_REFUSALS = {
  noGraphToken:
    'A reply draft is created in your mailbox through Microsoft Graph: send the Graph token of the host (X-Graph-Token) or your Microsoft Entra ID token for this app (X-Entra-Assertion).',
  emailLinkNeedsToken: 'POST /email-link creates a mailbox draft and needs the Graph token of the host (token).',
  entraUserUnknown: 'The Microsoft Entra ID token in X-Entra-Assertion names no user of Datahaven Documents.',
  entraUserOther: 'The Microsoft Entra ID token in X-Entra-Assertion belongs to another user than the one signed in.',
  entraTokenRefused: (detail: string): string => `The Microsoft Entra ID token in X-Entra-Assertion is not accepted: ${detail}`,
  sendGraphTokenInstead: (detail: string): string => `${detail} Send the Graph token of the host (X-Graph-Token) instead.`,
  replyDraftFailed: (detail: string): string => `The reply draft could not be created: ${detail}`,
  mailDraftFailed: (detail: string): string => `The mail draft could not be created: ${detail}`,
  attachmentTooLarge: (name: string): string => `${name} is larger than the 150 MB an Outlook attachment may be.`,
  graphUnreachable: (detail: string): string => `Microsoft Graph could not be reached: ${detail}`,
} as const;

/** MAIL_REFUSALS in German, Sie-form. */
export const MAIL_REFUSALS_DE: TextsOf<typeof MAIL_REFUSALS> = {
  noGraphToken:
    'Ein Antwortentwurf wird über Microsoft Graph in Ihrem Postfach erstellt: Senden Sie das Graph-Token des Hosts (X-Graph-Token) oder Ihr Microsoft Entra ID-Token für diese App (X-Entra-Assertion).',
  emailLinkNeedsToken: 'POST /email-link erstellt einen Entwurf im Postfach und benötigt dafür das Graph-Token des Hosts (token).',
  entraUserUnknown: 'Das Microsoft Entra ID-Token in X-Entra-Assertion gehört zu keinem Benutzer von Datahaven Documents.',
  entraUserOther: 'Das Microsoft Entra ID-Token in X-Entra-Assertion gehört zu einem anderen Benutzer als dem angemeldeten.',
  entraTokenRefused: (detail) => `Das Microsoft Entra ID-Token in X-Entra-Assertion wird nicht akzeptiert: ${detail}`,
  sendGraphTokenInstead: (detail) => `${detail} Senden Sie stattdessen das Graph-Token des Hosts (X-Graph-Token).`,
  replyDraftFailed: (detail) => `Der Antwortentwurf konnte nicht erstellt werden: ${detail}`,
  mailDraftFailed: (detail) => `Der E-Mail-Entwurf konnte nicht erstellt werden: ${detail}`,
  attachmentTooLarge: (name) => `${name} ist größer als die 150 MB, die ein Outlook-Anhang haben darf.`,
  graphUnreachable: (detail) => `Microsoft Graph ist nicht erreichbar: ${detail}`,
};

/** MAIL_REFUSALS in `language`; English for any the product does not speak. */
export function mailRefusalsFor(language: string): TextsOf<typeof MAIL_REFUSALS> {
  return language.toLowerCase().startsWith('de') ? MAIL_REFUSALS_DE : MAIL_REFUSALS;
}
