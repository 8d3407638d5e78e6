import { readFile } from 'node:fs/promises';
import { PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { getPdfiumPool } from './pdfiumPool';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'bmp', 'gif']);

/**
 * Number of pages of a stored file: PDF pages, TIFF directories (pages), 1 for any other image
 * and for every other type (an Office file or e-mail counts as one document page).
 */
export async function countPages(path: string, extension: string): Promise<number> {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') {
    // PDFium in the worker pool counts a 500-page PDF in about 2 ms off the request thread;
    // pdf-lib parses it on this thread (80-150 ms), so it is only the fallback for files PDFium
    // will not open (a user password: pdf-lib can still read the unencrypted page tree).
    try {
      return await getPdfiumPool().run({ kind: 'pageCount', path });
    } catch {
      const pdf = await PDFDocument.load(await readFile(path), {
        ignoreEncryption: true,
        updateMetadata: false,
        parseSpeed: ParseSpeeds.Fastest,
      });
      return pdf.getPageCount();
    }
  }
  if (ext === 'tif' || ext === 'tiff') {
    const metadata = await sharp(path, { limitInputPixels: false }).metadata();
    return metadata.pages ?? 1;
  }
  if (IMAGE_EXTENSIONS.has(ext)) return 1;
  return 1;
}
