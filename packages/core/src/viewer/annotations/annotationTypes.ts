import { ANNOTATION_TYPES, isTextAnnotationType, type Annotation, type AnnotationType } from '../../model';

/** What the pointer does on a page: select and edit annotations, or draw one of a type. */
export type AnnotationTool = 'select' | AnnotationType;

/** What a toolbar button names each type, in the order the annotation toolbar shows them. */
export const ANNOTATION_TOOL_NAMES: readonly { type: AnnotationType; name: string }[] = [
  { type: ANNOTATION_TYPES.solidRectangle, name: 'Rectangle' },
  { type: ANNOTATION_TYPES.textbox, name: 'Text box' },
  { type: ANNOTATION_TYPES.area, name: 'Area' },
  { type: ANNOTATION_TYPES.solidEllipse, name: 'Filled ellipse' },
  { type: ANNOTATION_TYPES.hollowEllipse, name: 'Ellipse' },
  { type: ANNOTATION_TYPES.line, name: 'Line' },
  { type: ANNOTATION_TYPES.note, name: 'Note' },
  { type: ANNOTATION_TYPES.highlight, name: 'Highlight' },
];

/** The name of an annotation type as the user reads it ('Rectangle', 'Text box', …). */
export function annotationTypeName(type: AnnotationType): string {
  return ANNOTATION_TOOL_NAMES.find((tool) => tool.type === type)?.name ?? 'Annotation';
}

/** The accessible name of a drawn annotation: 'Rectangle annotation', 'Text box annotation: Wrong VAT'. */
export function annotationLabel(annotation: Pick<Annotation, 'type' | 'content'>): string {
  const name = `${annotationTypeName(annotation.type)} annotation`;
  return isTextAnnotationType(annotation.type) ? `${name}: ${annotation.content ?? ''}` : name;
}

/** '#rrggbb' (or 'rrggbb') → integer RGB; null when it is not a six-digit hex colour. */
export function hexToColor(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  return match ? Number.parseInt(match[1], 16) : null;
}
