/** A page's size in CSS pixels at scale 1 and no extra rotation. */
export interface PageSize {
  width: number;
  height: number;
}

/** Where one page sits in the scrolling column, in CSS pixels at the current scale and rotation. */
export interface PageSlot {
  /** 1-based page number. */
  page: number;
  top: number;
  width: number;
  height: number;
}

/** The laid-out column of pages. */
export interface PageColumn {
  slots: PageSlot[];
  totalHeight: number;
  maxWidth: number;
}

/** Space between pages and around the column, in CSS pixels. */
export const PAGE_GAP = 8;

/** Zoom steps used by Zoom in / Zoom out; fit-to-width may land between them. */
export const ZOOM_STEPS: readonly number[] = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];

/** Lowest and highest scale the viewer accepts. */
export const MIN_SCALE = ZOOM_STEPS[0];
/** Highest scale the viewer accepts. */
export const MAX_SCALE = ZOOM_STEPS[ZOOM_STEPS.length - 1];

/** Normalises a rotation in degrees to 0, 90, 180 or 270. */
export function normalizeRotation(degrees: number): number {
  const quarter = Math.round(degrees / 90);
  return (((quarter % 4) + 4) % 4) * 90;
}

/** Width and height of a page once rotated: a quarter turn swaps them. */
export function rotatedSize(size: PageSize, rotation: number): PageSize {
  return normalizeRotation(rotation) % 180 === 0 ? size : { width: size.height, height: size.width };
}

/**
 * Bounds of a fitted scale. Wider than the zoom steps: a page a few points wide must still fill
 * the width (the canvas caps its own pixels), and a poster-sized page must still fit.
 */
export const MIN_FIT_SCALE = 0.02;
/** Highest fitted scale (see MIN_FIT_SCALE). */
export const MAX_FIT_SCALE = 200;

/** How the viewer fits pages: to the width of the pane, or whole pages (width and height) in it. */
export type FitMode = 'width' | 'page';

/**
 * Narrower than this (CSS px) a viewer's scroller has not been laid out yet — a frame or pane still
 * sizing itself — and a fit computed from it would open the document at a few percent. No host
 * gives a viewer this little room (the narrowest frame is 320 px), so fitting waits for more.
 */
export const MIN_LAID_OUT_WIDTH = 64;

/** The scale at which a page fills the available width (between MIN_FIT_SCALE and MAX_FIT_SCALE). */
export function fitWidthScale(size: PageSize, rotation: number, availableWidth: number): number {
  const width = rotatedSize(size, rotation).width;
  if (width <= 0 || availableWidth <= 0) return 1;
  return clamp((availableWidth - 2 * PAGE_GAP) / width, MIN_FIT_SCALE, MAX_FIT_SCALE);
}

/**
 * The scale that fits `size` by `mode` into the available area: fit width fills the width, fit
 * page also keeps the whole page's height in view. Pass the largest page size so every page fits.
 */
export function fitScale(size: PageSize, rotation: number, availableWidth: number, availableHeight: number, mode: FitMode): number {
  const byWidth = fitWidthScale(size, rotation, availableWidth);
  if (mode === 'width') return byWidth;
  const height = rotatedSize(size, rotation).height;
  if (height <= 0 || availableHeight <= 0) return byWidth;
  return clamp(Math.min(byWidth, (availableHeight - 2 * PAGE_GAP) / height), MIN_FIT_SCALE, MAX_FIT_SCALE);
}

/** The size that bounds every page: the widest width and the tallest height among them. */
export function largestPageSize(sizes: readonly PageSize[]): PageSize | null {
  if (sizes.length === 0) return null;
  return sizes.reduce((largest, size) => ({ width: Math.max(largest.width, size.width), height: Math.max(largest.height, size.height) }), {
    width: 0,
    height: 0,
  });
}

/** Lays out every page top to bottom with PAGE_GAP between them. */
export function layoutPages(sizes: readonly PageSize[], scale: number, rotation: number): PageColumn {
  const slots: PageSlot[] = [];
  let top = PAGE_GAP;
  let maxWidth = 0;
  sizes.forEach((size, index) => {
    const rotated = rotatedSize(size, rotation);
    const width = Math.floor(rotated.width * scale);
    const height = Math.floor(rotated.height * scale);
    slots.push({ page: index + 1, top, width, height });
    top += height + PAGE_GAP;
    maxWidth = Math.max(maxWidth, width);
  });
  return { slots, totalHeight: top, maxWidth: maxWidth + 2 * PAGE_GAP };
}

/** Index of the first slot whose bottom edge is below `y` (binary search; slots are sorted). */
function firstSlotEndingAfter(slots: readonly PageSlot[], y: number): number {
  let low = 0;
  let high = slots.length - 1;
  let answer = slots.length;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (slots[mid].top + slots[mid].height > y) {
      answer = mid;
      high = mid - 1;
    } else {
      low = mid + 1;
    }
  }
  return answer;
}

/** The 1-based range of pages that intersect the viewport, widened by `overscan` pages each side. */
export function visiblePageRange(
  slots: readonly PageSlot[],
  scrollTop: number,
  viewportHeight: number,
  overscan = 1,
): { first: number; last: number } | null {
  if (slots.length === 0) return null;
  const firstIndex = Math.min(firstSlotEndingAfter(slots, scrollTop), slots.length - 1);
  let lastIndex = firstIndex;
  const bottom = scrollTop + Math.max(viewportHeight, 1);
  while (lastIndex + 1 < slots.length && slots[lastIndex + 1].top < bottom) lastIndex++;
  return {
    first: Math.max(1, firstIndex + 1 - overscan),
    last: Math.min(slots.length, lastIndex + 1 + overscan),
  };
}

/** The page the reader is on: the one covering a point a third of the way down the viewport. */
export function currentPageAt(slots: readonly PageSlot[], scrollTop: number, viewportHeight: number): number {
  if (slots.length === 0) return 1;
  const probe = scrollTop + Math.max(viewportHeight, 0) / 3;
  return Math.min(firstSlotEndingAfter(slots, probe), slots.length - 1) + 1;
}

/** Keeps a requested page number inside 1 … pageCount (non-numbers become 1). */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page) || pageCount < 1) return 1;
  return clamp(Math.trunc(page), 1, pageCount);
}

/**
 * The next zoom step above (direction 1) or below (direction -1) the given scale, at least 4 %
 * away, so a press always visibly zooms even from a fit-to-width scale just under a step.
 */
export function stepZoom(scale: number, direction: 1 | -1): number {
  const margin = 1.04;
  // Beyond the steps (a fitted tiny or huge page) zoom goes on by 25 % rather than jumping back.
  if (direction > 0) return ZOOM_STEPS.find((step) => step > scale * margin) ?? Math.min(MAX_FIT_SCALE, Math.max(MAX_SCALE, scale * 1.25));
  const lower = ZOOM_STEPS.filter((step) => step < scale / margin);
  if (scale > MAX_SCALE * margin) return Math.max(MAX_SCALE, scale / 1.25);
  return lower.length > 0 ? lower[lower.length - 1] : Math.max(MIN_FIT_SCALE, Math.min(MIN_SCALE, scale / 1.25));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
