import { readFile } from 'node:fs/promises';
import { PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';
import sharp from 'sharp';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'bmp', 'gif']);

/**
 * Number of pages of a stored file: PDF pages, TIFF directories (pages), 1 for any other image
 * and for every other type (an Office file or e-mail counts as one document page).
 */
export async function countPages(path: string, extension: string): Promise<number> {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') {
    const pdf = await PDFDocument.load(await readFile(path), {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    return pdf.getPageCount();
  }
  if (ext === 'tif' || ext === 'tiff') {
    const metadata = await sharp(path, { limitInputPixels: false }).metadata();
    return metadata.pages ?? 1;
  }
  if (IMAGE_EXTENSIONS.has(ext)) return 1;
  return 1;
}
