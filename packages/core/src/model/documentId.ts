/** Number of base64 rounds applied to a document id (spec §9). */
export const DOCUMENT_ID_ENCODING_ROUNDS = 3;
/** Position at which the dash is inserted into an encoded document id (spec §9). */
export const DOCUMENT_ID_DASH_POSITION = 2;

/** Encodes a numeric document id the way the spec's routes carry it: base64 three times, '-' at position 2. */
export function encodeDocumentId(id: number): string {
  let text = String(id);
  for (let round = 0; round < DOCUMENT_ID_ENCODING_ROUNDS; round++) text = btoa(text);
  return text.slice(0, DOCUMENT_ID_DASH_POSITION) + '-' + text.slice(DOCUMENT_ID_DASH_POSITION);
}

/**
 * Decodes a document id taken from a route. An encoded id contains a dash; an id without one
 * is not encoded and, per the spec, becomes 0. Anything that does not decode to a positive
 * integer also becomes 0, so a tampered path can never name another document by accident.
 */
export function decodeDocumentId(raw: string): number {
  if (!raw.includes('-')) return 0;
  let text = raw.slice(0, DOCUMENT_ID_DASH_POSITION) + raw.slice(DOCUMENT_ID_DASH_POSITION + 1);
  try {
    for (let round = 0; round < DOCUMENT_ID_ENCODING_ROUNDS; round++) text = atob(text);
  } catch {
    return 0;
  }
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return 0;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : 0;
}
