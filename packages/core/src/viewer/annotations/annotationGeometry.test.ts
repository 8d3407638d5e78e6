import {
  boxToScreen,
  invertMatrix,
  applyMatrix,
  pageSizeInUnits,
  pageToScreen,
  pageToScreenMatrix,
  screenPageSize,
  screenToPage,
  svgTransform,
  textHeightInUnits,
  unitsToPoints,
  type PageView,
} from './annotationGeometry';

/** A US-letter page as displayed (612 × 792 pt). */
const LETTER = { width: 612, height: 792 };

function view(scale: number, rotation: number): PageView {
  return { ...LETTER, scale, rotation };
}

describe('annotation geometry', () => {
  it('maps annotation units to points with the spec scaling 0.36 and text to size × 2 units', () => {
    expect(unitsToPoints(100)).toBeCloseTo(36);
    expect(pageSizeInUnits(view(1, 0))).toEqual({ width: 1700, height: 2200 });
    expect(textHeightInUnits(14)).toBe(28);
  });

  it('places a point at 0.36 × zoom pixels with no rotation', () => {
    expect(pageToScreen(view(1, 0), { x: 100, y: 200 })).toEqual({ x: 36, y: 72 });
    expect(pageToScreen(view(2, 0), { x: 100, y: 200 })).toEqual({ x: 72, y: 144 });
  });

  it('turns the page clockwise: the top-left corner goes to the top right at 90°, bottom right at 180°, bottom left at 270°', () => {
    const corner = { x: 0, y: 0 };
    const pageWidth = 612 * 1.5;
    const pageHeight = 792 * 1.5;
    expect(pageToScreen(view(1.5, 90), corner)).toEqual({ x: pageHeight, y: 0 });
    expect(pageToScreen(view(1.5, 180), corner)).toEqual({ x: pageWidth, y: pageHeight });
    expect(pageToScreen(view(1.5, 270), corner)).toEqual({ x: 0, y: pageWidth });
    // The page's top-right corner (1700, 0) comes to the bottom right after a quarter turn.
    const topRight = pageToScreen(view(1.5, 90), { x: 1700, y: 0 });
    expect(topRight.x).toBeCloseTo(pageHeight);
    expect(topRight.y).toBeCloseTo(pageWidth);
    expect(pageToScreen(view(1, -90), corner)).toEqual(pageToScreen(view(1, 270), corner));
  });

  it('swaps the shown page size on a quarter turn', () => {
    expect(screenPageSize(view(1, 0))).toEqual({ width: 612, height: 792 });
    expect(screenPageSize(view(0.5, 90))).toEqual({ width: 396, height: 306 });
  });

  it.each([0, 90, 180, 270])('finds the same annotation point back from the screen at %i°', (rotation) => {
    for (const scale of [0.5, 1, 1.25, 3]) {
      const point = { x: 321, y: 1234 };
      const back = screenToPage(view(scale, rotation), pageToScreen(view(scale, rotation), point));
      expect(back.x).toBeCloseTo(point.x, 6);
      expect(back.y).toBeCloseTo(point.y, 6);
    }
  });

  it('inverts a transform exactly', () => {
    const m = pageToScreenMatrix(view(1.75, 270));
    const identity = applyMatrix(invertMatrix(m), applyMatrix(m, { x: 5, y: 7 }));
    expect(identity.x).toBeCloseTo(5);
    expect(identity.y).toBeCloseTo(7);
  });

  it('covers a box with a positive screen box after turning', () => {
    const box = { x: 100, y: 200, width: 300, height: 100 };
    expect(boxToScreen(view(1, 0), box)).toEqual({ x: 36, y: 72, width: 108, height: 36 });
    const turned = boxToScreen(view(1, 90), box);
    // At 90° the box's y becomes the distance from the right edge: x = 792 − (200 + 100) × 0.36.
    expect(turned.x).toBeCloseTo(792 - 108);
    expect(turned.y).toBeCloseTo(36);
    expect(turned.width).toBeCloseTo(36);
    expect(turned.height).toBeCloseTo(108);
  });

  it('writes the SVG transform that matches pageToScreen', () => {
    expect(svgTransform(view(1, 0))).toBe('matrix(0.36 0 0 0.36 0 0)');
    expect(svgTransform(view(1, 90))).toBe('matrix(0 0.36 -0.36 0 792 0)');
  });
});
