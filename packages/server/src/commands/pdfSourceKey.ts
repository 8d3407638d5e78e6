import type { AppDeps } from '../services/AppDeps';
import { convertImageInWorker } from '../pdf/convertImageInWorker';
import { CONVERTIBLE_IMAGE_EXTENSIONS } from '../pdf/imagesToPdf';
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
 * Conversions under way in this process, by source file: a request that gave up waiting (503)
 * and its retry, the thumbnail job and a viewer all join the one conversion instead of each
 * starting their own.
 */
const conversions = new Map<string, Promise<string>>();

/**
 * The file-store key of a document's content as a PDF: the stored file for PDFs, the cached
 * conversion (`derived_files` kind `pdf`, every TIFF page, converted in the worker pool) for
 * images, null for other types. Thumbnails, split, recombination and merge all read pages through it.
 */
export async function pdfSourceKey(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>, source: PdfSource): Promise<string | null> {
  if (source.extension === 'pdf') return source.file_sha256;
  if (!CONVERTIBLE_IMAGE_EXTENSIONS.includes(source.extension)) return null;
  const running = conversions.get(source.file_sha256);
  if (running !== undefined) return running;
  // derivedFileKey reads only db, fileStore and now of its deps (jobs run without the HTTP ones).
  const conversion = derivedFileKey(deps as AppDeps, source.file_sha256, 'pdf', 'application/pdf', async () => {
    const data = await deps.fileStore.withLocalFile(source.file_sha256, (path) => convertImageInWorker(path, source.extension));
    return { data, pages: source.total_pages };
  }).finally(() => conversions.delete(source.file_sha256));
  conversions.set(source.file_sha256, conversion);
  return conversion;
}
