import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { convertImageToPdf } from './imagesToPdf';
import { countPages } from './pageCount';
import { getPdfiumPool } from './pdfiumPool';
import { readTiffDirectories } from './tiffDirectories';
import type { TiffDirectory } from './tiffDirectories';
import { writeG4Tiff } from './test/writeG4Tiff';

// Bilevel CCITT G4 TIFFs go into the PDF as their G4 strips (/CCITTFaxDecode), not decoded and
// re-encoded: the PDF stays the size of the TIFF and PDFium shows the pixels TIFF readers show.

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-g4-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function save(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

const WIDTH = 1700;
const HEIGHT = 2200;
const DPI = 200;

/** A letter page at 200 dpi with text, rules and a box, different on every page. */
function pageSvg(page: number): Buffer {
  const lines = Array.from(
    { length: 24 },
    (_, line) =>
      `<text x="120" y="${300 + line * 70}" font-size="40" font-family="sans-serif">Item ${page}.${line + 1} box of ${line + 2}  ${(page * 37 + line * 11) % 900}.00 USD</text>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#fff"/>` +
      `<text x="120" y="180" font-size="70" font-weight="bold" font-family="sans-serif">Scanned invoice ${page}</text>` +
      `<rect x="${1100 + page * 40}" y="1950" width="400" height="160" fill="#000"/>${lines}</svg>`,
  );
}

/** A G4 TIFF of `pages` pages as sharp (libtiff) writes it. */
async function g4Tiff(pages: number, options: { miniswhite: boolean; rowsPerStrip?: number }): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: pages }, (_, index) =>
      sharp(pageSvg(index + 1))
        .flatten({ background: '#fff' })
        .greyscale()
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames.length === 1 ? frames[0] : frames, frames.length === 1 ? {} : { join: { animated: true } })
    .extractChannel(0)
    .threshold(128)
    .tiff({
      compression: 'ccittfax4',
      bitdepth: 1,
      miniswhite: options.miniswhite,
      xres: DPI / 25.4,
      yres: DPI / 25.4,
      tileHeight: options.rowsPerStrip ?? HEIGHT,
    })
    .toBuffer();
}

/** The TIFF page as 8-bit grey (0 black, 255 white) as sharp decodes it. */
async function tiffPixels(path: string, page: number): Promise<Buffer> {
  return sharp(path, { page }).toColourspace('b-w').raw().toBuffer();
}

/**
 * Compares the TIFF page with PDFium's rendering of the PDF page at one pixel per TIFF pixel, on
 * a grid of sample places whose 3 × 3 neighbourhood is one colour (so rounding of the page edge
 * cannot decide a sample). Returns the black and white samples that agreed and the ones that did not.
 */
async function comparePage(tiffPath: string, pdfPath: string, page: number): Promise<{ black: number; white: number; wrong: number }> {
  const expected = await tiffPixels(tiffPath, page);
  const bitmap = await getPdfiumPool().run({ kind: 'render', path: pdfPath, pageIndex: page, width: WIDTH, maxPixels: WIDTH * HEIGHT * 2 });
  expect(bitmap.width).toBe(WIDTH);
  const counts = { black: 0, white: 0, wrong: 0 };
  for (let y = 3; y < Math.min(HEIGHT, bitmap.height) - 3; y += 5) {
    for (let x = 3; x < WIDTH - 3; x += 5) {
      const value = expected[y * WIDTH + x];
      let uniform = true;
      for (let dy = -1; dy <= 1 && uniform; dy++)
        for (let dx = -1; dx <= 1; dx++) if (expected[(y + dy) * WIDTH + x + dx] !== value) uniform = false;
      if (!uniform) continue;
      const rendered = bitmap.data[(y * bitmap.width + x) * 4];
      const black = value === 0;
      if (black !== rendered < 128) counts.wrong++;
      else if (black) counts.black++;
      else counts.white++;
    }
  }
  return counts;
}

function ccittImageCount(pdfBytes: Buffer): number {
  return (pdfBytes.toString('latin1').match(/\/Filter \/CCITTFaxDecode/g) ?? []).length;
}

describe('convertImageToPdf with CCITT G4 TIFFs', () => {
  test('WhiteIsZero pages pass through: the PDF is at most 1.05× the TIFF and PDFium draws the same black pixels', async () => {
    const tiff = await g4Tiff(3, { miniswhite: true });
    const tiffPath = await save('scan-white-is-zero.tif', tiff);
    const pdfBytes = await convertImageToPdf(tiffPath, 'tif');
    expect(pdfBytes.length).toBeLessThanOrEqual(tiff.length * 1.05);
    expect(ccittImageCount(pdfBytes)).toBe(3);
    expect(pdfBytes.toString('latin1')).toMatch(/\/K -1/);
    const pdf = await PDFDocument.load(pdfBytes);
    expect(pdf.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([
      [612, 792],
      [612, 792],
      [612, 792],
    ]);
    const pdfPath = await save('scan-white-is-zero.pdf', pdfBytes);
    expect(await countPages(pdfPath, 'pdf')).toBe(3);
    for (const page of [0, 1, 2]) {
      const counts = await comparePage(tiffPath, pdfPath, page);
      expect(counts.wrong).toBe(0);
      expect(counts.black).toBeGreaterThan(2000);
      expect(counts.white).toBeGreaterThan(50_000);
    }
  });

  test('BlackIsZero pages with 256-row strips pass through strip by strip, not inverted', async () => {
    const tiff = await g4Tiff(1, { miniswhite: false, rowsPerStrip: 256 });
    const tiffPath = await save('scan-black-is-zero.tif', tiff);
    const handle = await open(tiffPath, 'r');
    const directories = await readTiffDirectories(handle).finally(() => handle.close());
    expect(directories?.[0]).toMatchObject({ photometric: 1, compression: 4, rowsPerStrip: 256, stripOffsets: expect.any(Array) });
    expect(directories?.[0]?.stripOffsets).toHaveLength(Math.ceil(HEIGHT / 256));
    const pdfBytes = await convertImageToPdf(tiffPath, 'tif');
    expect(ccittImageCount(pdfBytes)).toBe(Math.ceil(HEIGHT / 256));
    expect(pdfBytes.toString('latin1')).toMatch(/\/BlackIs1 true/);
    // Each strip costs an image dictionary (about 200 bytes), still far below decoding the page.
    expect(pdfBytes.length).toBeLessThanOrEqual(tiff.length * 1.25);
    const counts = await comparePage(tiffPath, await save('scan-black-is-zero.pdf', pdfBytes), 0);
    expect(counts.wrong).toBe(0);
    expect(counts.black).toBeGreaterThan(2000);
  });

  test('FillOrder 2 strips in a big-endian TIFF are bit-reversed into the order PDF reads', async () => {
    const source = await save('fill-order-source.tif', await g4Tiff(2, { miniswhite: true }));
    const handle = await open(source, 'r');
    let rewritten: Buffer;
    try {
      const directories = (await readTiffDirectories(handle)) ?? [];
      expect(directories).toHaveLength(2);
      const reverse = (byte: number): number => Number.parseInt(byte.toString(2).padStart(8, '0').split('').reverse().join(''), 2);
      const pages = await Promise.all(
        directories.map(async (directory: TiffDirectory) => {
          const strips = await Promise.all(
            directory.stripOffsets.map(async (offset, index) => {
              const strip = Buffer.alloc(directory.stripByteCounts[index] ?? 0);
              await handle.read(strip, 0, strip.length, offset);
              return Buffer.from(strip.map(reverse));
            }),
          );
          return {
            width: directory.width,
            height: directory.height,
            rowsPerStrip: directory.rowsPerStrip,
            strips,
            photometric: 0 as const,
            fillOrder: 2 as const,
            dpi: DPI,
          };
        }),
      );
      rewritten = writeG4Tiff(pages);
    } finally {
      await handle.close();
    }
    const tiffPath = await save('fill-order-2.tif', rewritten);
    const pdfBytes = await convertImageToPdf(tiffPath, 'tif');
    expect(ccittImageCount(pdfBytes)).toBe(2);
    const pdfPath = await save('fill-order-2.pdf', pdfBytes);
    for (const page of [0, 1]) {
      // sharp reads FillOrder 2 itself, so the expected pixels come from the rewritten file.
      const counts = await comparePage(tiffPath, pdfPath, page);
      expect(counts.wrong).toBe(0);
      expect(counts.black).toBeGreaterThan(2000);
    }
  });

  test('readTiffDirectories answers null for what it cannot follow, so conversion falls back to decoding', async () => {
    const read = async (name: string, bytes: Buffer): Promise<TiffDirectory[] | null> => {
      const handle = await open(await save(name, bytes), 'r');
      return readTiffDirectories(handle).finally(() => handle.close());
    };
    expect(await read('not-a-tiff.tif', Buffer.from('%PDF-1.7 not a TIFF at all'))).toBeNull();
    const big = Buffer.from(await g4Tiff(1, { miniswhite: true }));
    const looping = Buffer.from(big);
    const first = looping.readUInt32LE(4);
    const entries = looping.readUInt16LE(first);
    looping.writeUInt32LE(first, first + 2 + entries * 12); // the directory names itself as the next one
    expect(await read('looping.tif', looping)).toBeNull();
    const outside = Buffer.from(big);
    outside.writeUInt32LE(big.length + 100, 4);
    expect(await read('outside.tif', outside)).toBeNull();
    expect(await read('fine.tif', big)).toHaveLength(1);
  });
});
