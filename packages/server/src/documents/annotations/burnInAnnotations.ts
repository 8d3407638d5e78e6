import {
  BlendMode,
  LineCapStyle,
  PDFDocument,
  PDFName,
  PDFNumber,
  StandardFonts,
  clip,
  concatTransformationMatrix,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
} from '@cantoo/pdf-lib';
import type { PDFFont, PDFPage, RGB } from '@cantoo/pdf-lib';
import { ANNOTATION_GEOMETRY, ANNOTATION_TYPES } from '@datahaven/core/model';
import type { AnnotationFields } from '@datahaven/core/model';

/** The visible frame of a page: its CropBox (MediaBox without one) in user space, /Rotate and /UserUnit. */
export interface PageFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  /** 0, 90, 180 or 270 (clockwise, as displayed). */
  rotation: 0 | 90 | 180 | 270;
  /** Points per user-space unit (PDF 1.6 /UserUnit; 1 when absent). */
  userUnit: number;
}

/** A PDF matrix [a b c d e f]. */
export type PdfMatrix = [number, number, number, number, number, number];

/** Normalises any /Rotate value to 0, 90, 180 or 270 (negative and > 360 values occur; non-multiples of 90 are rounded). */
export function normaliseRotation(angle: number): PageFrame['rotation'] {
  const quarter = ((Math.round((Number.isFinite(angle) ? angle : 0) / 90) % 4) + 4) % 4;
  return ([0, 90, 180, 270] as const)[quarter];
}

/** The page's frame as pdf-lib reads it (CropBox and /Rotate are inheritable; /UserUnit is not). */
export function pageFrameOf(page: PDFPage): PageFrame {
  const box = page.getCropBox();
  const unit = page.node.get(PDFName.of('UserUnit'));
  const userUnit = unit instanceof PDFNumber && unit.asNumber() > 0 ? unit.asNumber() : 1;
  // A box written upside down (negative width or height) is the same rectangle.
  const x = Math.min(box.x, box.x + box.width);
  const y = Math.min(box.y, box.y + box.height);
  return {
    x,
    y,
    width: Math.abs(box.width),
    height: Math.abs(box.height),
    rotation: normaliseRotation(page.getRotation().angle),
    userUnit,
  };
}

/** Size of the page as displayed (after rotation), in points. */
export function displayedSizeInPoints(frame: PageFrame): { width: number; height: number } {
  const sideways = frame.rotation === 90 || frame.rotation === 270;
  const width = (sideways ? frame.height : frame.width) * frame.userUnit;
  const height = (sideways ? frame.width : frame.height) * frame.userUnit;
  return { width, height };
}

/**
 * The matrix from "display points" — points on the page as displayed, origin bottom-left, y up —
 * to the page's user space. Drawing in display points puts a mark where the viewer showed it
 * whatever the page's /Rotate, CropBox offset and /UserUnit, and keeps text upright as displayed.
 */
export function displayToUserSpace(frame: PageFrame): PdfMatrix {
  const s = 1 / frame.userUnit;
  const { x, y, width, height } = frame;
  switch (frame.rotation) {
    case 90:
      // Shown turned clockwise: display x runs up the user space, display y (up) runs left.
      return [0, s, -s, 0, x + width, y];
    case 180:
      return [-s, 0, 0, -s, x + width, y + height];
    case 270:
      return [0, -s, s, 0, x, y + height];
    default:
      return [s, 0, 0, s, x, y];
  }
}

/** Applies a matrix to a point (for tests and callers that place things by hand). */
export function applyMatrix(matrix: PdfMatrix, point: { x: number; y: number }): { x: number; y: number } {
  const [a, b, c, d, e, f] = matrix;
  return { x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f };
}

function colorOf(value: number): RGB {
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

/** Characters Helvetica (WinAnsi) can draw; others become '?' rather than failing the whole output. */
function drawableText(supported: ReadonlySet<number>, text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (char === '\n') out += char;
    else if (char === '\t') out += '    ';
    else if (code < 0x20)
      continue; // other controls have no glyphs and no width
    else out += supported.has(code) ? char : '?';
  }
  return out;
}

/** Greedy word wrap to `maxWidth` points; words longer than a line are broken by character. */
function wrapLines(font: PDFFont, size: number, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/(\s+)/)) {
      const candidate = line + word;
      if (line === '' || font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      lines.push(line.trimEnd());
      line = word.trimStart();
      while (line.length > 1 && font.widthOfTextAtSize(line, size) > maxWidth) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > maxWidth) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

interface DrawContext {
  page: PDFPage;
  font: PDFFont;
  supported: ReadonlySet<number>;
  /** Displayed page height in points: annotation y (top-down) → display points (bottom-up). */
  pageHeight: number;
}

/** Draws one annotation, in display points (the caller has set the matrix). */
function drawAnnotation(context: DrawContext, annotation: AnnotationFields): void {
  const { page, pageHeight } = context;
  const k = ANNOTATION_GEOMETRY.scaling;
  const color = colorOf(annotation.color);
  const stroke = ANNOTATION_GEOMETRY.strokeWidth * k;
  const left = annotation.x * k;
  const top = pageHeight - annotation.y * k;
  const width = annotation.width * k;
  const height = annotation.height * k;
  const box = { x: left, y: top - height, width, height };
  switch (annotation.type) {
    case ANNOTATION_TYPES.solidRectangle:
      page.drawRectangle({ ...box, color });
      return;
    case ANNOTATION_TYPES.area:
      page.drawRectangle({ ...box, borderColor: color, borderWidth: stroke });
      return;
    case ANNOTATION_TYPES.highlight:
      page.drawRectangle({ ...box, color, opacity: ANNOTATION_GEOMETRY.highlightOpacity, blendMode: BlendMode.Multiply });
      return;
    case ANNOTATION_TYPES.solidEllipse:
    case ANNOTATION_TYPES.hollowEllipse: {
      const ellipse = { x: left + width / 2, y: top - height / 2, xScale: width / 2, yScale: height / 2 };
      if (annotation.type === ANNOTATION_TYPES.solidEllipse) page.drawEllipse({ ...ellipse, color });
      else page.drawEllipse({ ...ellipse, borderColor: color, borderWidth: stroke });
      return;
    }
    case ANNOTATION_TYPES.line:
      page.drawLine({
        start: { x: left, y: top },
        end: { x: left + width, y: top - height },
        thickness: stroke,
        color,
        lineCap: LineCapStyle.Round,
      });
      return;
    case ANNOTATION_TYPES.note:
      page.drawRectangle({
        ...box,
        color,
        opacity: ANNOTATION_GEOMETRY.noteFillOpacity,
        borderColor: color,
        borderWidth: stroke,
        borderOpacity: 1,
      });
      drawText(context, annotation, box, rgb(0, 0, 0));
      return;
    case ANNOTATION_TYPES.textbox:
      drawText(context, annotation, box, color);
      return;
    default:
      return;
  }
}

/** The text of a textbox or note, wrapped to its box and clipped to it. */
function drawText(
  context: DrawContext,
  annotation: AnnotationFields,
  box: { x: number; y: number; width: number; height: number },
  color: RGB,
): void {
  const text = drawableText(context.supported, annotation.content ?? '');
  if (text.trim() === '') return;
  const k = ANNOTATION_GEOMETRY.scaling;
  const size = (annotation.size ?? ANNOTATION_GEOMETRY.defaultTextSize) * ANNOTATION_GEOMETRY.textSizeScaling * k;
  const padding = ANNOTATION_GEOMETRY.textPadding * k;
  const lineHeight = size * 1.2;
  const lines = wrapLines(context.font, size, text, Math.max(size, box.width - 2 * padding));
  context.page.pushOperators(pushGraphicsState(), rectangle(box.x, box.y, box.width, box.height), clip(), endPath());
  let baseline = box.y + box.height - padding - context.font.heightAtSize(size, { descender: false });
  for (const line of lines) {
    if (baseline < box.y - lineHeight) break;
    if (line !== '') context.page.drawText(line, { x: box.x + padding, y: baseline, size, font: context.font, color });
    baseline -= lineHeight;
  }
  context.page.pushOperators(popGraphicsState());
}

/**
 * Draws the annotations into the PDF `source` and returns the new PDF. Only pages with
 * annotations are touched: their existing content is wrapped in q/Q (so a page that leaves its
 * graphics state changed cannot move the marks), then one stream per page draws the marks in
 * display points through `displayToUserSpace`. Annotations on pages the PDF does not have are
 * skipped. Nothing is kept between calls: one document's pages are in memory at a time.
 */
export async function burnInAnnotations(source: Uint8Array, annotations: readonly AnnotationFields[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(source, { updateMetadata: false });
  if (annotations.length === 0) return pdf.save();
  const byPage = new Map<number, AnnotationFields[]>();
  for (const annotation of annotations) {
    const list = byPage.get(annotation.page) ?? [];
    list.push(annotation);
    byPage.set(annotation.page, list);
  }
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const supported = new Set(font.getCharacterSet());
  const pageCount = pdf.getPageCount();
  for (const [pageNumber, onPage] of [...byPage.entries()].sort((a, b) => a[0] - b[0])) {
    if (pageNumber < 1 || pageNumber > pageCount) continue;
    const page = pdf.getPage(pageNumber - 1);
    const frame = pageFrameOf(page);
    const start = pdf.context.register(pdf.context.contentStream([pushGraphicsState()]));
    const end = pdf.context.register(pdf.context.contentStream([popGraphicsState()]));
    page.node.wrapContentStreams(start, end);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...displayToUserSpace(frame)));
    const context: DrawContext = { page, font, supported, pageHeight: displayedSizeInPoints(frame).height };
    for (const annotation of onPage) drawAnnotation(context, annotation);
    page.pushOperators(popGraphicsState());
  }
  return pdf.save();
}
