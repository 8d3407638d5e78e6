import { ANNOTATION_GEOMETRY, ANNOTATION_TYPES, isAnnotationType, isTextAnnotationType, type AnnotationFields } from '../model';

/**
 * Texts of annotation validation (ours: the spec has none). The server answers 400 with these;
 * the viewer can show the same before sending.
 */
export const ANNOTATION_MESSAGES = {
  notAnObject: 'The annotation must be a JSON object.',
  badType:
    'The annotation type must be one of 1 (textbox), 2 (solidRectangle), 3 (area), 4 (solidEllipse), 5 (hollowEllipse), 6 (line), 7 (note) or 8 (highlight).',
  badPage: 'The annotation page must be a whole number from 1 to the number of pages of the document.',
  pageOutOfRange: (page: number, pageCount: number): string =>
    `The annotation is on page ${page}, but the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
  badCoordinate: (field: string): string =>
    `The annotation's ${field} must be a finite number from -${ANNOTATION_GEOMETRY.maxCoordinate} to ${ANNOTATION_GEOMETRY.maxCoordinate}.`,
  negativeSize: (field: string): string => `The annotation's ${field} must not be negative (only a line may run backwards).`,
  badColor: "The annotation colour must be an RGB integer from 0 to 16777215 or a hex colour such as '#ed1c24'.",
  badContent: 'The annotation content must be text.',
  contentTooLong: `Annotation text is limited to ${ANNOTATION_GEOMETRY.maxContentLength} characters.`,
  badSize: `The annotation text size must be a number from ${ANNOTATION_GEOMETRY.minTextSize} to ${ANNOTATION_GEOMETRY.maxTextSize}.`,
  badRowVersion: 'The annotation rowVersion must be a whole number.',
} as const;

/** The outcome of validating an annotation: its normalised fields, or the first problem. */
export type AnnotationValidation = { valid: true; value: AnnotationFields } | { valid: false; message: string };

/** Options of `validateAnnotation`: the document's page count when known (the server always knows it). */
export interface AnnotationValidationOptions {
  pageCount?: number | null;
}

const HEX_COLOR = /^#?([0-9a-fA-F]{6})$/;

/**
 * An annotation colour from the wire: an integer 0..0xffffff or a hex string '#rrggbb' /
 * 'rrggbb'. Null or undefined → the default red; anything else → null (invalid).
 */
export function parseAnnotationColor(value: unknown): number | null {
  if (value === undefined || value === null) return ANNOTATION_GEOMETRY.defaultColor;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 0xffffff ? value : null;
  if (typeof value === 'string') {
    const match = HEX_COLOR.exec(value.trim());
    return match ? parseInt(match[1], 16) : null;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= ANNOTATION_GEOMETRY.maxCoordinate;
}

/**
 * Checks an annotation body (POST, or a PUT body merged over the stored fields) and normalises
 * it: colour to an integer, content and size kept only on text types (size defaults to 14,
 * content to ''). Coordinates must be finite and within ±40,000 units; width and height are
 * non-negative except on a line; the page must be a whole number within the document.
 */
export function validateAnnotation(input: unknown, options: AnnotationValidationOptions = {}): AnnotationValidation {
  if (!isRecord(input)) return { valid: false, message: ANNOTATION_MESSAGES.notAnObject };
  const { type, page } = input;
  if (!isAnnotationType(type)) return { valid: false, message: ANNOTATION_MESSAGES.badType };
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) return { valid: false, message: ANNOTATION_MESSAGES.badPage };
  const pageCount = options.pageCount;
  if (pageCount !== undefined && pageCount !== null && page > pageCount) {
    return { valid: false, message: ANNOTATION_MESSAGES.pageOutOfRange(page, pageCount) };
  }
  const coordinates: Record<'x' | 'y' | 'width' | 'height', number> = { x: 0, y: 0, width: 0, height: 0 };
  for (const field of ['x', 'y', 'width', 'height'] as const) {
    const value = input[field];
    if (!validCoordinate(value)) return { valid: false, message: ANNOTATION_MESSAGES.badCoordinate(field) };
    coordinates[field] = value;
  }
  if (type !== ANNOTATION_TYPES.line) {
    for (const field of ['width', 'height'] as const) {
      if (coordinates[field] < 0) return { valid: false, message: ANNOTATION_MESSAGES.negativeSize(field) };
    }
  }
  const color = parseAnnotationColor(input.color);
  if (color === null) return { valid: false, message: ANNOTATION_MESSAGES.badColor };

  let content: string | null = null;
  let size: number | null = null;
  if (isTextAnnotationType(type)) {
    const rawContent = input.content;
    if (rawContent !== undefined && rawContent !== null && typeof rawContent !== 'string') {
      return { valid: false, message: ANNOTATION_MESSAGES.badContent };
    }
    content = typeof rawContent === 'string' ? rawContent : '';
    // Characters, not UTF-16 units, as the note limit counts them.
    if (Array.from(content).length > ANNOTATION_GEOMETRY.maxContentLength)
      return { valid: false, message: ANNOTATION_MESSAGES.contentTooLong };
    const rawSize = input.size;
    if (rawSize === undefined || rawSize === null) {
      size = ANNOTATION_GEOMETRY.defaultTextSize;
    } else if (
      typeof rawSize !== 'number' ||
      !Number.isFinite(rawSize) ||
      rawSize < ANNOTATION_GEOMETRY.minTextSize ||
      rawSize > ANNOTATION_GEOMETRY.maxTextSize
    ) {
      return { valid: false, message: ANNOTATION_MESSAGES.badSize };
    } else {
      size = rawSize;
    }
  }
  if (
    input.rowVersion !== undefined &&
    input.rowVersion !== null &&
    !(typeof input.rowVersion === 'number' && Number.isInteger(input.rowVersion))
  ) {
    return { valid: false, message: ANNOTATION_MESSAGES.badRowVersion };
  }
  return { valid: true, value: { type, page, color, ...coordinates, content, size } };
}

/**
 * A PUT body laid over the stored fields: fields the body leaves out keep their stored value;
 * when the type changes to a non-text type its content and size are dropped by validation.
 */
export function mergeAnnotationUpdate(stored: AnnotationFields, body: unknown): unknown {
  if (!isRecord(body)) return body;
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}
