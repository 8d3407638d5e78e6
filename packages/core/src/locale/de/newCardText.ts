import type { TextsOf } from '../../rules';
import type { NEW_CARD_TEXT } from '../newCardText';

/** NEW_CARD_TEXT in German. */
export const NEW_CARD_TEXT_DE: TextsOf<typeof NEW_CARD_TEXT> = {
  newCard: 'Neue Karte aus Beleg',
  notPermitted: 'Nur für genau einen nicht verknüpften Beleg und nur mit dem Recht „Neue Karte aus Beleg“.',
  title: (documentName: string): string => `Neuer Datensatz aus ${documentName}`,
  recordType: 'Datensatztyp',
  noRecordTypes: 'Kein Datensatztyp erlaubt einen neuen Datensatz aus einem Beleg. Bitten Sie einen Administrator, einen zu erlauben.',
  company: 'Mandant',
  companyHint: 'Leer lassen für den Mandanten des ERP.',
  subtype: 'Beleguntertyp',
  noSubtype: '(keiner)',
  next: 'Weiter',
  starting: 'Wird gestartet…',
  newRecordOf: (label: string): string => `Neu: ${label}`,
  vendor: 'Kreditor',
  findVendor: 'Kreditor suchen',
  chooseVendor: 'Kreditor auswählen',
  noVendors: 'Kein Kreditor gefunden.',
  vendorInvoiceNumber: 'Kreditorenrechnungsnr.',
  create: 'Erstellen und verknüpfen',
  creating: 'Datensatz wird erstellt…',
  linking: 'Beleg wird verknüpft…',
  created: (label: string, recordNumber: string): string => `${label} ${recordNumber} wurde erstellt und der Beleg damit verknüpft.`,
  openRecord: (recordNumber: string): string => `${recordNumber} öffnen`,
  madeInErpHint: 'Oder legen Sie den Datensatz auf der Seite des ERP an: Sobald er dort gespeichert ist, wird der Beleg mit ihm verknüpft.',
  linkedFromErp: (documentName: string, label: string, recordNumber: string): string =>
    `${documentName} ist mit dem neuen Datensatz ${label} ${recordNumber} verknüpft.`,
  reason: (message: string): string => `Grund: ${message}`,
};
