import type { AnnotationType } from '../../model';

/** What the pointer does on a page: select and edit annotations, or draw one of a type. */
export type AnnotationTool = 'select' | AnnotationType;

/** '#rrggbb' (or 'rrggbb') → integer RGB; null when it is not a six-digit hex colour. */
export function hexToColor(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  return match ? Number.parseInt(match[1], 16) : null;
}
