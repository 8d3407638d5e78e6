import { ANNOTATION_TYPES, type AnnotationType } from '../../model';
import { normalizeBox, type Box, type Point } from './annotationGeometry';

/** What drawing, moving and resizing need of an annotation: its type and its box in annotation units. */
export interface AnnotationShape extends Box {
  type: AnnotationType;
}

/** A page's size in annotation units: edits keep annotations on the page. */
export interface PageBounds {
  width: number;
  height: number;
}

/** A resize handle: the eight of a box, or the two ends of a line. */
export type ResizeHandle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'start' | 'end';

/** Smallest width or height (annotation units, 3.6 pt) of a drawn box; a line needs this length. */
export const MIN_ANNOTATION_SIZE = 10;

/** Box of a text box or note placed with a click instead of a drag (ours: 144 × 43 pt). */
export const DEFAULT_TEXT_BOX = { width: 400, height: 120 } as const;

/** Whether an annotation type is a line (a run from x,y by width,height, which may be negative). */
export function isLineType(type: AnnotationType): boolean {
  return type === ANNOTATION_TYPES.line;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function clampPoint(point: Point, page: PageBounds): Point {
  return { x: clamp(point.x, 0, page.width), y: clamp(point.y, 0, page.height) };
}

function round(box: Box): Box {
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/**
 * The box a drag from `start` to `end` draws for a type (annotation units, kept on the page): a
 * line keeps its direction; every other type is the positive box between the two points.
 * A text box or note placed with a click gets DEFAULT_TEXT_BOX. Null when the drag is too small
 * to be meant (a click with a shape tool).
 */
export function draftFromDrag(type: AnnotationType, start: Point, end: Point, page: PageBounds): AnnotationShape | null {
  const from = clampPoint(start, page);
  const to = clampPoint(end, page);
  if (isLineType(type)) {
    const width = to.x - from.x;
    const height = to.y - from.y;
    if (Math.hypot(width, height) < MIN_ANNOTATION_SIZE) return null;
    return { type, ...round({ x: from.x, y: from.y, width, height }) };
  }
  const box = normalizeBox({ x: from.x, y: from.y, width: to.x - from.x, height: to.y - from.y });
  if (box.width < MIN_ANNOTATION_SIZE || box.height < MIN_ANNOTATION_SIZE) {
    if (type !== ANNOTATION_TYPES.textbox && type !== ANNOTATION_TYPES.note) return null;
    const width = Math.min(DEFAULT_TEXT_BOX.width, page.width);
    const height = Math.min(DEFAULT_TEXT_BOX.height, page.height);
    return { type, ...round({ x: clamp(from.x, 0, page.width - width), y: clamp(from.y, 0, page.height - height), width, height }) };
  }
  return { type, ...round(box) };
}

/** The shape moved by `delta` annotation units, stopped at the page edges (size and direction kept). */
export function moveShape(shape: AnnotationShape, delta: Point, page: PageBounds): AnnotationShape {
  const bounds = normalizeBox(shape);
  const dx = clamp(delta.x, -bounds.x, page.width - bounds.x - bounds.width);
  const dy = clamp(delta.y, -bounds.y, page.height - bounds.y - bounds.height);
  return { ...shape, x: Math.round(shape.x + dx), y: Math.round(shape.y + dy) };
}

/**
 * The shape with one handle dragged to `point` (annotation units, kept on the page). A box's
 * opposite edge stays put and the box never shrinks below MIN_ANNOTATION_SIZE nor turns inside
 * out; a line's other end stays put.
 */
export function resizeShape(shape: AnnotationShape, handle: ResizeHandle, point: Point, page: PageBounds): AnnotationShape {
  const to = clampPoint(point, page);
  if (isLineType(shape.type)) {
    const start = { x: shape.x, y: shape.y };
    const end = { x: shape.x + shape.width, y: shape.y + shape.height };
    if (handle === 'start') return { ...shape, ...round({ x: to.x, y: to.y, width: end.x - to.x, height: end.y - to.y }) };
    if (handle === 'end') return { ...shape, ...round({ x: start.x, y: start.y, width: to.x - start.x, height: to.y - start.y }) };
    return shape;
  }
  let left = shape.x;
  let top = shape.y;
  let right = shape.x + shape.width;
  let bottom = shape.y + shape.height;
  if (handle.includes('w')) left = Math.min(to.x, right - MIN_ANNOTATION_SIZE);
  if (handle.includes('e')) right = Math.max(to.x, left + MIN_ANNOTATION_SIZE);
  if (handle.includes('n')) top = Math.min(to.y, bottom - MIN_ANNOTATION_SIZE);
  if (handle.includes('s')) bottom = Math.max(to.y, top + MIN_ANNOTATION_SIZE);
  return { ...shape, ...round({ x: left, y: top, width: right - left, height: bottom - top }) };
}

/** Where each resize handle of a shape sits, in annotation units. */
export function handlePositions(shape: AnnotationShape): { handle: ResizeHandle; point: Point }[] {
  if (isLineType(shape.type)) {
    return [
      { handle: 'start', point: { x: shape.x, y: shape.y } },
      { handle: 'end', point: { x: shape.x + shape.width, y: shape.y + shape.height } },
    ];
  }
  const { x, y, width, height } = shape;
  const midX = x + width / 2;
  const midY = y + height / 2;
  return [
    { handle: 'nw', point: { x, y } },
    { handle: 'n', point: { x: midX, y } },
    { handle: 'ne', point: { x: x + width, y } },
    { handle: 'e', point: { x: x + width, y: midY } },
    { handle: 'se', point: { x: x + width, y: y + height } },
    { handle: 's', point: { x: midX, y: y + height } },
    { handle: 'sw', point: { x, y: y + height } },
    { handle: 'w', point: { x, y: midY } },
  ];
}

/** Whether two shapes have the same box (an edit that changed nothing is not saved). */
export function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** Size of a shape placed from the keyboard (Enter on a page with a drawing tool), in annotation units. */
export const KEYBOARD_SHAPE = { width: 400, height: 200 } as const;

/**
 * The shape a keyboard user places with a drawing tool: centred on the page, KEYBOARD_SHAPE
 * (a text box or note DEFAULT_TEXT_BOX, a line a level run of the same width), never larger
 * than the page. Arrows then move it and Shift+arrows size it.
 */
export function centredShape(type: AnnotationType, page: PageBounds): AnnotationShape {
  const text = type === ANNOTATION_TYPES.textbox || type === ANNOTATION_TYPES.note;
  const width = Math.min(text ? DEFAULT_TEXT_BOX.width : KEYBOARD_SHAPE.width, page.width);
  const height = isLineType(type) ? 0 : Math.min(text ? DEFAULT_TEXT_BOX.height : KEYBOARD_SHAPE.height, page.height);
  return { type, ...round({ x: (page.width - width) / 2, y: (page.height - height) / 2, width, height }) };
}

/**
 * The shape grown (or shrunk, with negative values) by `delta` annotation units from its
 * bottom-right corner — a line's end moves instead — within the page and never below
 * MIN_ANNOTATION_SIZE.
 */
export function growShape(shape: AnnotationShape, delta: Point, page: PageBounds): AnnotationShape {
  if (isLineType(shape.type))
    return resizeShape(shape, 'end', { x: shape.x + shape.width + delta.x, y: shape.y + shape.height + delta.y }, page);
  return resizeShape(shape, 'se', { x: shape.x + shape.width + delta.x, y: shape.y + shape.height + delta.y }, page);
}
