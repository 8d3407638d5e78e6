import { open as openFile, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import {
  PDFDocument,
  PDFRef,
  type PDFOperator,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { decodeBmp } from './decodeBmp';
import { RenderTimeoutError } from './RenderTimeoutError';
import { readTiffDirectories } from './tiffDirectories';
import type { TiffDirectory } from './tiffDirectories';

/** Extensions `convertImageToPdf` accepts. */
export const CONVERTIBLE_IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'bmp', 'tif', 'tiff'];

/** Time box of one conversion (SECURITY.md row 7: a 10,000-page TIFF must not run forever). */
export const CONVERSION_TIMEOUT_MS = 120_000;

/**
 * Largest image decoded for conversion (SECURITY.md row 7): a 600 dpi A3 scan is about 70 M
 * pixels; a 50k × 50k image is refused before it is decoded.
 */
export const MAX_CONVERT_PIXELS = 150_000_000;

const deflateAsync = promisify(deflate);

/** sharp with the pixel bound; `page` selects a TIFF page. */
function open(input: string | Buffer, page?: number): sharp.Sharp {
  return sharp(input, { limitInputPixels: MAX_CONVERT_PIXELS, ...(page === undefined ? {} : { page }) });
}

/** Resolution assumed when an image does not state one: one pixel per point. */
const DEFAULT_DPI = 72;
const JPEG_QUALITY = 88;

/** Options of `convertImageToPdf`. */
export interface ConvertOptions {
  /** Give up (RenderTimeoutError) when the conversion runs longer than this. */
  timeoutMs?: number;
}

/** PDF points per image pixel for an image that states `dpi` (72 dpi, one point a pixel, when it states none or nonsense). */
export function pointsPerPixel(dpi: number | null | undefined): number {
  const resolution = dpi !== null && dpi !== undefined && dpi >= 10 && dpi <= 10_000 ? dpi : DEFAULT_DPI;
  return 72 / resolution;
}

function pageSizeOf(width: number, height: number, dpi: number | null | undefined): [number, number] {
  const scale = pointsPerPixel(dpi);
  return [width * scale, height * scale];
}

/** Adds a page of the given point size showing the image XObject `ref` over the whole page. */
function addImagePage(pdf: PDFDocument, image: PDFRef, size: [number, number]): void {
  const page = pdf.addPage(size);
  const name = page.node.newXObject('Im', image);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(size[0], 0, 0, size[1], 0, 0), drawObject(name), popGraphicsState());
}

/**
 * Embeds raw pixels losslessly (what a PNG would carry), deflated by zlib on the thread pool
 * rather than by pdf-lib's JavaScript deflate on the request thread: 1-bit grey for bilevel
 * scans, 8-bit grey or RGB otherwise.
 */
async function addRawPage(
  pdf: PDFDocument,
  pixels: { data: Buffer; width: number; height: number; colorSpace: 'DeviceGray' | 'DeviceRGB'; bitsPerComponent: 1 | 8 },
  size: [number, number],
): Promise<void> {
  const stream = pdf.context.stream(await deflateAsync(pixels.data, { level: 6 }), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: pixels.width,
    Height: pixels.height,
    ColorSpace: pixels.colorSpace,
    BitsPerComponent: pixels.bitsPerComponent,
    Filter: 'FlateDecode',
  });
  addImagePage(pdf, pdf.context.register(stream), size);
}

/** Packs 8-bit grey samples that are all 0 or 255 into 1-bit rows; null when the page is not bilevel. */
function packBilevel(grey: Buffer, width: number, height: number): Buffer | null {
  const rowBytes = Math.ceil(width / 8);
  const packed = Buffer.alloc(rowBytes * height);
  let source = 0;
  let target = 0;
  // One output byte at a time keeps this loop tight: it runs on the request thread (~10 ms per A4 page at 300 dpi).
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 8) {
      const bits = Math.min(8, width - x);
      let byte = 0;
      for (let bit = 0; bit < bits; bit += 1) {
        const value = grey[source] ?? 0;
        source += 1;
        if (value === 255) byte |= 0x80 >> bit;
        else if (value !== 0) return null;
      }
      packed[target] = byte;
      target += 1;
    }
  }
  return packed;
}

async function addJpeg(pdf: PDFDocument, bytes: Buffer): Promise<void> {
  const meta = await open(bytes).metadata();
  if (meta.orientation !== undefined && meta.orientation > 1) {
    // A PDF has no EXIF orientation: turn the pixels so the page shows what the camera meant.
    const upright = await open(bytes).rotate().jpeg({ quality: JPEG_QUALITY }).toBuffer({ resolveWithObject: true });
    const image = await pdf.embedJpg(upright.data);
    const page = pdf.addPage(pageSizeOf(upright.info.width, upright.info.height, meta.density));
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    return;
  }
  const image = await pdf.embedJpg(bytes);
  const page = pdf.addPage(pageSizeOf(image.width, image.height, meta.density));
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
}

/**
 * PNGs are decoded by sharp (native, off the request thread; pdf-lib would decode them in
 * JavaScript) and embedded losslessly, transparency flattened onto white.
 */
async function addPng(pdf: PDFDocument, bytes: Buffer): Promise<void> {
  const meta = await open(bytes).metadata();
  const grey = meta.channels !== undefined && meta.channels <= 2;
  const { data, info } = await open(bytes)
    .flatten({ background: '#ffffff' })
    .toColourspace(grey ? 'b-w' : 'srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  await addRawPage(
    pdf,
    { data, width: info.width, height: info.height, colorSpace: info.channels === 1 ? 'DeviceGray' : 'DeviceRGB', bitsPerComponent: 8 },
    pageSizeOf(info.width, info.height, meta.density),
  );
}

/** Bytes with their bit order reversed (TIFF FillOrder 2 → the most-significant-bit-first order PDF filters read). */
const REVERSED_BITS = Uint8Array.from({ length: 256 }, (_, byte) => {
  let reversed = 0;
  for (let bit = 0; bit < 8; bit += 1) if ((byte & (1 << bit)) !== 0) reversed |= 0x80 >> bit;
  return reversed;
});

/**
 * Whether a TIFF page's CCITT Group 4 strips can go into the PDF as they are: bilevel, one
 * sample, WhiteIsZero or BlackIsZero, striped (not tiled), upright, no uncompressed mode, a
 * complete strip table and within the pixel bound. Other pages are decoded by sharp.
 */
function isPassThroughG4(directory: TiffDirectory): boolean {
  const { width, height, rowsPerStrip } = directory;
  return (
    directory.compression === 4 &&
    directory.bitsPerSample === 1 &&
    directory.samplesPerPixel === 1 &&
    (directory.photometric === 0 || directory.photometric === 1) &&
    (directory.fillOrder === 1 || directory.fillOrder === 2) &&
    directory.orientation === 1 &&
    (directory.t6Options & 2) === 0 &&
    !directory.tiled &&
    width > 0 &&
    height > 0 &&
    width * height <= MAX_CONVERT_PIXELS &&
    rowsPerStrip > 0 &&
    directory.stripOffsets.length === Math.ceil(height / rowsPerStrip) &&
    directory.stripByteCounts.length === directory.stripOffsets.length &&
    directory.stripByteCounts.every((count) => count > 0)
  );
}

/**
 * Adds a CCITT Group 4 TIFF page without decoding it: each strip's bytes become one
 * /CCITTFaxDecode image (K -1; a strip is coded on its own, so strips cannot be joined into one
 * stream) drawn over its band of the page. BlackIs1 follows PhotometricInterpretation, so the
 * page shows what TIFF readers show and the PDF stays the size of the TIFF. Returns false
 * (nothing added) when the page does not qualify or a strip lies outside the file.
 */
async function addG4Page(pdf: PDFDocument, handle: FileHandle, directory: TiffDirectory, fileSize: number): Promise<boolean> {
  if (!isPassThroughG4(directory)) return false;
  const { width, height, rowsPerStrip } = directory;
  const strips: Buffer[] = [];
  for (let index = 0; index < directory.stripOffsets.length; index += 1) {
    const offset = directory.stripOffsets[index] ?? -1;
    const length = directory.stripByteCounts[index] ?? 0;
    if (offset < 0 || offset + length > fileSize) return false;
    const data = Buffer.alloc(length);
    const { bytesRead } = await handle.read(data, 0, length, offset);
    if (bytesRead !== length) return false;
    if (directory.fillOrder === 2) for (let at = 0; at < data.length; at += 1) data[at] = REVERSED_BITS[data[at] ?? 0] ?? 0;
    strips.push(data);
  }
  const size: [number, number] = [pageSizeOf(width, height, directory.dpiX)[0], pageSizeOf(width, height, directory.dpiY)[1]];
  const page = pdf.addPage(size);
  const operators: PDFOperator[] = [];
  let firstRow = 0;
  for (const data of strips) {
    const rows = Math.min(rowsPerStrip, height - firstRow);
    const image = pdf.context.stream(data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: rows,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 1,
      Filter: 'CCITTFaxDecode',
      DecodeParms: { K: -1, Columns: width, Rows: rows, BlackIs1: directory.photometric === 1 },
    });
    const name = page.node.newXObject('Im', pdf.context.register(image));
    // Strip 0 is the top band: PDF's y runs up, so its band starts at the page height less its rows.
    const bandHeight = (size[1] * rows) / height;
    const bandBottom = (size[1] * (height - firstRow - rows)) / height;
    operators.push(
      pushGraphicsState(),
      concatTransformationMatrix(size[0], 0, 0, bandHeight, 0, bandBottom),
      drawObject(name),
      popGraphicsState(),
    );
    firstRow += rows;
  }
  page.pushOperators(...operators);
  return true;
}

async function addTiffPages(pdf: PDFDocument, path: string, deadline: number, timeoutMs: number): Promise<void> {
  const pageCount = (await open(path).metadata()).pages ?? 1;
  const handle = await openFile(path, 'r');
  try {
    const fileSize = (await handle.stat()).size;
    // Directories are read only to pass G4 pages through; when they do not match what sharp
    // counts as pages, every page takes the decoding path.
    const directories = await readTiffDirectories(handle).catch(() => null);
    const passThrough = directories !== null && directories.length === pageCount ? directories : null;
    for (let index = 0; index < pageCount; index += 1) {
      if (Date.now() > deadline) throw new RenderTimeoutError(timeoutMs);
      const directory = passThrough?.[index];
      if (directory !== undefined && (await addG4Page(pdf, handle, directory, fileSize))) continue;
      await addDecodedTiffPage(pdf, path, index);
    }
  } finally {
    await handle.close();
  }
}

/** A TIFF page decoded by sharp: bilevel losslessly at 1 bit, other grey and colour pages as JPEG. */
async function addDecodedTiffPage(pdf: PDFDocument, path: string, index: number): Promise<void> {
  const page = open(path, index);
  const meta = await page.metadata();
  const grey = meta.channels !== undefined && meta.channels <= 2 && meta.space !== 'cmyk';
  if (grey) {
    const { data, info } = await page
      .clone()
      .flatten({ background: '#ffffff' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const size = pageSizeOf(info.width, info.height, meta.density);
    const bilevel = meta.bitsPerSample === 1 || meta.bitsPerSample === undefined ? packBilevel(data, info.width, info.height) : null;
    if (bilevel !== null) {
      await addRawPage(pdf, { data: bilevel, width: info.width, height: info.height, colorSpace: 'DeviceGray', bitsPerComponent: 1 }, size);
      return;
    }
    const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
    const image = await pdf.embedJpg(jpeg);
    pdf.addPage(size).drawImage(image, { x: 0, y: 0, width: size[0], height: size[1] });
    return;
  }
  const { data, info } = await page
    .clone()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  const size = pageSizeOf(info.width, info.height, meta.density);
  const image = await pdf.embedJpg(data);
  pdf.addPage(size).drawImage(image, { x: 0, y: 0, width: size[0], height: size[1] });
}

/**
 * Converts a JPEG, PNG, BMP or TIFF (every page of a multi-page TIFF) into a PDF, one image per
 * page at the image's physical size (from its DPI; 72 dpi when unknown). Returns the PDF bytes.
 * JPEGs are embedded as they are; CCITT G4 TIFF pages as their G4 strips, undecoded; PNGs, BMPs
 * and other bilevel TIFF pages losslessly; other TIFF pages as JPEG. Images over MAX_CONVERT_PIXELS are refused.
 */
export async function convertImageToPdf(path: string, extension: string, options: ConvertOptions = {}): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? CONVERSION_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const pdf = await PDFDocument.create({ updateMetadata: false });
  switch (extension.toLowerCase()) {
    case 'jpg':
    case 'jpeg':
      await addJpeg(pdf, await readFile(path));
      break;
    case 'png':
      await addPng(pdf, await readFile(path));
      break;
    case 'bmp': {
      const bmp = decodeBmp(await readFile(path));
      await addRawPage(
        pdf,
        { data: bmp.rgb, width: bmp.width, height: bmp.height, colorSpace: 'DeviceRGB', bitsPerComponent: 8 },
        pageSizeOf(bmp.width, bmp.height, bmp.dpi),
      );
      break;
    }
    case 'tif':
    case 'tiff':
      await addTiffPages(pdf, path, deadline, timeoutMs);
      break;
    default:
      throw new Error(`Cannot convert .${extension} files to PDF.`);
  }
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}
