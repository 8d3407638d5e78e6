import type { TextsOf } from '../../rules';
import type { EXPORT_TEXT } from '../exportText';
import { pluralFor } from '../plural';

const plural = pluralFor('de');

/** "1 Beleg", "3 Belege". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'Beleg', other: 'Belege' })}`;

/** EXPORT_TEXT in German. */
export const EXPORT_TEXT_DE: TextsOf<typeof EXPORT_TEXT> = {
  download: 'Herunterladen',
  downloadZip: (count: number): string => `${documents(count)} herunterladen (ZIP)`,
  checkingDownload: 'Es wird geprüft, was Sie herunterladen dürfen…',
  withAnnotations: 'Mit Anmerkungen',
  print: 'Drucken',
  printTitle: 'Drucken (Strg+P)',
  email: 'E-Mail',
  createMailDraft: 'E-Mail-Entwurf erstellen',
  downloadEmailDraft: 'E-Mail-Entwurf herunterladen (.eml)',
  emailUnavailable:
    "Für E-Mail brauchen Sie eine Postfach-Anmeldung (Teams oder Outlook), einen ERP-Host oder die Funktion 'email draft download'.",
  emailNotPermitted: 'Sie dürfen diesen Beleg nicht per E-Mail versenden.',
  noParentMailEditor: 'Dieser Host hat keinen eigenen E-Mail-Editor.',
  noMailboxSignIn: 'Dieser Host hat keine Postfach-Anmeldung.',
  printFrameTitle: 'Zu druckender Beleg',

  attach: 'Anhängen',
  attachDocuments: (count: number): string => `${documents(count)} an die Nachricht anhängen`,
  attachTooMany: (max: number): string => `Es können höchstens ${max} Belege auf einmal angehängt werden.`,
  attachDialogTitle: 'Anhängen an Ihre Nachricht',
  attachWaiting: 'Wartet',
  attachFetching: 'Datei wird abgerufen…',
  attachAttaching: 'Wird angehängt…',
  attachAttached: 'Angehängt',
  attachSummary: (attached: number, failed: number): string =>
    failed === 0 ? `${documents(attached)} angehängt.` : `${attached} angehängt, ${failed} nicht angehängt.`,
  attachDocumentLabel: (docId: number): string => `Beleg ${docId}`,

  delete: 'Löschen',
  deleteTitle: (count: number): string => plural(count, { one: 'Diesen Beleg löschen?', other: `${count} Belege löschen?` }),
  willBeDeleted: (names: readonly string[]): string =>
    `${names.map((name) => `'${name}'`).join(', ')} ${names.length === 1 ? 'wird' : 'werden'} gelöscht.`,

  evidencePacket: 'Prüfpaket',
  evidencePacketBuilding: 'Prüfpaket wird erstellt…',
  evidencePacketTitle: (count: number): string =>
    `Ein PDF ${plural(count, { one: 'des Belegs', other: `der ${count} Belege` })} für die Prüfung: Seiten mit Anmerkungen, alle Notizen, der Freigabeverlauf mit Prüfung der Hash-Kette, der Warteschlangenverlauf und die ERP-Verknüpfung.`,
  evidencePacketNone: 'Wählen Sie die Belege für das Prüfpaket aus.',
  evidencePacketTooMany: (max: number): string => `Ein Prüfpaket umfasst höchstens ${max} Belege.`,
  evidencePacketNotPermitted: 'Sie dürfen diese Belege nicht exportieren.',
};
