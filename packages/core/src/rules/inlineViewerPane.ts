import { LIMITS } from '../model';

/** The inline viewer pane after the user set its size: whether it shows, and its size in percent. */
export interface InlineViewerPane {
  visible: boolean;
  size: number;
}

/**
 * Spec §4 "Inline viewer": setting the size below 10 percent hides the pane and resets its size to
 * 50; otherwise the pane shows at that size (kept at most 90 %, so the list above it never
 * vanishes either). A size that is not a number counts as the default.
 */
export function inlineViewerPaneAfterResize(percent: number): InlineViewerPane {
  if (!Number.isFinite(percent)) return { visible: true, size: LIMITS.inlineViewerDefaultPercent };
  if (percent < LIMITS.inlineViewerMinPercent) return { visible: false, size: LIMITS.inlineViewerDefaultPercent };
  return { visible: true, size: Math.min(100 - LIMITS.inlineViewerMinPercent, Math.round(percent)) };
}
