/** What a key press asks the document viewer to do (UX.md "Page keys"). */
export type ViewerCommand =
  | 'nextPage'
  | 'previousPage'
  | 'rotateClockwise'
  | 'rotateCounterClockwise'
  | 'zoomIn'
  | 'zoomOut'
  | 'showShortcuts'
  | 'find';

/** The parts of a keyboard event the mapping looks at. */
export interface ViewerKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Maps a key press to a viewer command: n / j / → / Space next page, p / k / ← previous,
 * r rotate clockwise, Shift+R back, Ctrl (or ⌘) + and − zoom, Ctrl+F find, Shift+? lists the shortcuts. Plain letters with Ctrl, ⌘ or Alt
 * are left to the browser (Ctrl+R reloads, Ctrl+P prints).
 */
export function viewerCommandForKey(event: ViewerKey): ViewerCommand | null {
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey) {
    if (event.key === '+' || event.key === '=') return 'zoomIn';
    if (event.key === '-' || event.key === '_') return 'zoomOut';
    // Ctrl+F finds inside the document (pdf pages are canvases the browser's own find cannot read).
    if (event.key === 'f' || event.key === 'F') return event.shiftKey ? null : 'find';
    return null;
  }
  if (event.altKey || command) return null;
  switch (event.key) {
    case 'n':
    case 'j':
    case 'ArrowRight':
    case ' ':
      return event.shiftKey ? null : 'nextPage';
    case 'p':
    case 'k':
    case 'ArrowLeft':
      return event.shiftKey ? null : 'previousPage';
    case 'r':
      return 'rotateClockwise';
    case 'R':
      return event.shiftKey ? 'rotateCounterClockwise' : 'rotateClockwise';
    case '?':
      return 'showShortcuts';
    default:
      return null;
  }
}

/** True when the keyboard focus is in a place where the user types, so shortcuts must stay quiet. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  const element = target;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag !== 'input') return false;
  const type = element instanceof HTMLInputElement ? element.type.toLowerCase() : 'text';
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color', 'image'].includes(type);
}
