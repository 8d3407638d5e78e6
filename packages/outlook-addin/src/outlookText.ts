import { liveCatalogue, type TextsOf } from '@datahaven/core';
import { OUTLOOK_TEXT_DE } from './de/outlookText';
import { OUTLOOK_ATTACH_LIMIT_MB } from './outlookBase64Limit';

/**
 * The Outlook add-in's own English texts (the core draws the pane's screens with its own
 * catalogue): the pane's home notices, sign-in, the sign-in dialog page, and Outlook's reasons for
 * not reading or attaching a file. de/outlookText.ts has the same keys in German.
 */
export const OUTLOOK_TEXT_EN = {
  /** The pane's home where it has no screen of its own. */
  home: {
    title: 'Datahaven Documents in Outlook',
    /** Why the pane hands out no token outside Outlook (the page opened on its own in a browser). */
    notInOutlook: 'Datahaven Documents for Outlook runs inside Outlook: open it from a message with the add-in installed.',
    /** On a read item that is not an e-mail (a meeting, say): where each feature is found. */
    readItem:
      'To attach stored documents, open this pane while writing a message. To file an invoice or reply with documents, open it on a received e-mail.',
  },
  /** What the pane says when sign-in fails, in words. */
  signIn: {
    noSingleSignOn:
      'This version of Outlook offers no single sign-on for add-ins. Use Outlook on the web or a current Outlook for Windows or Mac.',
    officeRefused: (code: string, message: string): string => `Outlook could not sign you in to Datahaven Documents (${code}): ${message}`,
    exchangeFailed: (status: number, message: string): string =>
      `Datahaven Documents did not accept your Microsoft sign-in (${status}): ${message}`,
    dialogClosed: 'The sign-in window was closed before you signed in to Datahaven Documents. Open the pane again to sign in.',
    dialogAlreadyOpen: 'Another Datahaven Documents window is already open in Outlook. Close it, then open the pane again to sign in.',
    dialogPageMissing:
      "Outlook could not open the sign-in window: its page was not found. Ask your administrator to check the add-in's address.",
    dialogRefused: (code: number, message: string): string => `Outlook could not open the sign-in window (${code}): ${message}`,
    dialogSignInFailed: (message: string): string => `The Microsoft sign-in in the sign-in window failed: ${message}`,
    /** In place of Office's reason when it gives none. */
    noReason: 'no reason given.',
  },
  /** What the sign-in page says when it cannot sign in, in words (sent to the pane, which shows them). */
  signInDialog: {
    notConfigured: 'Microsoft Entra sign-in is not configured on this Datahaven Documents server.',
    insecureAuthority: (authority: string): string => `The sign-in authority ${authority} is not an https address.`,
    working: 'Signing you in to Datahaven Documents…',
    done: 'Signed in. This window closes by itself.',
    outsideOffice: 'This page signs you in to Datahaven Documents from Outlook; open it from the add-in.',
  },
  /** Why Outlook could not hand out a file, in words (the core shows them beside the file). */
  readItemError: {
    failed: (what: string, reason: string): string => `Outlook could not read ${what}: ${reason}`,
    noReason: 'no reason given.',
    notAFile: (name: string, format: string): string => `Outlook could not read ${name}: it handed out no file (${format}).`,
    theMessage: 'the message',
  },
  /** The reasons Outlook gives for not attaching a file, in words the user can act on. */
  attachError: {
    tooLarge: (name: string): string =>
      `${name} is too large to attach: Outlook takes files up to about ${OUTLOOK_ATTACH_LIMIT_MB} MB. Download it and share it another way.`,
    tooMany: (name: string): string =>
      `${name} was not attached: the message has as many attachments as Outlook allows. Remove some, or send the rest in another message.`,
    typeNotAllowed: (name: string): string => `${name} was not attached: Outlook does not allow files of this type.`,
    failed: (name: string, reason: string): string => `${name} was not attached: ${reason}`,
    /** In place of Office's reason when it gives none. */
    noReason: 'Outlook gave no reason.',
  },
} as const;

/** The shape of the add-in's catalogue in every language: the English one's, its literals widened to `string`. */
export type OutlookTexts = TextsOf<typeof OUTLOOK_TEXT_EN>;

/** The add-in's texts in the language shown (SHOWN_LANGUAGE, set from Office.context.displayLanguage). */
export const OUTLOOK_TEXT: OutlookTexts = liveCatalogue<OutlookTexts>({ en: OUTLOOK_TEXT_EN, de: OUTLOOK_TEXT_DE });
