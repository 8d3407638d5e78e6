import { ANNOTATION_TYPE_CODES, ANNOTATION_TYPES } from '../model';
import { VIEWER_TEXT } from './viewerText';

describe("the viewer's texts", () => {
  it('names every annotation type once, in toolbar order', () => {
    expect(VIEWER_TEXT.annotationTools.map((tool) => tool.type).sort()).toEqual([...ANNOTATION_TYPE_CODES]);
    expect(VIEWER_TEXT.annotationTypeName(ANNOTATION_TYPES.solidEllipse)).toBe('Filled ellipse');
  });

  it('labels a drawn annotation with its type, and its text for text types', () => {
    expect(VIEWER_TEXT.annotationLabel(ANNOTATION_TYPES.solidRectangle, null)).toBe('Rectangle annotation');
    expect(VIEWER_TEXT.annotationLabel(ANNOTATION_TYPES.textbox, 'Wrong VAT')).toBe('Text box annotation: Wrong VAT');
    expect(VIEWER_TEXT.annotationLabel(ANNOTATION_TYPES.note, null)).toBe('Note annotation: ');
  });

  it("says the find bar's count in words", () => {
    expect(VIEWER_TEXT.matchCount(12, 2, true)).toBe('3 of 12');
    expect(VIEWER_TEXT.matchCount(4, 0, false)).toBe('1 of 4+');
    expect(VIEWER_TEXT.matchCount(0, 0, true)).toBe('No matches');
    expect(VIEWER_TEXT.matchCount(0, 0, false)).toBe('Searching…');
  });
});
