import type { Annotation } from '../../model';
import {
  EMPTY_ANNOTATION_HISTORY,
  afterRedo,
  afterUndo,
  nextRedo,
  nextUndo,
  recordChange,
  redoOperation,
  replaceAnnotationId,
  undoOperation,
} from './annotationHistory';

function annotation(id: string, fields: Partial<Annotation> = {}): Annotation {
  return {
    id,
    docId: 7,
    type: 2,
    page: 1,
    color: 0xed1c24,
    x: 10,
    y: 20,
    width: 300,
    height: 100,
    content: null,
    size: null,
    author: 'clerk',
    createdAt: '',
    updatedAt: '',
    rowVersion: 1,
    canEdit: true,
    ...fields,
  };
}

const FIELDS = { type: 2, page: 1, color: 0xed1c24, x: 10, y: 20, width: 300, height: 100, content: null, size: null };

describe('annotation undo history', () => {
  it('undoes the last change first and forgets the redo side on a new change', () => {
    let history = recordChange(EMPTY_ANNOTATION_HISTORY, { kind: 'create', after: annotation('a') });
    history = recordChange(history, { kind: 'update', before: annotation('a'), after: annotation('a', { x: 50 }) });
    expect(nextUndo(history)?.kind).toBe('update');
    history = afterUndo(history);
    expect(nextUndo(history)?.kind).toBe('create');
    expect(nextRedo(history)?.kind).toBe('update');
    history = afterRedo(history);
    expect(nextUndo(history)?.kind).toBe('update');
    history = afterUndo(history);
    history = recordChange(history, { kind: 'delete', before: annotation('a') });
    expect(nextRedo(history)).toBeNull();
    expect(history.undo.map((change) => change.kind)).toEqual(['create', 'delete']);
  });

  it('keeps only the newest changes up to the limit', () => {
    let history = EMPTY_ANNOTATION_HISTORY;
    for (let index = 0; index < 5; index++) history = recordChange(history, { kind: 'create', after: annotation(`a${index}`) }, 3);
    expect(history.undo.map((change) => (change.kind === 'create' ? change.after.id : ''))).toEqual(['a2', 'a3', 'a4']);
  });

  it('undoes a create by deleting, an update by restoring, a delete by creating again', () => {
    expect(undoOperation({ kind: 'create', after: annotation('a') })).toEqual({ kind: 'delete', id: 'a' });
    expect(undoOperation({ kind: 'update', before: annotation('a'), after: annotation('a', { x: 99 }) })).toEqual({
      kind: 'update',
      id: 'a',
      fields: FIELDS,
    });
    expect(undoOperation({ kind: 'delete', before: annotation('a') })).toEqual({ kind: 'create', docId: 7, fields: FIELDS });
  });

  it('redoes each change as it was made', () => {
    expect(redoOperation({ kind: 'create', after: annotation('a') })).toEqual({ kind: 'create', docId: 7, fields: FIELDS });
    expect(redoOperation({ kind: 'update', before: annotation('a', { x: 99 }), after: annotation('a') })).toEqual({
      kind: 'update',
      id: 'a',
      fields: FIELDS,
    });
    expect(redoOperation({ kind: 'delete', before: annotation('a') })).toEqual({ kind: 'delete', id: 'a' });
  });

  it('renames an annotation everywhere once the server stored it again under a new id', () => {
    let history = recordChange(EMPTY_ANNOTATION_HISTORY, { kind: 'update', before: annotation('a'), after: annotation('a', { x: 1 }) });
    history = recordChange(history, { kind: 'delete', before: annotation('a', { x: 1 }) });
    history = afterUndo(replaceAnnotationId(history, 'a', annotation('b')));
    const ids = [...history.undo, ...history.redo].map((change) =>
      change.kind === 'update' ? change.before.id : change.kind === 'delete' ? change.before.id : change.after.id,
    );
    expect(ids).toEqual(['b', 'b']);
    expect(undoOperation(history.undo[0])).toMatchObject({ kind: 'update', id: 'b' });
  });
});
