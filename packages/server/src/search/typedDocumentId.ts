import { MAX_POSTGRES_INTEGER } from '../db/postgresIdArray';

/** The largest document id: ids are 32-bit on PostgreSQL (`serial`), so a larger number names no document. */
export const MAX_DOCUMENT_ID = MAX_POSTGRES_INTEGER;

/**
 * The document id the user typed, when `q` is exactly one positive integer (blanks around it
 * allowed): search then also finds that document and ranks it first (issue 5, "exact file ids
 * rank first"). Anything else — several words, a sign, a leading zero, an id beyond
 * MAX_DOCUMENT_ID — is undefined, and `q` is searched as text only.
 */
export function typedDocumentId(q: string): number | undefined {
  const text = q.trim();
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_DOCUMENT_ID ? id : undefined;
}
