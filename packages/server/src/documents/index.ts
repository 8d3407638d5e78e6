/**
 * Documents: a document and its parts — read, data and thumbnails, edit, name, subtype, split,
 * recombine, merge, annotations, notes, custom data, export; the creation of documents every arrival
 * and split uses.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { wantsEmbeddedAnnotations } from './annotations/annotatedPdf';
export { documentsCommitted, insertDocument } from './documentCreator';
export type { DocumentPlacement } from './documentCreator';
export { MAX_DESCRIPTION_LENGTH } from './documentEditor';
export { EXPORT_FORBIDDEN, documentsForExport, exportedFileOf, exportedFilesOf, uniqueFileNames } from './exportedFiles';
export type { ExportedFile } from './exportedFiles';
export { cleanFileName } from './fileNames';
export { EXPORT_ID_PARAMETERS } from './http/exportRoutes';
export { registerDocumentsApi } from './http/registerDocumentsApi';
export { insertNote, insertNotes } from './noteWriter';
export { annotatedPdfOf } from './annotations/annotatedPdf';
