/**
 * Search: the full-text index on SQLite FTS5 or PostgreSQL, search by words and tags, tag suggestions,
 * the text extraction job.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { enqueueTextExtraction } from './enqueueTextExtraction';
export { registerSearchApi } from './http/registerSearchApi';
export { reindexDocument } from './reindexDocument';
export { reindexDocuments } from './reindexDocuments';
export { textExtractionJob } from './textExtractionJob';
