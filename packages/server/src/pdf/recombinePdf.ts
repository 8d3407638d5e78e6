import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import { PDF_LIB_OBJECTS_PER_TICK, PDF_LIB_PARSE_SPEED } from './pdfLibPacing';

/** A run of pages `firstPage..lastPage` (1-based, inclusive) of the PDF at `path`. */
export interface PdfPageRun {
  path: string;
  firstPage: number;
  lastPage: number;
}

function pageIndexes(run: PdfPageRun, pageCount: number): number[] {
  const { firstPage, lastPage } = run;
  if (!Number.isInteger(firstPage) || !Number.isInteger(lastPage) || firstPage < 1 || lastPage < firstPage || lastPage > pageCount) {
    throw new RangeError(`Pages ${firstPage}-${lastPage} are not within the PDF's ${pageCount} pages.`);
  }
  return Array.from({ length: lastPage - firstPage + 1 }, (_, offset) => firstPage - 1 + offset);
}

/**
 * Builds one new PDF per output (its runs' pages in the given order), yielding each output's
 * bytes before building the next. Sources are loaded one at a time: a source is read, the run's
 * pages copied, and the source dropped (consecutive runs of the same file share one load), so
 * only one source and one output are in memory. A file pdf-lib cannot parse rejects on the
 * `next()` that reaches it; pages outside a PDF are a RangeError; an output without runs too.
 */
export async function* recombinePdf(outputs: readonly (readonly PdfPageRun[])[]): AsyncGenerator<Buffer, void, undefined> {
  for (const runs of outputs) {
    if (runs.length === 0) throw new RangeError('A recombined document needs at least one part.');
    const output = await PDFDocument.create({ updateMetadata: false });
    let loadedPath: string | undefined;
    let source: PDFDocument | undefined;
    for (const run of runs) {
      if (source === undefined || loadedPath !== run.path) {
        source = undefined; // drop the previous source before reading the next one
        source = await PDFDocument.load(await readFile(run.path), { updateMetadata: false, parseSpeed: PDF_LIB_PARSE_SPEED });
        loadedPath = run.path;
      }
      const copied = await output.copyPages(source, pageIndexes(run, source.getPageCount()));
      for (const page of copied) output.addPage(page);
    }
    source = undefined;
    yield Buffer.from(await output.save({ objectsPerTick: PDF_LIB_OBJECTS_PER_TICK }));
  }
}
