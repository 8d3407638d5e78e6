import { useEffect, useRef, type RefObject } from 'react';
import { isDoubleTap, pinchScale, touchDistance, type Tap, type TouchPoint } from '../../viewer/touchZoom';

/** What the viewer does with a gesture. */
export interface TouchZoomHandlers {
  /** The scale shown now (fitted or zoomed), where a pinch starts from. */
  scale: number;
  /** A pinch ended: zoom to this scale. */
  onPinch(scale: number): void;
  /** A double tap: zoom in from a fitted page, or back to fit width. */
  onDoubleTap(): void;
}

function pointOf(touch: Touch): TouchPoint {
  return { x: touch.clientX, y: touch.clientY };
}

/**
 * Pinch and double-tap zoom on the document's body (issue 38, phones): two fingers preview the
 * zoom as a CSS scale of the body and set it when they lift (pdf.js renders once, not on every
 * move); two taps in a row toggle between fit width and twice its scale. The body's touch-action
 * leaves the browser panning only, so the page around the viewer never zooms instead. `enabled`:
 * the body is shown (the listeners attach to it then).
 */
export function useTouchZoom(ref: RefObject<HTMLElement | null>, handlers: TouchZoomHandlers, enabled: boolean): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const element = ref.current;
    // The body exists once the document is ready: the listeners attach then.
    if (!enabled || !element) return undefined;
    let pinch: { startScale: number; startDistance: number; ratio: number } | null = null;
    let lastTap: Tap | null = null;
    let moved = false;
    let start: TouchPoint | null = null;
    const onStart = (event: TouchEvent): void => {
      if (event.touches.length === 2) {
        pinch = {
          startScale: latest.current.scale,
          startDistance: touchDistance(pointOf(event.touches[0]), pointOf(event.touches[1])),
          ratio: 1,
        };
        element.style.transformOrigin = 'top left';
        lastTap = null;
      } else if (event.touches.length === 1) {
        moved = false;
        start = pointOf(event.touches[0]);
      }
    };
    const onMove = (event: TouchEvent): void => {
      if (pinch !== null && event.touches.length === 2) {
        event.preventDefault();
        const scale = pinchScale(
          pinch.startScale,
          pinch.startDistance,
          touchDistance(pointOf(event.touches[0]), pointOf(event.touches[1])),
        );
        pinch.ratio = scale / pinch.startScale;
        element.style.transform = `scale(${pinch.ratio})`;
      } else if (start !== null && event.touches.length === 1) {
        const point = pointOf(event.touches[0]);
        if (touchDistance(start, point) > 10) moved = true;
      }
    };
    const onEnd = (event: TouchEvent): void => {
      if (pinch !== null) {
        if (event.touches.length < 2) {
          const { startScale, ratio } = pinch;
          pinch = null;
          element.style.transform = '';
          if (Math.abs(ratio - 1) > 0.02) latest.current.onPinch(startScale * ratio);
        }
        return;
      }
      const touch = event.changedTouches[0];
      if (moved || event.touches.length > 0 || !touch) return;
      const tap: Tap = { ...pointOf(touch), time: event.timeStamp };
      if (isDoubleTap(lastTap, tap)) {
        event.preventDefault();
        lastTap = null;
        latest.current.onDoubleTap();
      } else {
        lastTap = tap;
      }
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    // Not passive: a pinch keeps the browser from zooming the whole page.
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd, { passive: false });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
    };
  }, [ref, enabled]);
}
