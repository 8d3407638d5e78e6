import {
  clampPage,
  currentPageAt,
  fitScale,
  fitWidthScale,
  largestPageSize,
  layoutPages,
  MAX_FIT_SCALE,
  normalizeRotation,
  PAGE_GAP,
  stepZoom,
  visiblePageRange,
} from './pageLayout';

const letter = { width: 612, height: 792 };

describe('layoutPages', () => {
  it('stacks pages with a gap and swaps width and height on a quarter turn', () => {
    const column = layoutPages([letter, letter, letter], 1, 0);
    expect(column.slots.map((slot) => slot.top)).toEqual([PAGE_GAP, PAGE_GAP * 2 + 792, PAGE_GAP * 3 + 792 * 2]);
    expect(column.totalHeight).toBe(PAGE_GAP * 4 + 792 * 3);
    const turned = layoutPages([letter], 0.5, 90);
    expect(turned.slots[0]).toMatchObject({ width: 396, height: 306 });
  });
});

describe('visiblePageRange', () => {
  const { slots } = layoutPages(
    Array.from({ length: 500 }, () => letter),
    1,
    0,
  );

  it('returns only the pages in the viewport plus the overscan', () => {
    expect(visiblePageRange(slots, 0, 900, 1)).toEqual({ first: 1, last: 3 });
    const page250Top = slots[249].top;
    expect(visiblePageRange(slots, page250Top, 400, 0)).toEqual({ first: 250, last: 250 });
    expect(visiblePageRange(slots, page250Top, 400, 2)).toEqual({ first: 248, last: 252 });
  });

  it('clamps at the end of the document and handles no pages', () => {
    expect(visiblePageRange(slots, 10_000_000, 900, 1)).toEqual({ first: 499, last: 500 });
    expect(visiblePageRange([], 0, 900)).toBeNull();
  });
});

describe('currentPageAt', () => {
  const { slots } = layoutPages([letter, letter, letter], 1, 0);
  it('names the page a third of the way down the viewport', () => {
    expect(currentPageAt(slots, 0, 900)).toBe(1);
    expect(currentPageAt(slots, slots[1].top, 900)).toBe(2);
    expect(currentPageAt(slots, slots[2].top - 100, 900)).toBe(3);
  });
});

describe('page and zoom arithmetic', () => {
  it('clamps page numbers into the document', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(7, 3)).toBe(3);
    expect(clampPage(2.7, 3)).toBe(2);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });

  it('fits the rotated page width into the container', () => {
    expect(fitWidthScale(letter, 0, 612 + 2 * PAGE_GAP)).toBeCloseTo(1);
    expect(fitWidthScale(letter, 90, 792 + 2 * PAGE_GAP)).toBeCloseTo(1);
    expect(fitWidthScale(letter, 0, 320)).toBeCloseTo((320 - 2 * PAGE_GAP) / 612);
  });

  it('fits a page a few points wide to the width far beyond the zoom steps, and fits whole pages by height', () => {
    const sliver = { width: 6, height: 40 };
    expect(fitScale(sliver, 0, 1000 + 2 * PAGE_GAP, 600, 'width')).toBeCloseTo(1000 / 6);
    expect(fitScale(sliver, 0, 1000 + 2 * PAGE_GAP, 400 + 2 * PAGE_GAP, 'page')).toBeCloseTo(10);
    expect(fitScale({ width: 1, height: 1 }, 0, 5000, 5000, 'width')).toBe(MAX_FIT_SCALE);
    expect(fitScale(letter, 90, 2000, 612 + 2 * PAGE_GAP, 'page')).toBeCloseTo(1);
    expect(largestPageSize([letter, { width: 300, height: 900 }])).toEqual({ width: 612, height: 900 });
    expect(largestPageSize([])).toBeNull();
  });

  it('steps zoom to the next step in either direction, by 25 % beyond the steps', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(1.1, -1)).toBe(1);
    expect(stepZoom(0.497, 1)).toBe(0.67);
    expect(stepZoom(4, 1)).toBe(5);
    expect(stepZoom(100, 1)).toBe(125);
    expect(stepZoom(100, -1)).toBe(80);
    expect(stepZoom(0.25, -1)).toBe(0.2);
  });

  it('normalises rotations to quarter turns', () => {
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(450)).toBe(90);
  });
});
