import { ANNOTATION_TYPES } from '../../model';
import { normalizeBox, type Point } from './annotationGeometry';
import { handlePositions, isLineType, type AnnotationShape, type ResizeHandle } from './annotationEditing';

/** Distance from a point to the segment a–b. */
export function distanceToSegment(point: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared));
  return Math.hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy));
}

/**
 * Whether a point (annotation units) is on a shape, with `tolerance` units of slack: a line
 * near its run, an ellipse inside its outline (hollow ones too: their inside is where users
 * click), every other type inside its box.
 */
export function shapeContains(shape: AnnotationShape, point: Point, tolerance: number): boolean {
  if (isLineType(shape.type)) {
    return distanceToSegment(point, { x: shape.x, y: shape.y }, { x: shape.x + shape.width, y: shape.y + shape.height }) <= tolerance;
  }
  const box = normalizeBox(shape);
  if (shape.type === ANNOTATION_TYPES.solidEllipse || shape.type === ANNOTATION_TYPES.hollowEllipse) {
    const rx = box.width / 2 + tolerance;
    const ry = box.height / 2 + tolerance;
    if (rx <= 0 || ry <= 0) return false;
    const nx = (point.x - (box.x + box.width / 2)) / rx;
    const ny = (point.y - (box.y + box.height / 2)) / ry;
    return nx * nx + ny * ny <= 1;
  }
  return (
    point.x >= box.x - tolerance &&
    point.x <= box.x + box.width + tolerance &&
    point.y >= box.y - tolerance &&
    point.y <= box.y + box.height + tolerance
  );
}

/** The topmost shape under a point (the last drawn wins, as it is drawn on top), or null. */
export function hitTest<T extends AnnotationShape>(shapes: readonly T[], point: Point, tolerance: number): T | null {
  for (let index = shapes.length - 1; index >= 0; index--) {
    if (shapeContains(shapes[index], point, tolerance)) return shapes[index];
  }
  return null;
}

/** The resize handle of a shape under a point (within `tolerance` units), or null. */
export function handleAt(shape: AnnotationShape, point: Point, tolerance: number): ResizeHandle | null {
  let best: { handle: ResizeHandle; distance: number } | null = null;
  for (const { handle, point: at } of handlePositions(shape)) {
    const distance = Math.hypot(point.x - at.x, point.y - at.y);
    if (distance <= tolerance && (!best || distance < best.distance)) best = { handle, distance };
  }
  return best?.handle ?? null;
}
