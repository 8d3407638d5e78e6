import { readFile } from 'node:fs/promises';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';

/** Deeper than any real page tree; a Kids loop ends here. */
const MAX_TREE_DEPTH = 64;

/**
 * The number of pages under `node`, every Kid resolved to a page or a page-tree node; throws when
 * one is missing or not a dictionary (its object was cut off or unreadable) or a node's /Count
 * disagrees with what it holds: pdf-lib would otherwise hand back a document with pages missing.
 */
function countTreePages(context: PDFContext, node: PDFObject | undefined, depth: number): number {
  const dict = node === undefined ? undefined : context.lookup(node);
  if (!(dict instanceof PDFDict)) throw new Error('A page of the PDF could not be recovered.');
  if (dict.get(PDFName.of('Type')) === PDFName.of('Page')) return 1;
  const kids = dict.lookup(PDFName.of('Kids'));
  if (!(kids instanceof PDFArray) || depth > MAX_TREE_DEPTH) throw new Error('The page tree of the PDF could not be recovered.');
  let pages = 0;
  for (let i = 0; i < kids.size(); i += 1) pages += countTreePages(context, kids.get(i), depth + 1);
  const count = dict.lookup(PDFName.of('Count'));
  if (count instanceof PDFNumber && count.asNumber() !== pages) throw new Error('Pages of the PDF could not be recovered.');
  return pages;
}

/**
 * A readable copy of a damaged PDF (broken cross-reference table, bad trailer, a tail cut off
 * after the last object): pdf-lib parses the objects in file order without trusting the xref and
 * writes them out again with a fresh one. Only when the whole page tree is there: a file cut off
 * before its last page, or an encrypted one (its objects cannot be rewritten without the key),
 * rejects. Only the copy is new; the stored original stays as it was sent.
 */
export async function repairPdf(path: string): Promise<{ data: Buffer; pages: number }> {
  return repairPdfBytes(await readFile(path));
}

/** `repairPdf` of bytes already read (the worker pool's intake check). */
export async function repairPdfBytes(bytes: Uint8Array): Promise<{ data: Buffer; pages: number }> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  if (pdf.isEncrypted) throw new Error('An encrypted PDF cannot be repaired.');
  const pages = countTreePages(pdf.context, pdf.catalog.get(PDFName.of('Pages')), 0);
  if (pages < 1 || pages !== pdf.getPageCount()) throw new Error('No pages could be recovered from the PDF.');
  return { data: Buffer.from(await pdf.save({ useObjectStreams: false })), pages };
}
