import { OUTLOOK_ATTACH_LIMIT_MB } from '../outlookBase64Limit';
import type { OutlookTexts } from '../outlookText';

/** OUTLOOK_TEXT in German, in Microsoft's own Outlook terms (Add-In, Anmelden, Bereich). */
export const OUTLOOK_TEXT_DE: OutlookTexts = {
  home: {
    title: 'Datahaven Documents in Outlook',
    notInOutlook: 'Datahaven Documents für Outlook läuft in Outlook: Öffnen Sie es aus einer Nachricht, in der das Add-In installiert ist.',
    readItem:
      'Um gespeicherte Belege anzuhängen, öffnen Sie diesen Bereich beim Verfassen einer Nachricht. Um eine Rechnung abzulegen oder mit Belegen zu antworten, öffnen Sie ihn in einer empfangenen E-Mail.',
  },
  signIn: {
    noSingleSignOn:
      'Diese Outlook-Version bietet kein einmaliges Anmelden (SSO) für Add-Ins. Verwenden Sie Outlook im Web oder ein aktuelles Outlook für Windows oder Mac.',
    officeRefused: (code: string, message: string): string =>
      `Outlook konnte Sie nicht bei Datahaven Documents anmelden (${code}): ${message}`,
    exchangeFailed: (status: number, message: string): string =>
      `Datahaven Documents hat Ihre Microsoft-Anmeldung nicht angenommen (${status}): ${message}`,
    dialogClosed:
      'Das Anmeldefenster wurde geschlossen, bevor Sie bei Datahaven Documents angemeldet waren. Öffnen Sie den Bereich erneut, um sich anzumelden.',
    dialogAlreadyOpen:
      'In Outlook ist bereits ein anderes Fenster von Datahaven Documents geöffnet. Schließen Sie es und öffnen Sie dann den Bereich erneut, um sich anzumelden.',
    dialogPageMissing:
      'Outlook konnte das Anmeldefenster nicht öffnen: Seine Seite wurde nicht gefunden. Bitten Sie Ihren Administrator, die Adresse des Add-Ins zu prüfen.',
    dialogRefused: (code: number, message: string): string => `Outlook konnte das Anmeldefenster nicht öffnen (${code}): ${message}`,
    dialogSignInFailed: (message: string): string => `Die Microsoft-Anmeldung im Anmeldefenster ist fehlgeschlagen: ${message}`,
    noReason: 'kein Grund angegeben.',
  },
  signInDialog: {
    notConfigured: 'Die Anmeldung mit Microsoft Entra ist auf diesem Datahaven Documents-Server nicht eingerichtet.',
    insecureAuthority: (authority: string): string => `Die Anmeldestelle ${authority} ist keine https-Adresse.`,
    working: 'Sie werden bei Datahaven Documents angemeldet…',
    done: 'Angemeldet. Dieses Fenster schließt sich von selbst.',
    outsideOffice: 'Diese Seite meldet Sie aus Outlook bei Datahaven Documents an; öffnen Sie sie über das Add-In.',
  },
  readItemError: {
    failed: (what: string, reason: string): string => `Outlook konnte ${what} nicht lesen: ${reason}`,
    noReason: 'kein Grund angegeben.',
    notAFile: (name: string, format: string): string => `Outlook konnte ${name} nicht lesen: Es wurde keine Datei übergeben (${format}).`,
    theMessage: 'die Nachricht',
  },
  attachError: {
    tooLarge: (name: string): string =>
      `${name} ist zu groß zum Anhängen: Outlook nimmt Dateien bis etwa ${OUTLOOK_ATTACH_LIMIT_MB} MB an. Laden Sie sie herunter und teilen Sie sie auf anderem Weg.`,
    tooMany: (name: string): string =>
      `${name} wurde nicht angehängt: Die Nachricht hat bereits so viele Anlagen, wie Outlook zulässt. Entfernen Sie einige oder senden Sie den Rest in einer weiteren Nachricht.`,
    typeNotAllowed: (name: string): string => `${name} wurde nicht angehängt: Outlook lässt Dateien dieses Typs nicht zu.`,
    failed: (name: string, reason: string): string => `${name} wurde nicht angehängt: ${reason}`,
    noReason: 'Outlook hat keinen Grund angegeben.',
  },
};
