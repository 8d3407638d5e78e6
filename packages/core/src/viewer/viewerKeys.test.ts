import { isTypingTarget, viewerCommandForKey, type ViewerKey } from './viewerKeys';

const key = (value: string, modifiers: Partial<ViewerKey> = {}): ViewerKey => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('viewerCommandForKey', () => {
  it.each(['n', 'j', 'ArrowRight', ' '])('%p goes to the next page', (value) => {
    expect(viewerCommandForKey(key(value))).toBe('nextPage');
  });

  it.each(['p', 'k', 'ArrowLeft'])('%p goes to the previous page', (value) => {
    expect(viewerCommandForKey(key(value))).toBe('previousPage');
  });

  it('rotates with r and back with Shift+R', () => {
    expect(viewerCommandForKey(key('r'))).toBe('rotateClockwise');
    expect(viewerCommandForKey(key('R', { shiftKey: true }))).toBe('rotateCounterClockwise');
  });

  it('zooms with Ctrl or Cmd plus and minus', () => {
    expect(viewerCommandForKey(key('+', { ctrlKey: true }))).toBe('zoomIn');
    expect(viewerCommandForKey(key('=', { metaKey: true }))).toBe('zoomIn');
    expect(viewerCommandForKey(key('-', { ctrlKey: true }))).toBe('zoomOut');
  });

  it('lists the shortcuts with Shift+?', () => {
    expect(viewerCommandForKey(key('?', { shiftKey: true }))).toBe('showShortcuts');
  });

  it('leaves browser shortcuts and other keys alone', () => {
    expect(viewerCommandForKey(key('r', { ctrlKey: true }))).toBeNull();
    expect(viewerCommandForKey(key('p', { ctrlKey: true }))).toBeNull();
    expect(viewerCommandForKey(key('n', { altKey: true }))).toBeNull();
    expect(viewerCommandForKey(key('+'))).toBeNull();
    expect(viewerCommandForKey(key('x'))).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields and text areas, false on buttons and checkboxes', () => {
    const text = document.createElement('input');
    const number = document.createElement('input');
    number.type = 'number';
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(number)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
