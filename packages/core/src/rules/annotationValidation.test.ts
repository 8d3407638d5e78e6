import { ANNOTATION_GEOMETRY, ANNOTATION_TYPES, annotationColorToHex, type AnnotationFields } from '../model';
import { ANNOTATION_MESSAGES, mergeAnnotationUpdate, parseAnnotationColor, validateAnnotation } from './annotationValidation';

const rectangle = { type: ANNOTATION_TYPES.solidRectangle, page: 2, x: 100, y: 200, width: 300, height: 150 };

describe('parseAnnotationColor', () => {
  it('takes integers and hex strings, and defaults to ed1c24', () => {
    expect(parseAnnotationColor(0x00ff00)).toBe(0x00ff00);
    expect(parseAnnotationColor('#0000FF')).toBe(0x0000ff);
    expect(parseAnnotationColor('ed1c24')).toBe(0xed1c24);
    expect(parseAnnotationColor(undefined)).toBe(0xed1c24);
    expect(parseAnnotationColor(null)).toBe(0xed1c24);
  });

  it('refuses everything else', () => {
    for (const bad of [-1, 0x1000000, 1.5, '#fff', 'red', '#gggggg', true, {}]) expect(parseAnnotationColor(bad)).toBeNull();
  });

  it('round-trips through annotationColorToHex', () => {
    expect(annotationColorToHex(0xed1c24)).toBe('#ed1c24');
    expect(annotationColorToHex(0x0000ff)).toBe('#0000ff');
    expect(parseAnnotationColor(annotationColorToHex(0x012345))).toBe(0x012345);
  });
});

describe('validateAnnotation', () => {
  it('normalises a shape: default colour, no text fields', () => {
    expect(validateAnnotation(rectangle, { pageCount: 3 })).toEqual({
      valid: true,
      value: { ...rectangle, color: 0xed1c24, content: null, size: null },
    });
  });

  it('gives text types content and the default size 14', () => {
    const result = validateAnnotation({ ...rectangle, type: ANNOTATION_TYPES.textbox, color: '#00ff00' });
    expect(result).toEqual({ valid: true, value: { ...rectangle, type: 1, color: 0x00ff00, content: '', size: 14 } });
    expect(ANNOTATION_GEOMETRY.defaultTextSize).toBe(14);
    const note = validateAnnotation({ ...rectangle, type: ANNOTATION_TYPES.note, content: 'wrong VAT', size: 20 });
    expect(note).toEqual({ valid: true, value: { ...rectangle, type: 7, color: 0xed1c24, content: 'wrong VAT', size: 20 } });
  });

  it('drops content and size from shapes', () => {
    const result = validateAnnotation({ ...rectangle, content: 'ignored', size: 30 });
    expect(result.valid && result.value.content).toBeNull();
    expect(result.valid && result.value.size).toBeNull();
  });

  it('refuses non-objects and unknown types', () => {
    expect(validateAnnotation(null)).toEqual({ valid: false, message: ANNOTATION_MESSAGES.notAnObject });
    expect(validateAnnotation([rectangle])).toEqual({ valid: false, message: ANNOTATION_MESSAGES.notAnObject });
    for (const type of [0, 9, '2', 2.5, undefined]) {
      expect(validateAnnotation({ ...rectangle, type })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.badType });
    }
  });

  it('accepts every one of the eight type codes', () => {
    for (const type of Object.values(ANNOTATION_TYPES)) expect(validateAnnotation({ ...rectangle, type }).valid).toBe(true);
  });

  it('refuses pages that are not whole, below 1 or past the document', () => {
    for (const page of [0, -1, 1.5, '2', undefined]) {
      expect(validateAnnotation({ ...rectangle, page })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.badPage });
    }
    expect(validateAnnotation(rectangle, { pageCount: 1 })).toEqual({
      valid: false,
      message: 'The annotation is on page 2, but the document has 1 page.',
    });
    expect(validateAnnotation({ ...rectangle, page: 5 }, { pageCount: 4 })).toEqual({
      valid: false,
      message: 'The annotation is on page 5, but the document has 4 pages.',
    });
    expect(validateAnnotation(rectangle, { pageCount: 2 }).valid).toBe(true);
    expect(validateAnnotation({ ...rectangle, page: 900 }).valid).toBe(true);
  });

  it('refuses coordinates that are not finite numbers within ±40000', () => {
    for (const field of ['x', 'y', 'width', 'height'] as const) {
      for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 40_001, -40_001, '10', null, undefined]) {
        expect(validateAnnotation({ ...rectangle, [field]: bad })).toEqual({
          valid: false,
          message: ANNOTATION_MESSAGES.badCoordinate(field),
        });
      }
      expect(validateAnnotation({ ...rectangle, [field]: 40_000 }).valid).toBe(true);
    }
    expect(ANNOTATION_MESSAGES.badCoordinate('x')).toBe("The annotation's x must be a finite number from -40000 to 40000.");
  });

  it('lets only a line run backwards', () => {
    expect(validateAnnotation({ ...rectangle, width: -5 })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.negativeSize('width') });
    expect(validateAnnotation({ ...rectangle, height: -5 })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.negativeSize('height') });
    expect(validateAnnotation({ ...rectangle, type: ANNOTATION_TYPES.line, width: -5, height: -7 }).valid).toBe(true);
  });

  it('refuses bad colours', () => {
    expect(validateAnnotation({ ...rectangle, color: 'blue' })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.badColor });
    expect(validateAnnotation({ ...rectangle, color: 0x1000000 })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.badColor });
  });

  it('limits text to 4000 characters, counting characters not UTF-16 units', () => {
    const textbox = { ...rectangle, type: ANNOTATION_TYPES.textbox };
    expect(validateAnnotation({ ...textbox, content: 'x'.repeat(4000) }).valid).toBe(true);
    expect(validateAnnotation({ ...textbox, content: '😀'.repeat(4000) }).valid).toBe(true);
    expect(validateAnnotation({ ...textbox, content: 'x'.repeat(4001) })).toEqual({
      valid: false,
      message: ANNOTATION_MESSAGES.contentTooLong,
    });
    expect(validateAnnotation({ ...textbox, content: 42 })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.badContent });
  });

  it('limits the text size to 4..144', () => {
    const textbox = { ...rectangle, type: ANNOTATION_TYPES.textbox };
    for (const size of [3.9, 145, Number.NaN, '14']) {
      expect(validateAnnotation({ ...textbox, size })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.badSize });
    }
    expect(validateAnnotation({ ...textbox, size: 4 }).valid).toBe(true);
    expect(validateAnnotation({ ...textbox, size: 144 }).valid).toBe(true);
  });

  it('refuses a rowVersion that is not a whole number', () => {
    expect(validateAnnotation({ ...rectangle, rowVersion: 'x' })).toEqual({ valid: false, message: ANNOTATION_MESSAGES.badRowVersion });
    expect(validateAnnotation({ ...rectangle, rowVersion: 3 }).valid).toBe(true);
  });
});

describe('mergeAnnotationUpdate', () => {
  const stored: AnnotationFields = { type: 1, page: 1, color: 0xed1c24, x: 1, y: 2, width: 3, height: 4, content: 'hi', size: 14 };

  it('keeps the stored fields the body leaves out', () => {
    const merged = mergeAnnotationUpdate(stored, { x: 50, content: 'moved' });
    expect(validateAnnotation(merged)).toEqual({ valid: true, value: { ...stored, x: 50, content: 'moved' } });
  });

  it('drops text fields when the type becomes a shape', () => {
    const merged = mergeAnnotationUpdate(stored, { type: ANNOTATION_TYPES.hollowEllipse });
    expect(validateAnnotation(merged)).toEqual({ valid: true, value: { ...stored, type: 5, content: null, size: null } });
  });

  it('passes a non-object body on for validation to refuse', () => {
    expect(validateAnnotation(mergeAnnotationUpdate(stored, 'x'))).toEqual({ valid: false, message: ANNOTATION_MESSAGES.notAnObject });
  });
});
