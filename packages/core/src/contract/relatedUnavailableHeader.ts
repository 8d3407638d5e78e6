/**
 * The response header of `GET /api/folder-structure` that says the ERP could not name the record's
 * related records (down, too slow, busy): its words, URI-encoded ('Business%20Central%20cannot…').
 * Absent when it answered. A header, not a field: the answer stays the spec's
 * list of entries, so clients that do not know it read the same tree (docs/API.md).
 */
export const RELATED_UNAVAILABLE_HEADER = 'Datahaven-Related-Unavailable';
