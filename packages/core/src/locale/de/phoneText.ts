import type { TextsOf } from '../../rules';
import type { PHONE_TEXT } from '../phoneText';

/** PHONE_TEXT in German. */
export const PHONE_TEXT_DE: TextsOf<typeof PHONE_TEXT> = {
  backToList: 'Zurück zur Liste',
  position: (index: number, count: number): string => `${index} von ${count}`,
  facts: 'Rechnungsangaben',
  amount: 'Betrag',
  vendor: 'Kreditor',
  dueDate: 'Fälligkeitsdatum',
  decisions: 'Entscheidungen',
  more: 'Mehr',
  viewerTools: 'Weitere Anzeigewerkzeuge',
  annotationTools: 'Weitere Anmerkungswerkzeuge',
  annotate: 'Anmerken',
  otherActions: 'Weitere Aktionen',
  approvalsTab: 'Freigaben',
};
