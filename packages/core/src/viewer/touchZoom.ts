import { MAX_SCALE, MIN_SCALE } from './pageLayout';

/** A point of a touch, in client pixels. */
export interface TouchPoint {
  x: number;
  y: number;
}

/** A finished single tap: where and when. */
export interface Tap extends TouchPoint {
  time: number;
}

/** Two taps within this many milliseconds are a double tap (the platforms' own double-tap window). */
export const DOUBLE_TAP_MS = 300;
/** …and at most this far apart, in CSS pixels. */
export const DOUBLE_TAP_SLOP_PX = 24;
/** The zoom a double tap on a fitted page goes to, relative to the fitted scale. */
export const DOUBLE_TAP_FACTOR = 2;

/** The distance between two fingers. */
export function touchDistance(a: TouchPoint, b: TouchPoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * The scale a pinch asks for: the scale at its start times how far the fingers spread (or
 * closed), within the viewer's zoom range. A pinch that started with the fingers together keeps the scale.
 */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0 || distance <= 0) return startScale;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, (startScale * distance) / startDistance));
}

/** Whether a tap completes a double tap with the one before it (close in time and place). */
export function isDoubleTap(previous: Tap | null, current: Tap): boolean {
  if (previous === null) return false;
  const elapsed = current.time - previous.time;
  return elapsed >= 0 && elapsed <= DOUBLE_TAP_MS && touchDistance(previous, current) <= DOUBLE_TAP_SLOP_PX;
}
