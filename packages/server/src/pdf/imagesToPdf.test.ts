import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { MAX_CONVERT_PIXELS, convertImageToPdf } from './imagesToPdf';
import { countPages } from './pageCount';
import { RenderTimeoutError } from './RenderTimeoutError';
import { renderPageThumbnail } from './thumbnails';
import { encodeBmp } from './test/encodeBmp';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dh-img2pdf-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function save(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** Page sizes in points, rounded to 0.1. */
async function pageSizes(pdfBytes: Buffer): Promise<[number, number][]> {
  const pdf = await PDFDocument.load(pdfBytes);
  return pdf.getPages().map((page) => [Math.round(page.getWidth() * 10) / 10, Math.round(page.getHeight() * 10) / 10]);
}

/** Average RGB of a region of a PNG (sharp's stats() would ignore the extract, so average by hand). */
async function meanColour(png: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number[]> {
  const { data, info } = await sharp(png).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) {
    for (let c = 0; c < 3; c += 1) sums[c] = (sums[c] ?? 0) + (data[i + c] ?? 0);
  }
  const pixels = data.length / info.channels;
  return sums.map((sum) => Math.round(sum / pixels));
}

/** Average RGB of the rendered page's centre. */
async function centreColour(pdfPath: string, page: number): Promise<number[]> {
  const png = await renderPageThumbnail(pdfPath, page, 100);
  const height = (await sharp(png).metadata()).height ?? 0;
  return meanColour(png, { left: 40, top: Math.floor(height / 2) - 10, width: 20, height: 20 });
}

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

function expectColour(actual: number[], expected: [number, number, number]): void {
  actual.forEach((value, i) => expect(Math.abs(value - (expected[i] ?? 0))).toBeLessThan(30));
}

describe('convertImageToPdf', () => {
  test('a JPEG is embedded as it is, at its DPI size', async () => {
    const jpeg = await solid(400, 200, '#c81e1e').jpeg().withMetadata({ density: 200 }).toBuffer();
    const pdfBytes = await convertImageToPdf(await save('photo.jpg', jpeg), 'jpg');
    expect(pdfBytes.includes(jpeg)).toBe(true);
    expect(await pageSizes(pdfBytes)).toEqual([[144, 72]]);
    expectColour(await centreColour(await save('photo.pdf', pdfBytes), 1), [200, 30, 30]);
  });

  test('a PNG becomes one page; no DPI means one pixel per point', async () => {
    const png = await solid(300, 150, '#1e1ec8').png().toBuffer();
    const pdfBytes = await convertImageToPdf(await save('logo.png', png), 'png');
    expect(await pageSizes(pdfBytes)).toEqual([[300, 150]]);
    expectColour(await centreColour(await save('logo.pdf', pdfBytes), 1), [30, 30, 200]);
  });

  test('a transparent PNG is flattened onto white', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const pdfPath = await save('clear.pdf', await convertImageToPdf(await save('clear.png', png), 'png'));
    expectColour(await centreColour(pdfPath, 1), [255, 255, 255]);
  });

  test('an image claiming more than MAX_CONVERT_PIXELS is refused before decoding (SECURITY row 7)', async () => {
    const png = await solid(8, 8, '#000000').png().toBuffer();
    // Claim 50,000 x 50,000 pixels in the IHDR chunk, with a valid CRC so only the size is wrong.
    png.writeUInt32BE(50_000, 16);
    png.writeUInt32BE(50_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await expect(convertImageToPdf(await save('huge.png', png), 'png')).rejects.toThrow(/pixel limit/i);
    expect(50_000 * 50_000).toBeGreaterThan(MAX_CONVERT_PIXELS);
  });

  test.each([8, 24, 32] as const)('a %i-bit BMP becomes one page with its colours', async (bits) => {
    const bmp = encodeBmp(120, 60, () => [20, 160, 20], bits, 144);
    const pdfBytes = await convertImageToPdf(await save(`old${bits}.bmp`, bmp), 'BMP');
    expect(await pageSizes(pdfBytes)).toEqual([[60, 30]]);
    expectColour(await centreColour(await save(`old${bits}.pdf`, pdfBytes), 1), [20, 160, 20]);
  });

  test('a 3-page TIFF becomes a 3-page PDF, each page its own image at 300 dpi size', async () => {
    const colours = ['#d01010', '#10d010', '#1010d0'];
    const pages = await Promise.all(colours.map((colour) => solid(600, 300, colour).png().toBuffer()));
    const tiff = await sharp(pages, { join: { animated: true } })
      .tiff({ xres: 300 / 25.4, yres: 300 / 25.4 })
      .toBuffer();
    const tiffPath = await save('scan.tif', tiff);
    expect(await countPages(tiffPath, 'tif')).toBe(3);
    const pdfBytes = await convertImageToPdf(tiffPath, 'tif');
    expect(await pageSizes(pdfBytes)).toEqual([
      [144, 72],
      [144, 72],
      [144, 72],
    ]);
    const pdfPath = await save('scan.pdf', pdfBytes);
    expect(await countPages(pdfPath, 'pdf')).toBe(3);
    expectColour(await centreColour(pdfPath, 1), [208, 16, 16]);
    expectColour(await centreColour(pdfPath, 2), [16, 208, 16]);
    expectColour(await centreColour(pdfPath, 3), [16, 16, 208]);
  });

  test('a bilevel TIFF page is kept lossless at 1 bit per pixel', async () => {
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="800" height="400" fill="white"/><rect x="300" y="100" width="200" height="200" fill="black"/></svg>',
    );
    const tiff = await sharp(drawing)
      .flatten({ background: '#ffffff' })
      .toColourspace('b-w')
      .tiff({ bitdepth: 1, compression: 'ccittfax4', xres: 200 / 25.4, yres: 200 / 25.4 })
      .toBuffer();
    const pdfBytes = await convertImageToPdf(await save('fax.tiff', tiff), 'tiff');
    const pdfText = pdfBytes.toString('latin1');
    expect(pdfText).toMatch(/\/BitsPerComponent 1/);
    expect(pdfText).toMatch(/\/ColorSpace \/DeviceGray/);
    expect(await pageSizes(pdfBytes)).toEqual([[288, 144]]);
    const pdfPath = await save('fax.pdf', pdfBytes);
    expectColour(await centreColour(pdfPath, 1), [0, 0, 0]);
    const png = await renderPageThumbnail(pdfPath, 1, 100);
    expect(await meanColour(png, { left: 2, top: 2, width: 20, height: 20 })).toEqual([255, 255, 255]);
  });

  test('gives up with RenderTimeoutError past its time box', async () => {
    const pages = await Promise.all([1, 2, 3].map(() => solid(64, 64, '#888888').png().toBuffer()));
    const tiffPath = await save(
      'slow.tif',
      await sharp(pages, { join: { animated: true } })
        .tiff()
        .toBuffer(),
    );
    await expect(convertImageToPdf(tiffPath, 'tif', { timeoutMs: -1 })).rejects.toBeInstanceOf(RenderTimeoutError);
  });

  test('refuses types it cannot convert', async () => {
    await expect(convertImageToPdf(await save('a.gif', await solid(4, 4, '#000').gif().toBuffer()), 'gif')).rejects.toThrow(
      'Cannot convert',
    );
  });
});
