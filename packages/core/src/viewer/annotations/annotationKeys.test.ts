import { annotationCommandForKey } from './annotationKeys';

const key = (k: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('annotation keys', () => {
  it('undoes with Ctrl+Z and redoes with Ctrl+Y or Ctrl+Shift+Z, with or without a selection', () => {
    expect(annotationCommandForKey(key('z', { ctrlKey: true }), false)).toEqual({ kind: 'undo' });
    expect(annotationCommandForKey(key('z', { metaKey: true }), true)).toEqual({ kind: 'undo' });
    expect(annotationCommandForKey(key('y', { ctrlKey: true }), false)).toEqual({ kind: 'redo' });
    expect(annotationCommandForKey(key('Z', { ctrlKey: true, shiftKey: true }), false)).toEqual({ kind: 'redo' });
    expect(annotationCommandForKey(key('z'), true)).toBeNull();
  });

  it('deletes and nudges only with a selection, so arrows still turn pages without one', () => {
    expect(annotationCommandForKey(key('Delete'), true)).toEqual({ kind: 'delete' });
    expect(annotationCommandForKey(key('Backspace'), true)).toEqual({ kind: 'delete' });
    expect(annotationCommandForKey(key('Delete'), false)).toBeNull();
    expect(annotationCommandForKey(key('ArrowRight'), false)).toBeNull();
    expect(annotationCommandForKey(key('ArrowRight'), true)).toEqual({ kind: 'nudge', dx: 1, dy: 0 });
    expect(annotationCommandForKey(key('ArrowUp', { ctrlKey: true }), true)).toEqual({ kind: 'nudge', dx: 0, dy: -10 });
    expect(annotationCommandForKey(key('ArrowLeft', { shiftKey: true }), true)).toEqual({ kind: 'grow', dx: -1, dy: 0 });
  });

  it('cancels with Escape and leaves Alt combinations to the browser', () => {
    expect(annotationCommandForKey(key('Escape'), false)).toEqual({ kind: 'escape' });
    expect(annotationCommandForKey(key('ArrowLeft', { altKey: true }), true)).toBeNull();
  });
});
