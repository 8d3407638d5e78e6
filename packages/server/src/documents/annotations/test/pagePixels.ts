import { PDFDocument, PDFName, PDFNumber, degrees } from '@cantoo/pdf-lib';
import { ANNOTATION_GEOMETRY } from '@datahaven/core/model';
import type { AnnotationFields } from '@datahaven/core/model';
import { getPdfiumPool } from '../../../pdf/pdfiumPool';
import type { RenderedBitmap } from '../../../pdf/pdfiumProtocol';

/** How a test page is framed: media box, optional crop box, /Rotate and /UserUnit. */
export interface TestPageSpec {
  mediaBox: [number, number, number, number];
  cropBox?: [number, number, number, number];
  rotate?: number;
  userUnit?: number;
}

/** A PDF with one empty (white) page per spec. */
export async function makeFramedPdf(pages: readonly TestPageSpec[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const spec of pages) {
    const [x0, y0, x1, y1] = spec.mediaBox;
    const page = pdf.addPage([x1 - x0, y1 - y0]);
    page.setMediaBox(x0, y0, x1 - x0, y1 - y0);
    if (spec.cropBox) {
      const [cx0, cy0, cx1, cy1] = spec.cropBox;
      page.setCropBox(cx0, cy0, cx1 - cx0, cy1 - cy0);
    }
    if (spec.rotate !== undefined) page.setRotation(degrees(spec.rotate));
    if (spec.userUnit !== undefined) page.node.set(PDFName.of('UserUnit'), PDFNumber.of(spec.userUnit));
  }
  return pdf.save();
}

/** Renders a 1-based page with PDFium (the worker pool the thumbnails use) `width` pixels wide, as displayed. */
export function renderPage(path: string, page: number, width: number): Promise<RenderedBitmap> {
  return getPdfiumPool().run({ kind: 'render', path, pageIndex: page - 1, width, maxPixels: width * width * 4 });
}

/** The RGB of a pixel. */
export function pixelAt(bitmap: RenderedBitmap, x: number, y: number): [number, number, number] {
  const offset = (Math.floor(y) * bitmap.width + Math.floor(x)) * 4;
  return [bitmap.data[offset], bitmap.data[offset + 1], bitmap.data[offset + 2]];
}

/**
 * The pixel at a point given in annotation units of the displayed page (origin top-left), for a
 * page `displayedWidthInPoints` wide as displayed: where the viewer would have shown that point.
 */
export function pixelAtAnnotationPoint(
  bitmap: RenderedBitmap,
  displayedWidthInPoints: number,
  point: { x: number; y: number },
): [number, number, number] {
  const pixelsPerPoint = bitmap.width / displayedWidthInPoints;
  return pixelAt(bitmap, point.x * ANNOTATION_GEOMETRY.scaling * pixelsPerPoint, point.y * ANNOTATION_GEOMETRY.scaling * pixelsPerPoint);
}

/** The centre of an annotation's box, in annotation units. */
export function centreOf(annotation: Pick<AnnotationFields, 'x' | 'y' | 'width' | 'height'>): { x: number; y: number } {
  return { x: annotation.x + annotation.width / 2, y: annotation.y + annotation.height / 2 };
}

/** Whether an RGB is close to another (anti-aliasing and colour management leave a few levels). */
export function isNear(actual: readonly number[], expected: readonly number[], tolerance = 12): boolean {
  return actual.every((value, index) => Math.abs(value - expected[index]) <= tolerance);
}
