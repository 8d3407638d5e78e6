import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import sharp from 'sharp';
import { ImageLimitError } from './ImageLimitError';
import { MAX_CONVERT_PIXELS } from './imagesToPdf';

/** Most pixels of one image (or one TIFF page) accepted at upload: what conversion and thumbnails will decode. */
export const MAX_IMAGE_PIXELS = MAX_CONVERT_PIXELS;

/** Most pages of a TIFF accepted at upload (a scanned batch is a few hundred; SECURITY.md row 7). */
export const MAX_TIFF_PAGES = 1000;

/** Width and height an image header states. */
interface Size {
  width: number;
  height: number;
}

const formatNumber = (n: number, language = 'en'): string => n.toLocaleString(isGerman(language) ? 'de-DE' : 'en-US');

/** Whether `language` is German (else the refusals are English). */
function isGerman(language: string): boolean {
  return language.toLowerCase().startsWith('de');
}

async function readAt(handle: FileHandle, offset: number, length: number): Promise<Buffer | null> {
  if (!Number.isSafeInteger(offset) || offset < 0) return null;
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, offset);
  return bytesRead === length ? buffer : null;
}

/** PNG: IHDR is the first chunk, width and height big-endian at 16 and 20. */
async function pngSize(handle: FileHandle): Promise<Size | null> {
  const head = await readAt(handle, 0, 24);
  if (head === null || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/** JPEG: walks the marker segments (by their lengths, with positioned reads) to the first SOFn frame header. */
async function jpegSize(handle: FileHandle): Promise<Size | null> {
  let offset = 2;
  for (let segments = 0; segments < 10_000; segments += 1) {
    const marker = await readAt(handle, offset, 4);
    if (marker === null || marker[0] !== 0xff) return null;
    const code = marker[1];
    if (code === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (code === 0xd8 || (code >= 0xd0 && code <= 0xd7) || code === 0x01) {
      offset += 2; // markers without a length
      continue;
    }
    if (code === 0xd9 || code === 0xda) return null; // end of image / scan data before any frame header
    const length = marker.readUInt16BE(2);
    const isFrame = code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc;
    if (isFrame) {
      const frame = await readAt(handle, offset + 4, 5);
      if (frame === null) return null;
      return { height: frame.readUInt16BE(1), width: frame.readUInt16BE(3) };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** GIF: the logical screen, little-endian 16-bit at 6 and 8. */
async function gifSize(handle: FileHandle): Promise<Size | null> {
  const head = await readAt(handle, 0, 10);
  return head === null ? null : { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
}

/** BMP: the info header's signed 32-bit width and height at 18 and 22 (height negative for top-down rows). */
async function bmpSize(handle: FileHandle): Promise<Size | null> {
  const head = await readAt(handle, 0, 26);
  if (head === null) return null;
  const headerSize = head.readUInt32LE(14);
  if (headerSize === 12) return { width: head.readUInt16LE(18), height: head.readUInt16LE(20) };
  return { width: Math.abs(head.readInt32LE(18)), height: Math.abs(head.readInt32LE(22)) };
}

/**
 * A classic TIFF's pages (image file directories), each with its ImageWidth and ImageLength,
 * walking the IFD chain with two small reads a page and stopping past `MAX_TIFF_PAGES`; null
 * for a BigTIFF or a chain that leaves the file or loops (then sharp's header reading decides).
 */
async function tiffPages(handle: FileHandle): Promise<Size[] | null> {
  const header = await readAt(handle, 0, 8);
  if (header === null) return null;
  const little = header.toString('latin1', 0, 2) === 'II';
  if (!little && header.toString('latin1', 0, 2) !== 'MM') return null;
  const u16 = (b: Buffer, at: number): number => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (b: Buffer, at: number): number => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
  if (u16(header, 2) !== 42) return null;
  const pages: Size[] = [];
  const seen = new Set<number>();
  let offset = u32(header, 4);
  while (offset !== 0 && pages.length <= MAX_TIFF_PAGES) {
    if (seen.has(offset)) return null;
    seen.add(offset);
    const countBytes = await readAt(handle, offset, 2);
    if (countBytes === null) return null;
    const count = u16(countBytes, 0);
    const table = await readAt(handle, offset + 2, count * 12 + 4);
    if (table === null) return null;
    const size: Size = { width: 0, height: 0 };
    for (let i = 0; i < count; i += 1) {
      const at = i * 12;
      const tag = u16(table, at);
      if (tag !== 256 && tag !== 257) continue;
      // SHORT (3) or LONG (4), one value, stored in the entry itself.
      const value = u16(table, at + 2) === 3 ? u16(table, at + 8) : u32(table, at + 8);
      if (tag === 256) size.width = value;
      else size.height = value;
    }
    pages.push(size);
    offset = u32(table, count * 12);
  }
  return pages;
}

/** Refuses an image (or TIFF page `page`, counted from 1; null for a single image) of more pixels than MAX_IMAGE_PIXELS. */
function checkPixels(size: Size, page: number | null): void {
  if (size.width * size.height <= MAX_IMAGE_PIXELS) return;
  throw new ImageLimitError((language) => {
    const [width, height, most] = [size.width, size.height, MAX_IMAGE_PIXELS].map((n) => formatNumber(n, language));
    return isGerman(language)
      ? `${page === null ? 'Das Bild' : `Seite ${page} der TIFF-Datei`} hat ${width} × ${height} Pixel; angenommen werden Bilder mit bis zu ${most} Pixeln (etwa 12.000 × 12.000).`
      : `${page === null ? 'The image' : `Page ${page} of the TIFF`} is ${width} × ${height} pixels; images of up to ${most} pixels (about 12,000 × 12,000) are accepted.`;
  });
}

function checkPageCount(pages: number): void {
  if (pages <= MAX_TIFF_PAGES) return;
  throw new ImageLimitError((language) => {
    const most = formatNumber(MAX_TIFF_PAGES, language);
    if (isGerman(language)) {
      const counted = pages > MAX_TIFF_PAGES + 1 ? formatNumber(pages, language) : `mehr als ${most}`;
      return `Die TIFF-Datei hat ${counted} Seiten; angenommen werden TIFF-Dateien mit bis zu ${most} Seiten.`;
    }
    const counted = pages > MAX_TIFF_PAGES + 1 ? formatNumber(pages) : `more than ${most}`;
    return `The TIFF has ${counted} pages; TIFFs of up to ${most} pages are accepted.`;
  });
}

/**
 * The pixels of the largest image (or TIFF page) the header of the file at `path` states, for the
 * memory budget of a conversion (decoded, each pixel takes up to 4 bytes); 0 when no header says
 * (then the pixel bound of the decoder is what holds).
 */
export async function largestImagePixels(path: string, extension: string): Promise<number> {
  const ext = extension.toLowerCase();
  const handle = await open(path, 'r');
  try {
    if (ext === 'tif' || ext === 'tiff') {
      const pages = await tiffPages(handle);
      if (pages !== null) return pages.reduce((most, page) => Math.max(most, page.width * page.height), 0);
      const metadata = await sharp(path, { limitInputPixels: false }).metadata();
      return (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
    }
    const size =
      ext === 'png'
        ? await pngSize(handle)
        : ext === 'gif'
          ? await gifSize(handle)
          : ext === 'bmp'
            ? await bmpSize(handle)
            : await jpegSize(handle);
    return size === null ? 0 : size.width * size.height;
  } finally {
    await handle.close();
  }
}

/**
 * Refuses (ImageLimitError, 413) an image whose header states more than MAX_IMAGE_PIXELS, and a
 * TIFF with more than MAX_TIFF_PAGES pages or any page over the pixel limit, from the headers
 * alone (a 50k × 50k PNG costs a 24-byte read, not a decode). Other types pass.
 */
export async function checkImageLimits(path: string, extension: string): Promise<void> {
  const ext = extension.toLowerCase();
  if (!['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tif', 'tiff'].includes(ext)) return;
  const handle = await open(path, 'r');
  try {
    if (ext === 'tif' || ext === 'tiff') {
      const pages = await tiffPages(handle);
      if (pages !== null) {
        checkPageCount(pages.length);
        pages.forEach((page, index) => checkPixels(page, pages.length === 1 ? null : index + 1));
        return;
      }
      // A BigTIFF or an odd chain: libvips reads the headers (never the pixels) to decide.
      const metadata = await sharp(path, { limitInputPixels: false }).metadata();
      checkPageCount(metadata.pages ?? 1);
      checkPixels({ width: metadata.width ?? 0, height: metadata.pageHeight ?? metadata.height ?? 0 }, null);
      return;
    }
    const size =
      ext === 'png'
        ? await pngSize(handle)
        : ext === 'gif'
          ? await gifSize(handle)
          : ext === 'bmp'
            ? await bmpSize(handle)
            : await jpegSize(handle);
    if (size !== null) checkPixels(size, null);
  } finally {
    await handle.close();
  }
}
