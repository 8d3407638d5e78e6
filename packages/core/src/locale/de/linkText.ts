import type { TextsOf } from '../../rules';
import type { LINK_TEXT } from '../linkText';

/** LINK_TEXT in German. */
export const LINK_TEXT_DE: TextsOf<typeof LINK_TEXT> = {
  title: 'Mit vorhandenem Datensatz verknüpfen',
  titleOf: (documentName: string): string => `Mit vorhandenem Datensatz verknüpfen – ${documentName}`,
  linkToExisting: 'Mit Vorhandenem verknüpfen',
  breakLink: 'Verknüpfung aufheben',
  notPermittedLink: 'Sie dürfen diesen Beleg nicht mit einem Datensatz verknüpfen.',
  notPermittedUnlink: 'Dieser Beleg ist nicht verknüpft, oder Sie dürfen die Verknüpfung nicht aufheben.',
  recordType: 'Datensatztyp',
  records: 'Datensätze',
  filters: 'Filter',
  filterOf: (column: string): string => `${column} filtern`,
  loadingRecords: 'Datensätze werden geladen…',
  noRecords: 'Keine Datensätze entsprechen den Filtern.',
  retry: 'Erneut versuchen',
  link: 'Verknüpfen',
  linking: 'Wird verknüpft…',
  previousPage: 'Vorherige Seite',
  nextPage: 'Nächste Seite',
  pageOf: (page: number): string => `Seite ${page}`,
  keyboardHint:
    'Mit den Pfeiltasten wechseln Sie zwischen den Datensätzen, mit Bild auf und Bild ab die Seite; die Eingabetaste verknüpft den Beleg mit dem markierten Datensatz.',
  linkedTo: (recordNumber: string): string => `Verknüpft mit ${recordNumber}`,
  currentLink: (label: string, recordNumber: string): string => `Verknüpft mit ${label} ${recordNumber}`,
  replacesLink: (label: string, recordNumber: string): string =>
    `Verknüpft mit ${label} ${recordNumber}. Eine Verknüpfung mit einem anderen Datensatz ersetzt diese.`,
  breakLinkTitle: 'Verknüpfung aufheben?',
  breakLinkQuestion: (documentName: string, recordNumber: string): string =>
    `${documentName} ist danach nicht mehr mit ${recordNumber} verknüpft. Ordner und Workflow-Regeln folgen der Änderung.`,
  linkBroken: (documentName: string): string => `Verknüpfung von ${documentName} aufgehoben`,
};
