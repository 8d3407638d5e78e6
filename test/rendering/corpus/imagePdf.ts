import { writeRawPdf, type RawPdfObject } from './rawPdf';

/** One image XObject as it goes into the file: its dictionary entries (without /Type, /Subtype, /Length) and stream. */
export interface ImageXObject {
  /** E.g. `/Width 16 /Height 16 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /LZWDecode`. */
  entries: string;
  stream: Uint8Array;
}

/** What else an image page needs: objects the image's entries point at by number (a colour space's profile, a mask). */
export interface ImagePageOptions {
  /** The page size in points. */
  width: number;
  height: number;
  image: ImageXObject;
  /**
   * Further objects, numbered from 6 on (1 catalog, 2 pages, 3 page, 4 contents, 5 image),
   * which the image's entries refer to as `6 0 R` and so on.
   */
  extra?: (objectNumber: number) => RawPdfObject[];
  /** The image's resource name; ImageMagick's files name it Im0, pdf.js then calls it img_p0_1. */
  name?: string;
  /** Painted under the image, e.g. a coloured backdrop a mask lets through. */
  backdrop?: string;
}

/**
 * A one-page PDF whose page is one image drawn over the whole page, as ImageMagick's `convert
 * x.png x.pdf` writes it (catalog, pages, page, content `q W 0 0 H 0 0 cm /Im0 Do Q`, image).
 */
export function imagePdf({ width, height, image, extra, name = 'Im0', backdrop = '' }: ImagePageOptions): Buffer {
  const content = Buffer.from(`${backdrop}q ${width} 0 0 ${height} 0 0 cm /${name} Do Q\n`, 'latin1');
  const objects: RawPdfObject[] = [
    { body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /${name} 5 0 R >> >> /Contents 4 0 R >>`,
    },
    { body: '<< >>', stream: content },
    { body: `<< /Type /XObject /Subtype /Image ${image.entries} >>`, stream: image.stream },
    ...(extra?.(6) ?? []),
  ];
  return writeRawPdf(objects, 1);
}
