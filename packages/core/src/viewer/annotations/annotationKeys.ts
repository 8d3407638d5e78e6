import type { ViewerKey } from '../viewerKeys';

/** What a key press asks of the annotation editor (UX.md "Annotation keys"). */
export type AnnotationKeyCommand =
  | { kind: 'delete' }
  | { kind: 'escape' }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'nudge'; dx: number; dy: number }
  | { kind: 'grow'; dx: number; dy: number };

/** Screen pixels an arrow key moves the selected annotation; with Ctrl (or ⌘) ten times as far. */
export const NUDGE_PIXELS = 1;

/**
 * Maps a key press to an annotation command: Delete / Backspace remove the selected annotation,
 * Escape cancels or deselects, Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo, arrows nudge the
 * selected annotation by 1 pixel (10 with Ctrl), Shift+arrows size it. Keys that need a selection map only with one,
 * so the arrows keep turning pages otherwise.
 */
export function annotationCommandForKey(event: ViewerKey, hasSelection: boolean): AnnotationKeyCommand | null {
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey) {
    const key = event.key.toLowerCase();
    if (key === 'z') return event.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
    if (key === 'y' && !event.shiftKey) return { kind: 'redo' };
  }
  if (event.altKey) return null;
  if (event.key === 'Escape' && !command) return { kind: 'escape' };
  if (!hasSelection) return null;
  if ((event.key === 'Delete' || event.key === 'Backspace') && !command && !event.shiftKey) return { kind: 'delete' };
  const step = command ? NUDGE_PIXELS * 10 : NUDGE_PIXELS;
  const kind = event.shiftKey ? 'grow' : 'nudge';
  switch (event.key) {
    case 'ArrowLeft':
      return { kind, dx: -step, dy: 0 };
    case 'ArrowRight':
      return { kind, dx: step, dy: 0 };
    case 'ArrowUp':
      return { kind, dx: 0, dy: -step };
    case 'ArrowDown':
      return { kind, dx: 0, dy: step };
    default:
      return null;
  }
}
