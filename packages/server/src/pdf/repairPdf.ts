import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';

/**
 * A readable copy of a damaged PDF (broken cross-reference table, bad trailer): pdf-lib parses
 * the objects without trusting the xref and writes them out again with a fresh one. Only the
 * copy is new; the stored original stays as it was sent. Rejects when nothing can be recovered.
 */
export async function repairPdf(path: string): Promise<{ data: Buffer; pages: number }> {
  const pdf = await PDFDocument.load(await readFile(path), { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const pages = pdf.getPageCount();
  if (pages < 1) throw new Error('No pages could be recovered from the PDF.');
  return { data: Buffer.from(await pdf.save({ useObjectStreams: false })), pages };
}
