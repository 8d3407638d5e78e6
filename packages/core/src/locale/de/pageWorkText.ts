import type { TextsOf } from '../../rules';
import type { PAGE_WORK_TEXT } from '../pageWorkText';
import { pluralFor } from '../plural';

const plural = pluralFor('de');

/** "1 Seite", "3 Seiten". */
const pages = (count: number): string => `${count} ${plural(count, { one: 'Seite', other: 'Seiten' })}`;
/** "1 Beleg", "3 Belege". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'Beleg', other: 'Belege' })}`;

/** PAGE_WORK_TEXT in German. */
export const PAGE_WORK_TEXT_DE: TextsOf<typeof PAGE_WORK_TEXT> = {
  split: 'Aufteilen',
  splitting: 'Wird aufgeteilt…',
  checkingSplit: 'Es wird geprüft, ob dieser Beleg aufgeteilt werden kann…',
  keepOriginal: 'Ursprünglichen Beleg behalten',
  newDocuments: 'Neue Belege',
  made: (count: number, originalDeleted: boolean): string =>
    `${documents(count)} erstellt${originalDeleted ? ' und das Original gelöscht' : ''}:`,
  madeDocument: (name: string, pageCount: number): string => `${name} (${pages(pageCount)})`,

  splitTitle: (documentName: string): string => `${documentName} aufteilen`,
  splitMode: 'Aufteilungsart',
  modes: { simple: 'Einfach', custom: 'Benutzerdefiniert', break: 'Trennstellen', visual: 'Visuell', advanced: 'Erweitert' },
  simpleSplit: 'Einfache Aufteilung',
  everyPage: 'Jede Seite wird ein eigener Beleg',
  everyNPages: 'Alle paar Seiten ein neuer Beleg',
  pagesPerDocument: 'Seiten pro Beleg',
  pageRanges: 'Seitenbereiche',
  pageRangesHint: (pageCount: number): string =>
    `Seiten 1 bis ${pageCount}: Kommas fassen Seiten zu einem Beleg zusammen (1-3,5), Semikolons beginnen den nächsten (1-3;4;5-${pageCount}).`,
  chooseBreaks: 'Wählen Sie, wo ein neuer Beleg beginnt.',
  breakPoints: 'Trennstellen',
  breakAfterPage: (page: number): string => `Nach Seite ${page} trennen`,
  clickBetweenPages: 'Klicken Sie zwischen zwei Seiten, um den Beleg dort zu trennen.',
  pagesGroup: 'Seiten',
  splitBetween: (page: number): string => `Zwischen Seite ${page} und ${page + 1} trennen`,
  openVisualTool: 'Visuelles Aufteilungswerkzeug öffnen (Seiten zwischen Belegen verschieben)',
  groups: 'Gruppen',
  groupsHint: 'Eine Gruppe pro neuem Beleg, getrennt durch Semikolons (1-3,5;4;6-8).',
  nameOfDocument: (index: number, pagesLabel: string): string => `Name von Beleg ${index} (Seiten ${pagesLabel})`,
  nameChosenByServer: 'Wird vom Server vergeben, wenn leer',
  originalKeptNoDelete: 'Das Original bleibt erhalten: Sie dürfen keine Belege löschen.',
  preview: 'Vorschau',
  documentsToMake: 'Zu erstellende Belege',
  previewDocument: (name: string, pagesLabel: string, pageCount: number): string =>
    `${name === '' ? '' : `${name}: `}Seiten ${pagesLabel} (${pages(pageCount)})`,
  chooseOneBreak: 'Wählen Sie mindestens eine Trennstelle.',
  enterPages: 'Geben Sie die Seiten jedes neuen Belegs ein.',
  splitInto: (count: number): string => `In ${documents(count)} aufteilen`,

  visualSplit: 'Visuell aufteilen',
  visualSplitOf: (documentName: string): string => `Visuell aufteilen: ${documentName}`,
  openingDocument: 'Beleg wird geöffnet…',
  visualSplitHelp:
    'Ziehen Sie Seiten in einen neuen Beleg oder zwischen Belegen hin und her. Tastatur: Pfeiltasten wechseln die Seite, Alt+Pfeiltasten verschieben die markierte Seite, N beginnt bei der markierten Seite einen neuen Beleg.',
  splitDone: (documentName: string, count: number): string => `${documentName} in ${documents(count)} aufgeteilt`,
  documentNumber: (index: number): string => `Beleg ${index}`,
  groupPages: (pagesLabel: string, pageCount: number): string => `Seiten ${pagesLabel} · ${pages(pageCount)}`,
  nameOfGroup: (index: number): string => `Name von Beleg ${index}`,
  nameOptional: 'Name (optional)',
  pagesOfGroup: (index: number): string => `Seiten von Beleg ${index}`,
  page: (page: number): string => `Seite ${page}`,
  newDocument: 'Neuer Beleg',
  dropPageHere: 'Legen Sie hier eine Seite ab, um einen neuen Beleg zu beginnen',
  movePageToNew: (page: number): string => `Seite ${page} in einen neuen Beleg verschieben`,
  create: (count: number): string => `${documents(count)} erstellen`,

  merge: 'Zusammenführen',
  mergeCount: (count: number): string => `${documents(count)} zusammenführen`,
  merging: 'Wird zusammengeführt…',
  mergeDocuments: 'Belege zusammenführen',
  readingDocuments: 'Die Belege werden gelesen…',
  merged: (count: number, name: string): string => `${documents(count)} zu ${name} zusammengeführt`,
  mergedInto: (name: string, pageCount: number, originalsDeleted: boolean): string =>
    `Zu ${name} zusammengeführt (${pages(pageCount)})${originalsDeleted ? '; die Originale wurden gelöscht.' : '.'}`,
  mergeOrderHelp:
    'Die Seiten werden in dieser Reihenfolge zusammengefügt. Ziehen Sie einen Beleg oder nutzen Sie Nach oben / Nach unten (Alt+Pfeiltasten in einer Zeile).',
  documentsToMerge: 'Zusammenzuführende Belege',
  mergeRow: (position: number, name: string, pageCount: number, size: string): string =>
    `${position}. ${name}, ${pages(pageCount)}, ${size}`,
  pagesAndSize: (pageCount: number, size: string): string => `${pageCount} S. · ${size}`,
  moveUp: 'Nach oben',
  moveDown: 'Nach unten',
  moveUpNamed: (name: string): string => `${name} nach oben`,
  moveDownNamed: (name: string): string => `${name} nach unten`,
  mergeTotal: (count: number, pageCount: number, size: string): string => `${documents(count)}, ${pages(pageCount)}, ${size}`,
  mergedName: 'Name des zusammengeführten Belegs',
  keepOriginals: 'Ursprüngliche Belege behalten',
};
