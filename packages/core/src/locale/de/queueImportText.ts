import type { TextsOf } from '../../rules';
import type { QUEUE_IMPORT_TEXT } from '../queueImportText';
import { pluralFor } from '../plural';

const plural = pluralFor('de');

/** QUEUE_IMPORT_TEXT in German. */
export const QUEUE_IMPORT_TEXT_DE: TextsOf<typeof QUEUE_IMPORT_TEXT> = {
  importFiles: 'Dateien importieren',
  chooseFiles: 'Dateien zum Importieren auswählen',
  dropToImport: (queueName: string): string => `Dateien hier ablegen, um sie in ${queueName} zu importieren`,
  importInto: (queueName: string): string => `Dateien in ${queueName} importieren`,
  imported: (fileName: string, queueName: string): string => `${fileName} in ${queueName} importiert`,
  submit: 'Einreichen',
  submitTitle: (count: number): string => plural(count, { one: 'Beleg einreichen', other: `${count} Belege einreichen` }),
  submitNote: 'Notiz',
  submitHint: 'Beschreiben Sie, was erledigt wurde – für alle, die den Beleg als Nächstes bearbeiten.',
  submitNothingSelected: 'Wählen Sie die einzureichenden Belege aus.',
  submitted: (count: number): string => plural(count, { one: 'Beleg eingereicht', other: `${count} Belege eingereicht` }),
  autoApproved: (count: number): string =>
    plural(count, { one: 'Beleg eingereicht und freigegeben', other: `${count} Belege eingereicht und freigegeben` }),
  notAutoApproved: (reason: string): string => `Eingereicht, nicht automatisch freigegeben: ${reason}`,
  approveNowTitle: 'Jetzt freigeben?',
  approveNowBody: (queueName: string): string => `Die Warteschlange ${queueName} fragt, ob das Eingereichte jetzt freigegeben werden soll.`,
  approveNow: 'Jetzt freigeben',
  approveLinkedBody: (documentName: string, queueName: string): string =>
    `Die Warteschlange ${queueName} fragt, ob ${documentName} jetzt, da der Beleg verknüpft ist, freigegeben werden soll.`,
  linkedAndApproved: (recordNumber: string): string => `Mit ${recordNumber} verknüpft und freigegeben`,
  linkedNotApproved: (reason: string): string => `Verknüpft, nicht automatisch freigegeben: ${reason}`,
  approved: 'Beleg freigegeben',
  notNow: 'Nicht jetzt',
};
