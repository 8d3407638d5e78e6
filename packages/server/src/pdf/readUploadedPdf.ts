import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crossReferenceIsSound } from './crossReferenceIsSound';
import { countPages } from './pageCount';
import { PdfDamagedError } from './PdfDamagedError';
import { getPdfiumPool } from './pdfiumPool';
import { PdfProtectedError } from './PdfProtectedError';
import { repairPdf } from './repairPdf';

/** What intake learns of an uploaded PDF. */
export interface UploadedPdf {
  /** Its pages (the repaired copy's when it was repaired: the same pages). */
  pages: number;
  /** The repaired copy when the file was damaged and could be repaired; null for a sound file. */
  repaired: { data: Buffer; pages: number } | null;
}

/** PDFium's page count of `path`, 'protected' for a password PDF, null when it cannot open it. */
async function pdfiumPages(path: string): Promise<number | 'protected' | null> {
  try {
    return await getPdfiumPool().run({ kind: 'pageCount', path });
  } catch (error) {
    return error instanceof PdfProtectedError ? 'protected' : null;
  }
}

/** The repaired copy of `path`, when pdf-lib recovers every page and PDFium then reads the copy with the same count; else null. */
async function repairedCopy(path: string): Promise<{ data: Buffer; pages: number } | null> {
  let repaired: { data: Buffer; pages: number };
  try {
    repaired = await repairPdf(path);
  } catch {
    return null;
  }
  // The copy is what thumbnails and text are read from: PDFium must read it, page for page.
  const dir = await mkdtemp(join(tmpdir(), 'dh-repair-'));
  try {
    const copy = join(dir, 'repaired.pdf');
    await writeFile(copy, repaired.data);
    return (await pdfiumPages(copy)) === repaired.pages ? repaired : null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Reads an uploaded PDF as intake needs it: its page count, and — for a damaged file (a broken
 * cross-reference table or trailer, a tail cut off after the last object: crossReferenceIsSound)
 * or one PDFium cannot open — a repaired copy (repairPdf). A damaged file that cannot be repaired
 * but that PDFium still opens (its own reconstruction) is taken as it is. A password PDF keeps
 * its old path (PDFium's answer, pdf-lib's count of its unencrypted page tree) and is never
 * repaired. Throws PdfDamagedError when nothing can read the file.
 */
export async function readUploadedPdf(path: string): Promise<UploadedPdf> {
  const counted = await pdfiumPages(path);
  if (counted === 'protected') {
    try {
      return { pages: await countPages(path, 'pdf'), repaired: null };
    } catch {
      throw new PdfDamagedError();
    }
  }
  if (counted !== null && crossReferenceIsSound(await readFile(path))) return { pages: counted, repaired: null };
  const repaired = await repairedCopy(path);
  if (repaired !== null) return { pages: repaired.pages, repaired };
  if (counted !== null) return { pages: counted, repaired: null };
  throw new PdfDamagedError();
}
