import type { AppDeps } from '../services/AppDeps';
import { CONVERTIBLE_IMAGE_EXTENSIONS, convertImageToPdf } from '../pdf/imagesToPdf';
import { derivedFileKey } from './derivedFiles';

/** The fields of a stored document (or file) that decide its PDF form. */
export interface PdfSource {
  file_sha256: string;
  extension: string;
  total_pages: number;
}

/** Extensions whose pages the server can render and cut: PDFs and the images (TIFF pages included) it converts. */
export function hasPdfForm(extension: string): boolean {
  return extension === 'pdf' || CONVERTIBLE_IMAGE_EXTENSIONS.includes(extension);
}

/**
 * The file-store key of a document's content as a PDF: the stored file for PDFs, the cached
 * conversion (`derived_files` kind `pdf`, every TIFF page) for images, null for other types.
 * Thumbnails, split, recombination and merge all read pages through it.
 */
export async function pdfSourceKey(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>, source: PdfSource): Promise<string | null> {
  if (source.extension === 'pdf') return source.file_sha256;
  if (!CONVERTIBLE_IMAGE_EXTENSIONS.includes(source.extension)) return null;
  // derivedFileKey reads only db, fileStore and now of its deps (jobs run without the HTTP ones).
  return derivedFileKey(deps as AppDeps, source.file_sha256, 'pdf', 'application/pdf', async () => {
    const data = await deps.fileStore.withLocalFile(source.file_sha256, (path) => convertImageToPdf(path, source.extension));
    return { data, pages: source.total_pages };
  });
}
