import { userDateDisplay } from './userDate';

/** What an automatic document name is built from. */
export interface AutoNameParts {
  /** The linked record's number, e.g. 'V10000' (the link's sourceNumber). */
  sourceNumber: string;
  /** The document's subtype text, or null when it has none. */
  subtypeText: string | null;
  /** The document's user date (stored form), used as the date when it is set. */
  userDate: string | null;
  /** When the document was created (ISO instant); the date when no user date is set. */
  createdAt: string;
  /** Lower-case extension without the dot. */
  extension: string;
}

/** Characters that may not stand in a document name (file-system reserved and control characters). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The automatic name of a linked document (ours; the spec names "auto-rename of a linked
 * document" without a pattern): `{record number} {subtype} {date}.{extension}`, the date being
 * the user date when set, else the creation day (UTC), as YYYY-MM-DD; an absent subtype is left
 * out. Example: 'V10000 Invoice 2025-05-30.pdf'.
 */
export function autoDocumentName(parts: AutoNameParts): string {
  const display = userDateDisplay(parts.userDate);
  const date =
    display.kind === 'date' ? display.date : display.kind === 'dateTime' ? display.instant.slice(0, 10) : parts.createdAt.slice(0, 10);
  const words = [parts.sourceNumber, parts.subtypeText ?? '', date]
    .map((word) => word.replace(UNSAFE, '_').replace(/\s+/g, ' ').trim())
    .filter((word) => word !== '');
  const base = words.join(' ').slice(0, 240);
  return parts.extension === '' ? base : `${base}.${parts.extension}`;
}
