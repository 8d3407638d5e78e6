import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MAX_THUMBNAIL_PIXELS, MAX_THUMBNAIL_WIDTH, renderPageThumbnail } from './thumbnails';
import { makeTextPdf } from './test/makeTextPdf';

let dir: string;
let pdfPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-thumb-'));
  pdfPath = join(dir, 'doc.pdf');
  await writeFile(pdfPath, await makeTextPdf(['INVOICE 1001', 'Second page']));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Fraction of dark pixels (luminance < 128) in a region of a grey copy of the image. */
async function darkShare(png: Buffer, region?: { left: number; top: number; width: number; height: number }): Promise<number> {
  let image = sharp(png).greyscale();
  if (region) image = image.extract(region);
  const { data } = await image.raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const value of data) if (value < 128) dark += 1;
  return dark / data.length;
}

describe('renderPageThumbnail', () => {
  test('renders a PNG of the requested width with the page aspect ratio, dark where the text is', async () => {
    const png = await renderPageThumbnail(pdfPath, 1, 160);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const meta = await sharp(png).metadata();
    expect(meta.width).toBe(160);
    expect(meta.height).toBe(Math.floor((842 * 160) / 595));
    // The text line is drawn 120 pt below the top edge, 36 pt high.
    const scale = 160 / 595;
    const textBand = { left: 0, top: Math.floor(90 * scale), width: 160, height: Math.ceil(40 * scale) };
    expect(await darkShare(png, textBand)).toBeGreaterThan(0.02);
    const lowerHalf = { left: 0, top: 120, width: 160, height: 100 };
    expect(await darkShare(png, lowerHalf)).toBe(0);
  });

  test('pages differ: page 2 is rendered, not page 1 again', async () => {
    const first = await renderPageThumbnail(pdfPath, 1, 300);
    const second = await renderPageThumbnail(pdfPath, 2, 300);
    expect(second.equals(first)).toBe(false);
    expect(await darkShare(second)).toBeGreaterThan(0);
  });

  test('the width is clamped and a very tall page is shrunk to the pixel budget', async () => {
    const wide = await renderPageThumbnail(pdfPath, 1, 100_000);
    expect((await sharp(wide).metadata()).width).toBe(MAX_THUMBNAIL_WIDTH);
    const tallPath = join(dir, 'tall.pdf');
    await writeFile(tallPath, await makeTextPdf(['tall'], [100, 14_400]));
    const tall = await renderPageThumbnail(tallPath, 1, MAX_THUMBNAIL_WIDTH);
    const meta = await sharp(tall).metadata();
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBeLessThanOrEqual(MAX_THUMBNAIL_PIXELS);
    expect(meta.width).toBeLessThan(MAX_THUMBNAIL_WIDTH);
  });

  test('a page outside the document is a RangeError', async () => {
    await expect(renderPageThumbnail(pdfPath, 3, 160)).rejects.toBeInstanceOf(RangeError);
    await expect(renderPageThumbnail(pdfPath, 0, 160)).rejects.toBeInstanceOf(RangeError);
  });
});
