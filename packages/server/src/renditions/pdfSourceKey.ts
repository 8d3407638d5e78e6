import { readFile } from 'node:fs/promises';
import { EInvoiceError } from '../einvoice/EInvoiceError';
import { eInvoiceViewPdf } from '../einvoice/eInvoiceViewPdf';
import type { AppDeps } from '../services/AppDeps';
import { convertImageInWorker } from '../pdf/convertImageInWorker';
import { CONVERTIBLE_IMAGE_EXTENSIONS } from '../pdf/imagesToPdf';
import { getPdfiumPool } from '../pdf/pdfiumPool';
import { PdfProtectedError } from '../pdf/PdfProtectedError';
import { repairPdf } from '../pdf/repairPdf';
import { derivedFileKey } from './derivedFiles';

/** The fields of a stored document (or file) that decide its PDF form. */
export interface PdfSource {
  file_sha256: string;
  extension: string;
  total_pages: number;
}

/** `derived_files.kind` of the repaired copy of a damaged PDF. */
export const REPAIRED_PDF_KIND = 'pdf:repaired';

/** `derived_files.kind` of an e-invoice XML's readable view (einvoice/eInvoiceViewPdf). */
export const EINVOICE_VIEW_KIND = 'pdf:einvoice';

/**
 * The key of an uploaded e-invoice XML's readable view (an invoice page printed from its facts
 * and lines), made once and cached; null when the XML cannot be read as an e-invoice (its capture
 * says why), so the original XML is what there is.
 */
async function eInvoiceViewKey(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>, sha256: string): Promise<string | null> {
  try {
    return await derivedFileKey(deps, sha256, EINVOICE_VIEW_KIND, 'application/pdf', () =>
      deps.fileStore.withLocalFile(sha256, async (path) => eInvoiceViewPdf(await readFile(path))),
    );
  } catch (error) {
    if (error instanceof EInvoiceError) return null;
    throw error;
  }
}

/** Extensions whose pages the server can render and cut: PDFs and the images (TIFF pages included) it converts. */
export function hasPdfForm(extension: string): boolean {
  return extension === 'pdf' || CONVERTIBLE_IMAGE_EXTENSIONS.includes(extension);
}

/** True when PDFium opens the file as it is (a password-protected file counts: repairing cannot help it). */
async function pdfiumOpens(path: string): Promise<boolean> {
  try {
    await getPdfiumPool().run({ kind: 'pageCount', path });
    return true;
  } catch (error) {
    return error instanceof PdfProtectedError;
  }
}

/**
 * Conversions under way in this process, by source file: a request that gave up waiting (503)
 * and its retry, the thumbnail job and a viewer all join the one conversion instead of each
 * starting their own.
 */
const conversions = new Map<string, Promise<string>>();

/**
 * The key of a stored PDF as PDFium can read it: the file itself, or, for a damaged file PDFium
 * refuses (broken xref, bad trailer), its repaired copy (`derived_files` kind `pdf:repaired`),
 * made once; the original when nothing can be recovered. The original is never changed:
 * downloads and the viewer get the bytes as sent.
 */
async function readablePdfKey(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>, sha256: string): Promise<string> {
  const repaired = await deps.db
    .selectFrom('derived_files')
    .select('derived_sha256')
    .where('source_sha256', '=', sha256)
    .where('kind', '=', REPAIRED_PDF_KIND)
    .executeTakeFirst();
  if (repaired !== undefined && (await deps.fileStore.has(repaired.derived_sha256))) return repaired.derived_sha256;
  if (await deps.fileStore.withLocalFile(sha256, pdfiumOpens)) return sha256;
  try {
    return await derivedFileKey(deps, sha256, REPAIRED_PDF_KIND, 'application/pdf', () => deps.fileStore.withLocalFile(sha256, repairPdf));
  } catch {
    // Nothing recoverable: callers meet the original and answer with their own message (split error, failed job).
    return sha256;
  }
}

/**
 * The file-store key of a document's content as a PDF: the stored file for PDFs (its repaired
 * copy when damaged), the cached conversion (`derived_files` kind `pdf`, every TIFF page,
 * converted in the worker pool) for images, the readable view for an e-invoice XML, null for
 * other types. Thumbnails, text, split,
 * recombination and merge all read pages through it.
 */
export async function pdfSourceKey(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>, source: PdfSource): Promise<string | null> {
  if (source.extension === 'pdf') return readablePdfKey(deps, source.file_sha256);
  if (source.extension === 'xml') return eInvoiceViewKey(deps, source.file_sha256);
  if (!CONVERTIBLE_IMAGE_EXTENSIONS.includes(source.extension)) return null;
  const running = conversions.get(source.file_sha256);
  if (running !== undefined) return running;
  const conversion = derivedFileKey(deps, source.file_sha256, 'pdf', 'application/pdf', async () => {
    const data = await deps.fileStore.withLocalFile(source.file_sha256, (path) => convertImageInWorker(path, source.extension));
    return { data, pages: source.total_pages };
  }).finally(() => conversions.delete(source.file_sha256));
  conversions.set(source.file_sha256, conversion);
  return conversion;
}
