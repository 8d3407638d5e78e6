import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import { PDF_LIB_OBJECTS_PER_TICK, PDF_LIB_PARSE_SPEED } from './pdfLibPacing';

/**
 * Splits the PDF at `pdfPath` into one new PDF per group of 1-based page numbers (pages in the
 * group's order), yielding each part's bytes before building the next, so only the source and
 * one part are in memory at a time. The source is read on the first `next()`: a file pdf-lib
 * cannot parse or an encrypted one rejects there; a page outside the PDF is a RangeError.
 */
export async function* splitPdf(pdfPath: string, groups: readonly (readonly number[])[]): AsyncGenerator<Buffer, void, undefined> {
  const source = await PDFDocument.load(await readFile(pdfPath), { updateMetadata: false, parseSpeed: PDF_LIB_PARSE_SPEED });
  const pageCount = source.getPageCount();
  for (const group of groups) {
    if (group.length === 0) throw new RangeError('A split part needs at least one page.');
    for (const page of group) {
      if (!Number.isInteger(page) || page < 1 || page > pageCount)
        throw new RangeError(`Page ${page} is outside the PDF's ${pageCount} pages.`);
    }
    const part = await PDFDocument.create({ updateMetadata: false });
    const copied = await part.copyPages(
      source,
      group.map((page) => page - 1),
    );
    for (const page of copied) part.addPage(page);
    yield Buffer.from(await part.save({ objectsPerTick: PDF_LIB_OBJECTS_PER_TICK }));
  }
}
