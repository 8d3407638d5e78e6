import { ANNOTATION_TYPE_CODES, ANNOTATION_TYPES } from '../../model';
import { ANNOTATION_TOOL_NAMES, annotationLabel, annotationTypeName, hexToColor } from './annotationTypes';

describe('annotation names', () => {
  it('names every type once', () => {
    expect(ANNOTATION_TOOL_NAMES.map((tool) => tool.type).sort()).toEqual([...ANNOTATION_TYPE_CODES]);
    expect(annotationTypeName(ANNOTATION_TYPES.solidEllipse)).toBe('Filled ellipse');
  });

  it('labels a drawn annotation with its type, and its text for text types', () => {
    expect(annotationLabel({ type: ANNOTATION_TYPES.solidRectangle, content: null })).toBe('Rectangle annotation');
    expect(annotationLabel({ type: ANNOTATION_TYPES.textbox, content: 'Wrong VAT' })).toBe('Text box annotation: Wrong VAT');
    expect(annotationLabel({ type: ANNOTATION_TYPES.note, content: null })).toBe('Note annotation: ');
  });

  it('reads a six-digit hex colour only', () => {
    expect(hexToColor('#ed1c24')).toBe(0xed1c24);
    expect(hexToColor('00FF00')).toBe(0x00ff00);
    expect(hexToColor('#fff')).toBeNull();
    expect(hexToColor('red')).toBeNull();
  });
});
