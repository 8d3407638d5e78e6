import { pluralFor } from './plural';

const plural = pluralFor('en');

/** "1 page", "3 pages". */
const pages = (count: number): string => `${count} ${plural(count, { one: 'page', other: 'pages' })}`;
/** "1 document", "3 documents". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'document', other: 'documents' })}`;

/** Split (the dialog and the visual split tool) and Merge (the button and the merge screen). */
export const PAGE_WORK_TEXT = {
  split: 'Split',
  splitting: 'Splitting…',
  /** The reason on Split while the document and its access flags are being read. */
  checkingSplit: 'Checking whether this document can be split…',
  keepOriginal: 'Keep the original document',
  newDocuments: 'New documents',
  /** The status after a split: "Made 3 documents and deleted the original:", the list follows. */
  made: (count: number, originalDeleted: boolean): string =>
    `Made ${documents(count)}${originalDeleted ? ' and deleted the original' : ''}:`,
  /** One new document in that list: "Invoice-1.pdf (3 pages)". */
  madeDocument: (name: string, pageCount: number): string => `${name} (${pages(pageCount)})`,

  // The split dialog
  splitTitle: (documentName: string): string => `Split ${documentName}`,
  splitMode: 'Split mode',
  /** The dialog's modes, as users and browser tests find their tabs. */
  modes: { simple: 'Simple', custom: 'Custom', break: 'Break', visual: 'Visual', advanced: 'Advanced' },
  simpleSplit: 'Simple split',
  everyPage: 'Every page becomes its own document',
  everyNPages: 'A new document every few pages',
  pagesPerDocument: 'Pages per document',
  pageRanges: 'Page ranges',
  pageRangesHint: (pageCount: number): string =>
    `Pages 1 to ${pageCount}: commas join pages into one document (1-3,5), semicolons start the next (1-3;4;5-${pageCount}).`,
  chooseBreaks: 'Choose where a new document starts.',
  breakPoints: 'Break points',
  breakAfterPage: (page: number): string => `Break after page ${page}`,
  clickBetweenPages: 'Click between two pages to cut the document there.',
  pagesGroup: 'Pages',
  splitBetween: (page: number): string => `Split between pages ${page} and ${page + 1}`,
  openVisualTool: 'Open the visual split tool (move pages between documents)',
  groups: 'Groups',
  groupsHint: 'One group per new document, separated by semicolons (1-3,5;4;6-8).',
  nameOfDocument: (index: number, pagesLabel: string): string => `Name of document ${index} (pages ${pagesLabel})`,
  nameChosenByServer: 'Chosen by the server when blank',
  originalKeptNoDelete: 'The original is kept: you may not delete documents.',
  preview: 'Preview',
  documentsToMake: 'Documents to make',
  /** One document of the preview: "pages 1-3 (3 pages)", after its name when the user gave one. */
  previewDocument: (name: string, pagesLabel: string, pageCount: number): string =>
    `${name === '' ? '' : `${name}: `}pages ${pagesLabel} (${pages(pageCount)})`,
  chooseOneBreak: 'Choose at least one break.',
  enterPages: 'Enter the pages of each new document.',
  splitInto: (count: number): string => `Split into ${documents(count)}`,

  // The visual split tool
  visualSplit: 'Visual split',
  visualSplitOf: (documentName: string): string => `Visual split: ${documentName}`,
  openingDocument: 'Opening document…',
  /** How the tool is used, shown above the pages. */
  visualSplitHelp:
    'Drag pages into a new document or between documents. Keyboard: arrows move between pages, Alt+arrows move the focused page, N starts a new document at the focused page.',
  splitDone: (documentName: string, count: number): string => `Split ${documentName} into ${documents(count)}`,
  documentNumber: (index: number): string => `Document ${index}`,
  /** Under a group's heading: "pages 1-3 · 3 pages". */
  groupPages: (pagesLabel: string, pageCount: number): string => `pages ${pagesLabel} · ${pages(pageCount)}`,
  nameOfGroup: (index: number): string => `Name of document ${index}`,
  nameOptional: 'Name (optional)',
  pagesOfGroup: (index: number): string => `Pages of document ${index}`,
  page: (page: number): string => `Page ${page}`,
  newDocument: 'New document',
  dropPageHere: 'Drop a page here to start a new document',
  movePageToNew: (page: number): string => `Move page ${page} to a new document`,
  create: (count: number): string => `Create ${documents(count)}`,

  // Merge
  merge: 'Merge',
  mergeCount: (count: number): string => `Merge ${documents(count)}`,
  merging: 'Merging…',
  mergeDocuments: 'Merge documents',
  readingDocuments: 'Reading the documents…',
  merged: (count: number, name: string): string => `Merged ${documents(count)} into ${name}`,
  /** The status after a merge. */
  mergedInto: (name: string, pageCount: number, originalsDeleted: boolean): string =>
    `Merged into ${name} (${pages(pageCount)})${originalsDeleted ? '; the originals were deleted.' : '.'}`,
  mergeOrderHelp: 'The pages are joined in this order. Drag a document, or use Move up / Move down (Alt+arrows on a row).',
  documentsToMerge: 'Documents to merge',
  /** A row of the merge list as screen readers read it: "1. Invoice.pdf, 3 pages, 12 KB". */
  mergeRow: (position: number, name: string, pageCount: number, size: string): string =>
    `${position}. ${name}, ${pages(pageCount)}, ${size}`,
  /** A row's short size line: "3 p. · 12 KB". */
  pagesAndSize: (pageCount: number, size: string): string => `${pageCount} p. · ${size}`,
  moveUp: 'Move up',
  moveDown: 'Move down',
  moveUpNamed: (name: string): string => `Move up ${name}`,
  moveDownNamed: (name: string): string => `Move down ${name}`,
  /** The merge's total: "2 documents, 5 pages, 1.2 MB". */
  mergeTotal: (count: number, pageCount: number, size: string): string => `${documents(count)}, ${pages(pageCount)}, ${size}`,
  mergedName: 'Name of the merged document',
  keepOriginals: 'Keep the original documents',
} as const;
