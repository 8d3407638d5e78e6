import { ANNOTATION_TYPES } from '../../model';
import { distanceToSegment, handleAt, hitTest, shapeContains } from './annotationHitTest';

const RECT = { id: 'r', type: ANNOTATION_TYPES.solidRectangle, x: 100, y: 100, width: 200, height: 100 };
const ELLIPSE = { id: 'e', type: ANNOTATION_TYPES.hollowEllipse, x: 100, y: 100, width: 200, height: 100 };
const LINE = { id: 'l', type: ANNOTATION_TYPES.line, x: 0, y: 0, width: 100, height: 100 };

describe('annotation hit testing', () => {
  it('measures the distance to a segment, its ends included', () => {
    expect(distanceToSegment({ x: 5, y: 5 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    expect(distanceToSegment({ x: 13, y: 4 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    expect(distanceToSegment({ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 })).toBe(5);
  });

  it('finds a box inside its bounds and an ellipse inside its outline only', () => {
    expect(shapeContains(RECT, { x: 105, y: 105 }, 0)).toBe(true);
    expect(shapeContains(RECT, { x: 95, y: 105 }, 0)).toBe(false);
    expect(shapeContains(RECT, { x: 95, y: 105 }, 6)).toBe(true);
    expect(shapeContains(ELLIPSE, { x: 200, y: 150 }, 0)).toBe(true);
    // The box's corner is outside the ellipse.
    expect(shapeContains(ELLIPSE, { x: 105, y: 105 }, 0)).toBe(false);
  });

  it('finds a line near its run only', () => {
    expect(shapeContains(LINE, { x: 52, y: 48 }, 5)).toBe(true);
    expect(shapeContains(LINE, { x: 80, y: 20 }, 5)).toBe(false);
  });

  it('picks the topmost (last drawn) of overlapping annotations, or none', () => {
    expect(hitTest([RECT, ELLIPSE], { x: 200, y: 150 }, 0)?.id).toBe('e');
    expect(hitTest([RECT, ELLIPSE], { x: 105, y: 105 }, 0)?.id).toBe('r');
    expect(hitTest([RECT, ELLIPSE, LINE], { x: 900, y: 900 }, 5)).toBeNull();
  });

  it('finds the nearest resize handle within the tolerance', () => {
    expect(handleAt(RECT, { x: 302, y: 198 }, 8)).toBe('se');
    expect(handleAt(RECT, { x: 200, y: 96 }, 8)).toBe('n');
    expect(handleAt(RECT, { x: 200, y: 150 }, 8)).toBeNull();
    expect(handleAt(LINE, { x: 99, y: 101 }, 8)).toBe('end');
  });
});
