/**
 * Renditions: what a stored file is shown as — its PDF form (an image's conversion, a damaged PDF's
 * repair), derived files, page thumbnails and their job.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { derivedFileKey } from './derivedFiles';
export { REPAIRED_PDF_KIND, pdfSourceKey } from './pdfSourceKey';
export { previewFailureOf } from './previewFailureOf';
export { enqueueThumbnails, thumbnailJob, thumbnailKind } from './thumbnailJob';
