import { spawnSync } from 'node:child_process';
import { accessSync, constants as fsConstants, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ANNOTATION_TYPES } from '@datahaven/core/model';
import type { AnnotationFields } from '@datahaven/core/model';
import { burnInAnnotations } from '../packages/server/src/documents/annotations/burnInAnnotations';
import { convertImageToPdf } from '../packages/server/src/pdf/imagesToPdf';
import { extractPageText } from '../packages/server/src/pdf/pageText';
import { recombinePdf } from '../packages/server/src/pdf/recombinePdf';
import { splitPdf } from '../packages/server/src/pdf/splitPdf';
import { renderPageThumbnail } from '../packages/server/src/pdf/thumbnails';
import { makeInvoicePdf } from '../test/e2e/support/makeInvoicePdf';
import { makeColourTiff, makeG4Tiff } from './makeBenchTiffs';
import { makeScanPdf } from './makeScanPdf';

/*
 * Issue 4 "Done when": PDF work at scale, measured with the functions the endpoints and jobs call
 * (splitPdf for POST /documents/{id}/split, recombinePdf for merge and recombination,
 * renderPageThumbnail for the thumbnail route and the thumbnails:render job, extractPageText page
 * by page as the search:extract-text job calls it, convertImageToPdf for TIFFs, burnInAnnotations
 * for embedAnnotations=true) on generated files, each beside Debian's native tool doing the same
 * work in a child process in the same run (qpdf, pdftoppm, pdftotext, tiff2pdf). Every figure is
 * the median of RUNS runs after one warm-up run; a missing or failing tool prints 'n/a'.
 */

const RUNS = 5;
const THUMBNAIL_WIDTH = 160;

/** One row of the table. */
interface PdfRow {
  measure: string;
  ours: string;
  reference: string;
  ratio: string;
  target: string;
  met: string;
}

/** A reference tool's run: its median time, or why there is none. */
type ToolTiming = { ms: number } | { missing: string };

const ms = (value: number): string => (value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`);
const kb = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Where `command` is on PATH, or null (the bench never fails for a missing tool). */
function onPath(command: string): string | null {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, command);
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Median of `RUNS` timed runs of `work` after one warm-up run. */
async function timeOurs(work: () => Promise<unknown>): Promise<number> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** Median wall time of `RUNS` runs of a native tool (process start included) after one warm-up run. */
function timeTool(command: string, args: readonly string[]): ToolTiming {
  const path = onPath(command);
  if (path === null) return { missing: `${command} not installed` };
  const once = (): number | string => {
    const started = performance.now();
    const result = spawnSync(path, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
    const elapsed = performance.now() - started;
    if (result.error !== undefined) return `${command}: ${result.error.message}`;
    if (result.status !== 0) return `${command} exited ${result.status}: ${result.stderr.toString().trim().slice(0, 120)}`;
    return elapsed;
  };
  const warm = once();
  if (typeof warm === 'string') return { missing: warm };
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const sample = once();
    if (typeof sample === 'string') return { missing: sample };
    samples.push(sample);
  }
  return { ms: median(samples) };
}

/** Writes every part a generator yields to `folder/prefix-n.pdf`, as the endpoints store each part before building the next; returns the sizes. */
async function drain(parts: AsyncGenerator<Buffer, void, undefined>, folder: string, prefix: string): Promise<number[]> {
  const sizes: number[] = [];
  for await (const part of parts) {
    await writeFile(join(folder, `${prefix}-${sizes.length + 1}.pdf`), part);
    sizes.push(part.length);
  }
  return sizes;
}

/** The five marks burned into every annotated page: a filled box, a highlight, a text box, a line and an ellipse. */
function fiveAnnotationsOn(page: number): AnnotationFields[] {
  const base = { page, content: null, size: null };
  return [
    { ...base, type: ANNOTATION_TYPES.solidRectangle, color: 0xed1c24, x: 100, y: 100, width: 300, height: 120 },
    { ...base, type: ANNOTATION_TYPES.highlight, color: 0xffff00, x: 120, y: 380, width: 1200, height: 60 },
    {
      ...base,
      type: ANNOTATION_TYPES.textbox,
      color: 0x1f4e99,
      x: 900,
      y: 160,
      width: 600,
      height: 200,
      content: `Approved for payment, page ${page}. Cost centre 4711.`,
      size: 14,
    },
    { ...base, type: ANNOTATION_TYPES.line, color: 0x000000, x: 100, y: 2000, width: 1400, height: 0 },
    { ...base, type: ANNOTATION_TYPES.hollowEllipse, color: 0x2e7d32, x: 1200, y: 1800, width: 300, height: 200 },
  ];
}

function ratioRow(
  measure: string,
  ours: number,
  reference: ToolTiming,
  target: { limit: number; text: string } | null,
  divisor = 1,
): PdfRow {
  const oursText = divisor === 1 ? ms(ours) : `${ms(ours / divisor)}/page (${ms(ours)})`;
  if ('missing' in reference) {
    return {
      measure,
      ours: oursText,
      reference: reference.missing,
      ratio: 'n/a',
      target: target?.text ?? '—',
      met: target === null ? '' : 'n/a',
    };
  }
  const ratio = ours / reference.ms;
  return {
    measure,
    ours: oursText,
    reference: divisor === 1 ? ms(reference.ms) : `${ms(reference.ms / divisor)}/page (${ms(reference.ms)})`,
    ratio: `${ratio.toFixed(2)}×`,
    target: target?.text ?? '—',
    met: target === null ? '' : ratio <= target.limit ? 'yes' : 'NO',
  };
}

function sizeRow(
  measure: string,
  ours: number,
  reference: number | null,
  target: { limit: number; text: string; of: number } | null,
): PdfRow {
  const met = target === null ? '' : ours <= target.limit * target.of ? 'yes' : 'NO';
  return {
    measure,
    ours: kb(ours),
    reference: reference === null ? 'n/a' : kb(reference),
    ratio: reference === null ? 'n/a' : `${(ours / reference).toFixed(2)}×`,
    target: target?.text ?? '—',
    met,
  };
}

function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

/** Sum of the sizes of the files in `folder` whose names start with `prefix` (pdftoppm writes one per page). */
function sizeOfFiles(folder: string, prefix: string): number {
  return readdirSync(folder)
    .filter((name) => name.startsWith(prefix))
    .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
}

function printPdfTable(title: string, rows: readonly PdfRow[]): void {
  const headers: PdfRow = { measure: 'measure', ours: 'ours', reference: 'reference', ratio: 'ratio', target: 'target', met: 'met' };
  const keys = Object.keys(headers) as (keyof PdfRow)[];
  const widths = keys.map((key) => Math.max(...[headers, ...rows].map((row) => row[key].length)));
  const line = (row: PdfRow): string =>
    keys
      .map((key, index) => row[key].padEnd(widths[index]))
      .join('  ')
      .trimEnd();
  process.stdout.write(`\n${title}\n${line(headers)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write('\n');
}

/** Runs the PDF benchmarks and prints their table (`npm run bench -- pdf`). */
export async function runPdfBench(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'datahaven-pdf-bench-'));
  const rows: PdfRow[] = [];
  try {
    process.stdout.write('PDF bench: generating files…\n');
    const textPdf = join(folder, 'text-500.pdf');
    await writeFile(textPdf, await makeInvoicePdf({ pages: 500, vendorName: 'Litware Office', invoiceNumber: 'BENCH-500' }));
    const scanPdf = join(folder, 'scan-50.pdf');
    await writeFile(scanPdf, await makeScanPdf(50, 'Litware Office — scanned invoices'));
    const mergeInputs: string[] = [];
    for (let index = 1; index <= 10; index++) {
      const path = join(folder, `merge-${index}.pdf`);
      await writeFile(path, await makeInvoicePdf({ pages: 50, vendorName: 'Litware Office', invoiceNumber: `BENCH-M${index}` }));
      mergeInputs.push(path);
    }
    const burnPdf = join(folder, 'text-100.pdf');
    await writeFile(burnPdf, await makeInvoicePdf({ pages: 100, vendorName: 'Litware Office', invoiceNumber: 'BENCH-100' }));
    const g4Tiff = join(folder, 'g4-20.tif');
    await writeFile(g4Tiff, await makeG4Tiff(20));
    const colourTiff = join(folder, 'colour-20.tif');
    await writeFile(colourTiff, await makeColourTiff(20));
    const sizes = (path: string): string => kb(statSync(path).size);
    process.stdout.write(
      `  500-page text PDF ${sizes(textPdf)}, 50-page scan ${sizes(scanPdf)}, 10 × 50-page PDFs ${kb(mergeInputs.reduce((sum, path) => sum + statSync(path).size, 0))}, ` +
        `100-page text PDF ${sizes(burnPdf)}, 20-page G4 TIFF ${sizes(g4Tiff)}, 20-page colour TIFF ${sizes(colourTiff)}\n`,
    );

    // Split: one part of pages 1-250 of 500.
    process.stdout.write('PDF bench: split, merge…\n');
    const firstHalf = Array.from({ length: 250 }, (_, index) => index + 1);
    let splitSizes: number[] = [];
    const split = await timeOurs(async () => {
      splitSizes = await drain(splitPdf(textPdf, [firstHalf]), folder, 'ours-split');
    });
    const qpdfSplitOut = join(folder, 'qpdf-split.pdf');
    rows.push(
      ratioRow(
        'split 250 of 500 text pages (splitPdf / qpdf --pages)',
        split,
        timeTool('qpdf', ['--empty', '--pages', textPdf, '1-250', '--', qpdfSplitOut]),
        { limit: 1.5, text: '≤ 1.5× qpdf' },
      ),
    );

    // Merge: ten 50-page PDFs into one 500-page PDF.
    let mergeSizes: number[] = [];
    const merge = await timeOurs(async () => {
      mergeSizes = await drain(recombinePdf([mergeInputs.map((path) => ({ path, firstPage: 1, lastPage: 50 }))]), folder, 'ours-merge');
    });
    const qpdfMergeOut = join(folder, 'qpdf-merge.pdf');
    rows.push(
      ratioRow(
        'merge 10 × 50 text pages (recombinePdf / qpdf --pages)',
        merge,
        timeTool('qpdf', ['--empty', '--pages', ...mergeInputs.flatMap((path) => [path, '1-50']), '--', qpdfMergeOut]),
        { limit: 1.5, text: '≤ 1.5× qpdf' },
      ),
    );

    // Thumbnails: 160 px wide PNGs, page by page as the thumbnail job renders them.
    process.stdout.write('PDF bench: thumbnails…\n');
    let thumbnailBytes = 0;
    const thumbnailsOf = (pdf: string, pages: number) => async (): Promise<void> => {
      thumbnailBytes = 0;
      for (let page = 1; page <= pages; page++) thumbnailBytes += (await renderPageThumbnail(pdf, page, THUMBNAIL_WIDTH)).length;
    };
    const pdftoppm = (pdf: string, pages: number, prefix: string): ToolTiming =>
      timeTool('pdftoppm', [
        '-png',
        '-f',
        '1',
        '-l',
        String(pages),
        '-scale-to-x',
        String(THUMBNAIL_WIDTH),
        '-scale-to-y',
        '-1',
        pdf,
        join(folder, prefix),
      ]);
    const thumbTarget = { limit: 0.6, text: '≤ 0.6× pdftoppm/page' };
    const textThumb1 = await timeOurs(thumbnailsOf(textPdf, 1));
    rows.push(
      ratioRow(
        'thumbnail of page 1, text PDF (renderPageThumbnail / pdftoppm)',
        textThumb1,
        pdftoppm(textPdf, 1, 'ppm-text-1'),
        thumbTarget,
      ),
    );
    const textThumb50 = await timeOurs(thumbnailsOf(textPdf, 50));
    const textThumbBytes = thumbnailBytes;
    rows.push(ratioRow('thumbnails of 50 pages, text PDF', textThumb50, pdftoppm(textPdf, 50, 'ppm-text-50'), thumbTarget, 50));
    const scanThumb1 = await timeOurs(thumbnailsOf(scanPdf, 1));
    rows.push(ratioRow('thumbnail of page 1, scanned PDF', scanThumb1, pdftoppm(scanPdf, 1, 'ppm-scan-1'), null));
    const scanThumb50 = await timeOurs(thumbnailsOf(scanPdf, 50));
    rows.push(ratioRow('thumbnails of 50 pages, scanned PDF', scanThumb50, pdftoppm(scanPdf, 50, 'ppm-scan-50'), null, 50));

    // Text: every page, one extractPageText call per page as the search:extract-text job does.
    process.stdout.write('PDF bench: text…\n');
    let textChars = 0;
    const text = await timeOurs(async () => {
      textChars = 0;
      for (let page = 1; page <= 500; page++) textChars += (await extractPageText(textPdf, page)).length;
    });
    const pdftotextOut = join(folder, 'pdftotext.txt');
    rows.push(
      ratioRow('text of 500 pages (extractPageText / pdftotext)', text, timeTool('pdftotext', ['-enc', 'UTF-8', textPdf, pdftotextOut]), {
        limit: 2,
        text: '≤ 2× pdftotext',
      }),
    );

    // TIFF → PDF.
    process.stdout.write('PDF bench: TIFF → PDF…\n');
    let g4Output = 0;
    const g4 = await timeOurs(async () => {
      const pdf = await convertImageToPdf(g4Tiff, 'tif');
      await writeFile(join(folder, 'ours-g4.pdf'), pdf);
      g4Output = pdf.length;
    });
    const g4Reference = join(folder, 'tiff2pdf-g4.pdf');
    rows.push(
      ratioRow('G4 TIFF → PDF, 20 pages (convertImageToPdf / tiff2pdf)', g4, timeTool('tiff2pdf', ['-o', g4Reference, g4Tiff]), null),
    );
    let colourOutput = 0;
    const colour = await timeOurs(async () => {
      const pdf = await convertImageToPdf(colourTiff, 'tif');
      await writeFile(join(folder, 'ours-colour.pdf'), pdf);
      colourOutput = pdf.length;
    });
    const colourReference = join(folder, 'tiff2pdf-colour.pdf');
    rows.push(ratioRow('colour TIFF → PDF, 20 pages', colour, timeTool('tiff2pdf', ['-o', colourReference, colourTiff]), null));

    // Burn-in: 5 annotations on each of 100 pages, load + draw + save.
    process.stdout.write('PDF bench: burn-in…\n');
    const annotations = Array.from({ length: 100 }, (_, index) => fiveAnnotationsOn(index + 1)).flat();
    const burnSource = await readFile(burnPdf);
    let burnOutput = 0;
    const burn = await timeOurs(async () => {
      const burned = await burnInAnnotations(burnSource, annotations);
      await writeFile(join(folder, 'ours-burned.pdf'), burned);
      burnOutput = burned.length;
    });
    rows.push({
      measure: 'burn-in of 5 annotations × 100 pages (burnInAnnotations)',
      ours: ms(burn),
      reference: '—',
      ratio: '—',
      target: '< 300 ms',
      met: burn < 300 ? 'yes' : 'NO',
    });

    // Output sizes.
    const g4Input = statSync(g4Tiff).size;
    rows.push(sizeRow('size: split part (vs qpdf output)', splitSizes[0] ?? 0, fileSize(qpdfSplitOut), null));
    rows.push(sizeRow('size: merged 500 pages (vs qpdf output)', mergeSizes[0] ?? 0, fileSize(qpdfMergeOut), null));
    rows.push(sizeRow('size: 50 text-page thumbnails (vs pdftoppm PNGs)', textThumbBytes, sizeOfFiles(folder, 'ppm-text-50'), null));
    rows.push({
      ...sizeRow(`size: G4 TIFF → PDF (vs tiff2pdf output; input ${kb(g4Input)})`, g4Output, fileSize(g4Reference), {
        limit: 1.05,
        of: g4Input,
        text: '≤ 1.05× input',
      }),
    });
    rows.push(
      sizeRow(
        `size: colour TIFF → PDF (vs tiff2pdf; input ${kb(statSync(colourTiff).size)})`,
        colourOutput,
        fileSize(colourReference),
        null,
      ),
    );
    rows.push(sizeRow(`size: burned PDF (vs its source)`, burnOutput, burnSource.length, null));
    rows.push({
      measure: `text extracted: ${textChars} characters (pdftotext: ${fileSize(pdftotextOut) ?? 'n/a'} bytes)`,
      ours: '',
      reference: '',
      ratio: '',
      target: '',
      met: '',
    });

    printPdfTable(
      `Datahaven Documents PDF bench — medians of ${RUNS} runs after a warm-up, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; ratio = ours / reference`,
      rows,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
