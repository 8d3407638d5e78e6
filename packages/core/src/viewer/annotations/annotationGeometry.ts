import { ANNOTATION_GEOMETRY } from '../../model';

/** A point; in annotation units (page frame) or CSS pixels (screen), as each function says. */
export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned box; width and height may be negative only for a line's run. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How one page is shown: its size in PDF points as displayed at no extra rotation (pdf.js'
 * viewport at scale 1 with the page's own /Rotate, i.e. the annotation frame of
 * ANNOTATION_GEOMETRY), the zoom and the viewer's extra clockwise rotation (0, 90, 180, 270).
 */
export interface PageView {
  /** Page width in points, as displayed before the viewer's rotation. */
  width: number;
  /** Page height in points, as displayed before the viewer's rotation. */
  height: number;
  /** CSS pixels per point. */
  scale: number;
  /** The viewer's extra clockwise rotation in degrees. */
  rotation: number;
}

/** A 2-D affine transform as SVG's matrix(a b c d e f): X = a·x + c·y + e, Y = b·x + d·y + f. */
export interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

/** Annotation units → PDF points (spec §9: 0.36). */
export function unitsToPoints(units: number): number {
  return units * ANNOTATION_GEOMETRY.scaling;
}

/** PDF points → annotation units. */
export function pointsToUnits(points: number): number {
  return points / ANNOTATION_GEOMETRY.scaling;
}

/** The page's size in annotation units (the frame annotations are stored in). */
export function pageSizeInUnits(view: PageView): { width: number; height: number } {
  return { width: pointsToUnits(view.width), height: pointsToUnits(view.height) };
}

/** The quarter turn in 0…3 for a rotation in degrees (any multiple of 90, negative too). */
function quarterTurns(rotation: number): number {
  return ((Math.round(rotation / 90) % 4) + 4) % 4;
}

/** The page's size on screen in CSS pixels: a quarter turn swaps width and height. */
export function screenPageSize(view: PageView): { width: number; height: number } {
  const width = view.width * view.scale;
  const height = view.height * view.scale;
  return quarterTurns(view.rotation) % 2 === 0 ? { width, height } : { width: height, height: width };
}

/**
 * The transform from annotation units to CSS pixels inside the shown page (its top-left
 * corner at 0,0): scale by 0.36 × zoom, then turn clockwise by the viewer's rotation about the
 * page and move the turned page back to the origin.
 */
export function pageToScreenMatrix(view: PageView): Matrix {
  const k = ANNOTATION_GEOMETRY.scaling * view.scale;
  const width = view.width * view.scale;
  const height = view.height * view.scale;
  switch (quarterTurns(view.rotation)) {
    case 1:
      // Clockwise quarter turn: the page's left edge becomes the top; its top-left corner goes top right.
      return { a: 0, b: k, c: -k, d: 0, e: height, f: 0 };
    case 2:
      return { a: -k, b: 0, c: 0, d: -k, e: width, f: height };
    case 3:
      return { a: 0, b: -k, c: k, d: 0, e: 0, f: width };
    default:
      return { a: k, b: 0, c: 0, d: k, e: 0, f: 0 };
  }
}

/** The inverse of an affine transform (the ones here are never singular: the zoom is above 0). */
export function invertMatrix(m: Matrix): Matrix {
  const det = m.a * m.d - m.b * m.c;
  return {
    a: m.d / det,
    b: -m.b / det,
    c: -m.c / det,
    d: m.a / det,
    e: (m.c * m.f - m.d * m.e) / det,
    f: (m.b * m.e - m.a * m.f) / det,
  };
}

/** Applies a transform to a point. */
export function applyMatrix(m: Matrix, point: Point): Point {
  return { x: m.a * point.x + m.c * point.y + m.e, y: m.b * point.x + m.d * point.y + m.f };
}

/** Applies a transform to a direction (no translation): for drags and nudges. */
export function applyMatrixToVector(m: Matrix, vector: Point): Point {
  return { x: m.a * vector.x + m.c * vector.y, y: m.b * vector.x + m.d * vector.y };
}

/** A point in annotation units → CSS pixels in the shown page. */
export function pageToScreen(view: PageView, point: Point): Point {
  return applyMatrix(pageToScreenMatrix(view), point);
}

/** CSS pixels in the shown page → annotation units. */
export function screenToPage(view: PageView, point: Point): Point {
  return applyMatrix(invertMatrix(pageToScreenMatrix(view)), point);
}

/** A box in annotation units → the screen box (CSS pixels) that covers it once turned; always positive size. */
export function boxToScreen(view: PageView, box: Box): Box {
  const m = pageToScreenMatrix(view);
  return boundsOf([applyMatrix(m, { x: box.x, y: box.y }), applyMatrix(m, { x: box.x + box.width, y: box.y + box.height })]);
}

/** The SVG `transform` attribute that draws annotation units in screen pixels. */
export function svgTransform(view: PageView): string {
  const m = pageToScreenMatrix(view);
  return `matrix(${[m.a, m.b, m.c, m.d, m.e, m.f].map((value) => Number(value.toFixed(6))).join(' ')})`;
}

/** The smallest box with positive size covering the given points. */
export function boundsOf(points: readonly Point[]): Box {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** A box with positive width and height covering the same area (a line's run made into its bounds). */
export function normalizeBox(box: Box): Box {
  return boundsOf([
    { x: box.x, y: box.y },
    { x: box.x + box.width, y: box.y + box.height },
  ]);
}

/** Text height in annotation units for a text size (spec §9: size × 2). */
export function textHeightInUnits(size: number): number {
  return size * ANNOTATION_GEOMETRY.textSizeScaling;
}
