import { LIMITS } from './constants';

/**
 * Type codes of spec §3 "Annotation". The numbers are what is stored and sent; the names are
 * the spec's.
 */
export const ANNOTATION_TYPES = {
  textbox: 1,
  solidRectangle: 2,
  area: 3,
  solidEllipse: 4,
  hollowEllipse: 5,
  line: 6,
  note: 7,
  highlight: 8,
} as const;

/** The spec's name of an annotation type (`textbox`, `solidRectangle`, …). */
export type AnnotationTypeName = keyof typeof ANNOTATION_TYPES;

/** An annotation type code, 1–8. */
export type AnnotationType = (typeof ANNOTATION_TYPES)[AnnotationTypeName];

/** Every type code, in code order. */
export const ANNOTATION_TYPE_CODES: readonly AnnotationType[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** Types that carry `content` and `size` (spec §3: "text types also have content and size"). */
export const TEXT_ANNOTATION_TYPES: readonly AnnotationType[] = [ANNOTATION_TYPES.textbox, ANNOTATION_TYPES.note];

/**
 * Geometry and drawing constants shared by the viewer and the server's burn-in, so a mark
 * drawn in the browser lands on the same place and at the same size in the output PDF.
 *
 * Coordinates (`x`, `y`, `width`, `height`) are in annotation units: one unit is
 * `scaling` (0.36, spec §9) PDF points — 1/200 inch, a 200-dpi scan's pixel. The origin is the
 * top-left corner of the page *as displayed*: the page's CropBox (MediaBox when it has none)
 * after its /Rotate is applied; y grows downwards. A `line` runs from (x, y) to
 * (x + width, y + height), so its width and height may be negative; every other type is the
 * box (x, y, width, height) with width, height ≥ 0.
 *
 * Text (`textbox`, `note`): `size` is the user's text size (default 14); the glyphs are
 * `size × textSizeScaling` (2, spec §9) annotation units tall, i.e. size × 0.72 points.
 */
export const ANNOTATION_GEOMETRY = {
  /** PDF points per annotation unit (spec §9 "annotation coordinate scaling 0.36"). */
  scaling: LIMITS.annotationScaling,
  /** Annotation units per text size step (spec §9 "text size scaling 2"). */
  textSizeScaling: LIMITS.annotationTextSizeScaling,
  /** Text size when none is given (spec §9). */
  defaultTextSize: LIMITS.annotationDefaultTextSize,
  /** Colour when none is given: 0xed1c24 (spec §3, §9). */
  defaultColor: LIMITS.annotationDefaultColor,
  /** Stroke width of line, area and hollow ellipse, and of the note's border, in annotation units (ours: 1.08 pt). */
  strokeWidth: 3,
  /** Opacity of a highlight's fill (ours: the page stays readable through it). */
  highlightOpacity: 0.35,
  /** Opacity of a note's background tint in its colour (ours). */
  noteFillOpacity: 0.15,
  /** Inner padding of textbox and note text, in annotation units (ours). */
  textPadding: 6,
  /** Smallest and largest text size accepted (ours). */
  minTextSize: 4,
  maxTextSize: 144,
  /** Largest |coordinate| accepted: 40,000 units = 200 inches, PDF's largest page side (ours). */
  maxCoordinate: 40_000,
  /** Longest content in characters (ours: the note limit, 4000). */
  maxContentLength: LIMITS.noteMaxLength,
} as const;

/** An annotation as the API returns it (spec §3 "Annotation" plus who and when). */
export interface Annotation {
  /** uuid */
  id: string;
  docId: number;
  type: AnnotationType;
  /** 1-based page number. */
  page: number;
  /** Integer RGB, 0xRRGGBB (spec: "stored colour is an integer RGB"). */
  color: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Text of textbox and note; null for the other types. */
  content: string | null;
  /** Text size of textbox and note; null for the other types. */
  size: number | null;
  /** Username of the author. */
  author: string;
  createdAt: string;
  updatedAt: string;
  /** Incremented on every change; a PUT may send it back to refuse a stale overwrite (409). */
  rowVersion: number;
  /** Whether the caller may change or delete this annotation (privileges, queue flag, locks). */
  canEdit: boolean;
}

/** The stored fields of an annotation, normalised (colour an integer, content and size null for non-text types). */
export type AnnotationFields = Pick<Annotation, 'type' | 'page' | 'color' | 'x' | 'y' | 'width' | 'height' | 'content' | 'size'>;

/**
 * Body of `POST /api/documents/{id}/annotations` and `PUT /api/annotations/{id}`.
 * `color` may be an integer RGB or a hex string ('#ed1c24' or 'ed1c24'); omitted → default red.
 * `content` and `size` apply to text types only (omitted size → 14). On PUT every field is
 * optional (the stored value stays) and `rowVersion`, when sent, must match.
 */
export interface AnnotationInput {
  type: AnnotationType;
  page: number;
  color?: number | string;
  x: number;
  y: number;
  width: number;
  height: number;
  content?: string | null;
  size?: number | null;
  rowVersion?: number;
}

/** Whether an annotation type carries text (content and size). */
export function isTextAnnotationType(type: AnnotationType): boolean {
  return TEXT_ANNOTATION_TYPES.includes(type);
}

/** Whether a value is one of the eight type codes. */
export function isAnnotationType(value: unknown): value is AnnotationType {
  return typeof value === 'number' && (ANNOTATION_TYPE_CODES as readonly number[]).includes(value);
}

/** Integer RGB → '#rrggbb'. */
export function annotationColorToHex(color: number): string {
  return `#${(color & 0xffffff).toString(16).padStart(6, '0')}`;
}
