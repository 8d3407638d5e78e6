import { Type } from '@sinclair/typebox';

/** A field whose type and range the core's validateAnnotation checks, with its own message. */
function checkedByRule(description: string) {
  return Type.Optional(Type.Unknown({ description }));
}

/**
 * The body of `POST /api/documents/{id}/annotations` and `PUT /api/annotations/{id}` (core
 * AnnotationInput). The shape rules (type, page range, geometry, colour, text size) are the core's
 * validateAnnotation with its messages, so the schema names the fields and refuses unknown ones.
 */
export const AnnotationBody = Type.Object(
  {
    type: checkedByRule('Annotation type: a name or its number (core ANNOTATION_TYPES).'),
    page: checkedByRule('Page number, 1 to the page count.'),
    color: checkedByRule('Colour: a number or #rrggbb.'),
    x: checkedByRule('Left edge in page units, -40000 to 40000.'),
    y: checkedByRule('Top edge in page units, -40000 to 40000.'),
    width: checkedByRule('Width in page units, not negative.'),
    height: checkedByRule('Height in page units, not negative.'),
    content: checkedByRule('Text of a text annotation, at most 4000 characters, or null.'),
    size: checkedByRule('Font size of a text annotation, or null.'),
    rowVersion: Type.Optional(Type.Integer({ description: 'The row version read; a changed annotation answers 409.' })),
  },
  { additionalProperties: false },
);
