/** Longest stored document name, in characters. */
export const MAX_DOCUMENT_NAME_LENGTH = 255;

// Control characters and bidi overrides/isolates: they can hide a name's real extension (SECURITY row 5).
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name an uploaded file is stored under: the last path segment, without control or bidi
 * characters, at most 255 characters (keeping the extension). It is only ever text; the storage
 * key is the content hash.
 */
export function cleanFileName(raw: string): string {
  const segments = raw.replace(UNSAFE_CHARACTERS, '').split(/[\\/]/);
  let name = (segments[segments.length - 1] ?? '').trim();
  if (name === '.' || name === '..') name = '';
  const chars = Array.from(name);
  if (chars.length > MAX_DOCUMENT_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = chars.slice(0, MAX_DOCUMENT_NAME_LENGTH - Array.from(extension).length).join('') + extension;
  }
  return name;
}
