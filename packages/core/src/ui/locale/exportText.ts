import { pluralFor } from './plural';

const plural = pluralFor('en');

/** The Download menu, the annotation choice of the export menus and Delete with its confirmation. */
export const EXPORT_TEXT = {
  download: 'Download',
  downloadZip: (count: number): string => `Download ${count} ${plural(count, { one: 'document', other: 'documents' })} (zip)`,
  /** The reason on the Download menu while the documents' access flags are being read. */
  checkingDownload: 'Checking what you may download…',
  /** The annotation choice in the Download, Print and E-mail menus. */
  withAnnotations: 'With annotations',
  delete: 'Delete',
  deleteTitle: (count: number): string => plural(count, { one: 'Delete this document?', other: `Delete ${count} documents?` }),
  willBeDeleted: (names: readonly string[]): string => `${names.map((name) => `'${name}'`).join(', ')} will be deleted.`,
} as const;
