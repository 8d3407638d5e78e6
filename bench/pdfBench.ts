import { spawnSync } from 'node:child_process';
import { accessSync, constants as fsConstants, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
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
import { MAX_STARTUP_SHARE, startupShare } from './startupShare';
import { benchTargets } from './TargetLedger';

/*
 * Issue 4 "Done when": PDF work at scale, measured with the functions the endpoints and jobs call
 * (splitPdf for POST /documents/{id}/split, recombinePdf for merge and recombination,
 * renderPageThumbnail for the thumbnail route and the thumbnails:render job, extractPageText page
 * by page as the search:extract-text job calls it, convertImageToPdf for TIFFs, burnInAnnotations
 * for embedAnnotations=true) on generated files, each beside Debian's native tool doing the same
 * work in a child process in the same run (qpdf, pdftoppm, pdftotext, tiff2pdf). Every figure is
 * the median of RUNS runs after one warm-up run; a missing or failing tool prints 'n/a'.
 * A tool's time includes starting its process, which ours (warm, in-process) does not: each tool's
 * no-op run (`--version`, `-v`, `-h`) is timed beside it and its share shown, and each time target
 * is judged on a larger workload of the same kind, where start-up is under 5 % of the tool's run,
 * on the ratio over the tool's work (its time less the no-op run).
 */

const RUNS = 5;
const THUMBNAIL_WIDTH = 160;

/** One row of the table. */
interface PdfRow {
  measure: string;
  ours: string;
  reference: string;
  /** The tool's no-op run and its share of the tool's run. */
  startup: string;
  ratio: string;
  /** Ours ÷ the tool's time less its no-op run. */
  netRatio: string;
  target: string;
  met: string;
}

/** A reference's no-op run per tool: the arguments that make it start, print and exit 0. */
const NO_OP_ARGS: Record<string, readonly string[]> = {
  qpdf: ['--version'],
  pdftoppm: ['-v'],
  pdftotext: ['-v'],
  tiff2pdf: ['-h'],
};

/** Pages of the large workloads, where a tool's start-up is a small part of its run. */
const LARGE_TEXT_PAGES = 4000;
const LARGE_MERGE_PAGES = 400;
const LARGE_THUMBNAIL_PAGES = 1000;
const LARGE_TIFF_PAGES = 200;

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

/** Median wall time of the tool's no-op run (NO_OP_ARGS): starting the process, linking its libraries, exiting. */
function timeStartup(command: string): ToolTiming {
  const args = NO_OP_ARGS[command];
  if (args === undefined) throw new Error(`no no-op run is known for ${command}`);
  return timeTool(command, args);
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

/** A time target: ours ÷ the tool's work at most `limit`. */
interface TimeTarget {
  limit: number;
  text: string;
}

/**
 * A row comparing our time with a tool's. `judge` says what becomes of `target`: 'here' judges it
 * on this row (PASS/MISS on the ratio over the tool's work, UNJUDGED when the tool is missing or
 * its start-up is 5 % or more of its run); 'elsewhere' prints it as judged on the large workload.
 */
function ratioRow(
  measure: string,
  ours: number,
  reference: ToolTiming,
  startup: ToolTiming,
  target: TimeTarget | null,
  judge: 'here' | 'elsewhere',
  divisor = 1,
): PdfRow {
  const oursText = divisor === 1 ? ms(ours) : `${ms(ours / divisor)}/page (${ms(ours)})`;
  const targetText = target === null ? '—' : judge === 'here' ? target.text : `${target.text}: judged on the large workload`;
  const verdict = (met: boolean | null, reason = ''): string =>
    target === null || judge === 'elsewhere' ? '' : benchTargets.judge('pdf', measure, oursText, target.text, met, reason);
  if ('missing' in reference || 'missing' in startup) {
    const missing = 'missing' in reference ? reference.missing : 'missing' in startup ? startup.missing : '';
    return {
      measure,
      ours: oursText,
      reference: missing,
      startup: 'n/a',
      ratio: 'n/a',
      netRatio: 'n/a',
      target: targetText,
      met: verdict(null, missing),
    };
  }
  const split = startupShare(ours, reference.ms, startup.ms);
  const equalTerms = split.share < MAX_STARTUP_SHARE;
  let met = '';
  if (!equalTerms) {
    met = verdict(
      null,
      `start-up is ${(split.share * 100).toFixed(1)} % of the tool's run (≥ ${MAX_STARTUP_SHARE * 100} %): workload too small`,
    );
  } else if (split.netRatio !== null && target !== null) {
    met = verdict(split.netRatio <= target.limit);
  }
  return {
    measure,
    ours: oursText,
    reference: divisor === 1 ? ms(reference.ms) : `${ms(reference.ms / divisor)}/page (${ms(reference.ms)})`,
    startup: `${ms(startup.ms)} (${(split.share * 100).toFixed(1)} %)`,
    ratio: `${split.ratio.toFixed(2)}×`,
    netRatio: split.netRatio === null ? 'n/a (no work left)' : `${split.netRatio.toFixed(2)}×`,
    target: targetText,
    met,
  };
}

function sizeRow(
  measure: string,
  ours: number,
  reference: number | null,
  target: { limit: number; text: string; of: number } | null,
): PdfRow {
  const met = target === null ? '' : benchTargets.judge('pdf', measure, kb(ours), target.text, ours <= target.limit * target.of);
  return {
    measure,
    ours: kb(ours),
    reference: reference === null ? 'n/a' : kb(reference),
    startup: '',
    ratio: reference === null ? 'n/a' : `${(ours / reference).toFixed(2)}×`,
    netRatio: '',
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
  const headers: PdfRow = {
    measure: 'measure',
    ours: 'ours',
    reference: 'reference (whole run)',
    startup: 'its no-op run (share)',
    ratio: 'ratio',
    netRatio: 'ratio over its work',
    target: 'target',
    met: 'verdict',
  };
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
  const loadBefore = loadavg()[0];
  try {
    process.stdout.write('PDF bench: generating files…\n');
    const textPdf = join(folder, 'text-500.pdf');
    await writeFile(textPdf, await makeInvoicePdf({ pages: 500, vendorName: 'Litware Office', invoiceNumber: 'BENCH-500' }));
    const largeTextPdf = join(folder, `text-${LARGE_TEXT_PAGES}.pdf`);
    await writeFile(
      largeTextPdf,
      await makeInvoicePdf({ pages: LARGE_TEXT_PAGES, vendorName: 'Litware Office', invoiceNumber: 'BENCH-L' }),
    );
    const scanPdf = join(folder, 'scan-50.pdf');
    await writeFile(scanPdf, await makeScanPdf(50, 'Litware Office — scanned invoices'));
    const mergeInputs: string[] = [];
    const largeMergeInputs: string[] = [];
    for (let index = 1; index <= 10; index++) {
      const path = join(folder, `merge-${index}.pdf`);
      await writeFile(path, await makeInvoicePdf({ pages: 50, vendorName: 'Litware Office', invoiceNumber: `BENCH-M${index}` }));
      mergeInputs.push(path);
      const large = join(folder, `merge-large-${index}.pdf`);
      await writeFile(
        large,
        await makeInvoicePdf({ pages: LARGE_MERGE_PAGES, vendorName: 'Litware Office', invoiceNumber: `BENCH-ML${index}` }),
      );
      largeMergeInputs.push(large);
    }
    const burnPdf = join(folder, 'text-100.pdf');
    await writeFile(burnPdf, await makeInvoicePdf({ pages: 100, vendorName: 'Litware Office', invoiceNumber: 'BENCH-100' }));
    const g4Tiff = join(folder, 'g4-20.tif');
    await writeFile(g4Tiff, await makeG4Tiff(20));
    const largeG4Tiff = join(folder, `g4-${LARGE_TIFF_PAGES}.tif`);
    await writeFile(largeG4Tiff, await makeG4Tiff(LARGE_TIFF_PAGES));
    const colourTiff = join(folder, 'colour-20.tif');
    await writeFile(colourTiff, await makeColourTiff(20));
    const sizes = (path: string): string => kb(statSync(path).size);
    const sumOf = (paths: readonly string[]): string => kb(paths.reduce((sum, path) => sum + statSync(path).size, 0));
    process.stdout.write(
      `  500-page text PDF ${sizes(textPdf)}, ${LARGE_TEXT_PAGES}-page text PDF ${sizes(largeTextPdf)}, 50-page scan ${sizes(scanPdf)}, ` +
        `10 × 50-page PDFs ${sumOf(mergeInputs)}, 10 × ${LARGE_MERGE_PAGES}-page PDFs ${sumOf(largeMergeInputs)}, ` +
        `100-page text PDF ${sizes(burnPdf)}, 20-page G4 TIFF ${sizes(g4Tiff)}, ${LARGE_TIFF_PAGES}-page G4 TIFF ${sizes(largeG4Tiff)}, 20-page colour TIFF ${sizes(colourTiff)}\n`,
    );

    // Split: the first half of a text PDF into one part.
    process.stdout.write('PDF bench: split, merge…\n');
    const splitTarget: TimeTarget = { limit: 1.5, text: '≤ 1.5× qpdf' };
    const splitRow = async (
      pdf: string,
      pages: number,
      judge: 'here' | 'elsewhere',
      prefix: string,
    ): Promise<{ row: PdfRow; sizes: number[]; qpdfOut: string }> => {
      const firstHalf = Array.from({ length: pages / 2 }, (_, index) => index + 1);
      let partSizes: number[] = [];
      const ours = await timeOurs(async () => {
        partSizes = await drain(splitPdf(pdf, [firstHalf]), folder, prefix);
      });
      const qpdfOut = join(folder, `qpdf-${prefix}.pdf`);
      const startup = timeStartup('qpdf');
      const row = ratioRow(
        `split ${pages / 2} of ${pages} text pages (splitPdf / qpdf --pages)`,
        ours,
        timeTool('qpdf', ['--empty', '--pages', pdf, `1-${pages / 2}`, '--', qpdfOut]),
        startup,
        splitTarget,
        judge,
      );
      return { row, sizes: partSizes, qpdfOut };
    };
    const split = await splitRow(textPdf, 500, 'elsewhere', 'ours-split');
    rows.push(split.row);
    rows.push((await splitRow(largeTextPdf, LARGE_TEXT_PAGES, 'here', 'ours-split-large')).row);

    // Merge: ten PDFs into one.
    const mergeRow = async (
      inputs: readonly string[],
      pages: number,
      judge: 'here' | 'elsewhere',
      prefix: string,
    ): Promise<{ row: PdfRow; sizes: number[]; qpdfOut: string }> => {
      let mergedSizes: number[] = [];
      const ours = await timeOurs(async () => {
        mergedSizes = await drain(recombinePdf([inputs.map((path) => ({ path, firstPage: 1, lastPage: pages }))]), folder, prefix);
      });
      const qpdfOut = join(folder, `qpdf-${prefix}.pdf`);
      const startup = timeStartup('qpdf');
      const row = ratioRow(
        `merge 10 × ${pages} text pages (recombinePdf / qpdf --pages)`,
        ours,
        timeTool('qpdf', ['--empty', '--pages', ...inputs.flatMap((path) => [path, `1-${pages}`]), '--', qpdfOut]),
        startup,
        splitTarget,
        judge,
      );
      return { row, sizes: mergedSizes, qpdfOut };
    };
    const merge = await mergeRow(mergeInputs, 50, 'elsewhere', 'ours-merge');
    rows.push(merge.row);
    rows.push((await mergeRow(largeMergeInputs, LARGE_MERGE_PAGES, 'here', 'ours-merge-large')).row);

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
    const thumbTarget: TimeTarget = { limit: 0.6, text: '≤ 0.6× pdftoppm/page' };
    const thumbRow = async (
      label: string,
      pdf: string,
      pages: number,
      prefix: string,
      target: TimeTarget | null,
      judge: 'here' | 'elsewhere',
    ): Promise<PdfRow> => {
      const ours = await timeOurs(thumbnailsOf(pdf, pages));
      const startup = timeStartup('pdftoppm');
      return ratioRow(label, ours, pdftoppm(pdf, pages, prefix), startup, target, judge, pages);
    };
    rows.push(
      await thumbRow('thumbnail of page 1, text PDF (renderPageThumbnail / pdftoppm)', textPdf, 1, 'ppm-text-1', thumbTarget, 'elsewhere'),
    );
    rows.push(await thumbRow('thumbnails of 50 pages, text PDF', textPdf, 50, 'ppm-text-50', thumbTarget, 'elsewhere'));
    const textThumbBytes = thumbnailBytes;
    rows.push(
      await thumbRow(
        `thumbnails of ${LARGE_THUMBNAIL_PAGES} pages, text PDF`,
        largeTextPdf,
        LARGE_THUMBNAIL_PAGES,
        'ppm-text-large',
        thumbTarget,
        'here',
      ),
    );
    rows.push(await thumbRow('thumbnail of page 1, scanned PDF', scanPdf, 1, 'ppm-scan-1', null, 'here'));
    rows.push(await thumbRow('thumbnails of 50 pages, scanned PDF', scanPdf, 50, 'ppm-scan-50', null, 'here'));

    // Text: every page, one extractPageText call per page as the search:extract-text job does.
    process.stdout.write('PDF bench: text…\n');
    let textChars = 0;
    const textTarget: TimeTarget = { limit: 2, text: '≤ 2× pdftotext' };
    const textRow = async (pdf: string, pages: number, out: string, judge: 'here' | 'elsewhere'): Promise<PdfRow> => {
      const ours = await timeOurs(async () => {
        textChars = 0;
        for (let page = 1; page <= pages; page++) textChars += (await extractPageText(pdf, page)).length;
      });
      const startup = timeStartup('pdftotext');
      return ratioRow(
        `text of ${pages} pages (extractPageText / pdftotext)`,
        ours,
        timeTool('pdftotext', ['-enc', 'UTF-8', pdf, out]),
        startup,
        textTarget,
        judge,
      );
    };
    const pdftotextOut = join(folder, 'pdftotext.txt');
    rows.push(await textRow(textPdf, 500, pdftotextOut, 'elsewhere'));
    const textChars500 = textChars;
    rows.push(await textRow(largeTextPdf, LARGE_TEXT_PAGES, join(folder, 'pdftotext-large.txt'), 'here'));

    // TIFF → PDF.
    process.stdout.write('PDF bench: TIFF → PDF…\n');
    const tiffRow = async (label: string, tiff: string, out: string): Promise<{ row: PdfRow; output: number }> => {
      let output = 0;
      const ours = await timeOurs(async () => {
        const pdf = await convertImageToPdf(tiff, 'tif');
        await writeFile(join(folder, `ours-${basename(out)}`), pdf);
        output = pdf.length;
      });
      const startup = timeStartup('tiff2pdf');
      return { row: ratioRow(label, ours, timeTool('tiff2pdf', ['-o', out, tiff]), startup, null, 'here'), output };
    };
    const g4Reference = join(folder, 'tiff2pdf-g4.pdf');
    const g4 = await tiffRow('G4 TIFF → PDF, 20 pages (convertImageToPdf / tiff2pdf)', g4Tiff, g4Reference);
    rows.push(g4.row);
    rows.push((await tiffRow(`G4 TIFF → PDF, ${LARGE_TIFF_PAGES} pages`, largeG4Tiff, join(folder, 'tiff2pdf-g4-large.pdf'))).row);
    const colourReference = join(folder, 'tiff2pdf-colour.pdf');
    const colour = await tiffRow('colour TIFF → PDF, 20 pages', colourTiff, colourReference);
    rows.push(colour.row);

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
    const burnMeasure = 'burn-in of 5 annotations × 100 pages (burnInAnnotations)';
    rows.push({
      measure: burnMeasure,
      ours: ms(burn),
      reference: '—',
      startup: '',
      ratio: '—',
      netRatio: '',
      target: '< 300 ms',
      met: benchTargets.judge('pdf', burnMeasure, ms(burn), '< 300 ms', burn < 300),
    });

    // Output sizes.
    const g4Input = statSync(g4Tiff).size;
    rows.push(sizeRow('size: split part (vs qpdf output)', split.sizes[0] ?? 0, fileSize(split.qpdfOut), null));
    rows.push(sizeRow('size: merged 500 pages (vs qpdf output)', merge.sizes[0] ?? 0, fileSize(merge.qpdfOut), null));
    rows.push(sizeRow('size: 50 text-page thumbnails (vs pdftoppm PNGs)', textThumbBytes, sizeOfFiles(folder, 'ppm-text-50'), null));
    rows.push(
      sizeRow(`size: G4 TIFF → PDF (vs tiff2pdf output; input ${kb(g4Input)})`, g4.output, fileSize(g4Reference), {
        limit: 1.05,
        of: g4Input,
        text: '≤ 1.05× input',
      }),
    );
    rows.push(
      sizeRow(
        `size: colour TIFF → PDF (vs tiff2pdf; input ${kb(statSync(colourTiff).size)})`,
        colour.output,
        fileSize(colourReference),
        null,
      ),
    );
    rows.push(sizeRow(`size: burned PDF (vs its source)`, burnOutput, burnSource.length, null));
    rows.push({
      measure: `text extracted from 500 pages: ${textChars500} characters (pdftotext: ${fileSize(pdftotextOut) ?? 'n/a'} bytes)`,
      ours: '',
      reference: '',
      startup: '',
      ratio: '',
      netRatio: '',
      target: '',
      met: '',
    });

    printPdfTable(
      `Datahaven Documents PDF bench — medians of ${RUNS} runs after a warm-up, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${loadBefore.toFixed(1)}→${loadavg()[0].toFixed(1)}\n` +
        "How it measures: ours = the server's function in this process, warm (one unmeasured run first), wall time; reference = the Debian tool as a child process (spawnSync), wall time from spawn to exit, so it includes starting the process. " +
        "Its no-op run (qpdf --version, pdftoppm -v, pdftotext -v, tiff2pdf -h; median of the same count) is that start-up, printed with its share of the tool's run; " +
        `ratio = ours ÷ the tool's whole run, ratio over its work = ours ÷ (the tool's run − its no-op run). Each time target is judged on the larger workload of its kind, on the ratio over the tool's work, where start-up is under ${MAX_STARTUP_SHARE * 100} % of the tool's run (else UNJUDGED); the small workloads are printed beside it.`,
      rows,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
