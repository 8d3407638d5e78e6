import { DOUBLE_TAP_MS, isDoubleTap, pinchScale, touchDistance } from './touchZoom';
import { MAX_SCALE, MIN_SCALE } from './pageLayout';

describe('touch zoom', () => {
  it('measures the distance between two fingers', () => {
    expect(touchDistance({ x: 0, y: 0 }, { x: 30, y: 40 })).toBe(50);
  });

  it('scales with the spread of the fingers, within the zoom range', () => {
    expect(pinchScale(1, 100, 150)).toBeCloseTo(1.5);
    expect(pinchScale(1.2, 200, 100)).toBeCloseTo(0.6);
    expect(pinchScale(3, 100, 400)).toBe(MAX_SCALE);
    expect(pinchScale(0.5, 400, 100)).toBe(MIN_SCALE);
    expect(pinchScale(1.3, 0, 100)).toBe(1.3);
  });

  it('takes two taps close in time and place as a double tap, and nothing else', () => {
    const first = { x: 100, y: 200, time: 1000 };
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { x: 110, y: 205, time: 1000 + DOUBLE_TAP_MS - 1 })).toBe(true);
    expect(isDoubleTap(first, { x: 110, y: 205, time: 1000 + DOUBLE_TAP_MS + 1 })).toBe(false);
    expect(isDoubleTap(first, { x: 160, y: 200, time: 1100 })).toBe(false);
  });
});
