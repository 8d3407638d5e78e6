import type { Annotation, AnnotationFields } from '../../model';

/** One change the user made, with what it needs to be undone and redone. */
export type AnnotationChange =
  | { kind: 'create'; after: Annotation }
  | { kind: 'update'; before: Annotation; after: Annotation }
  | { kind: 'delete'; before: Annotation };

/** What to ask the server for to undo or redo a change. */
export type AnnotationOperation =
  | { kind: 'create'; docId: number; fields: AnnotationFields }
  | { kind: 'update'; id: string; fields: AnnotationFields }
  | { kind: 'delete'; id: string };

/** The changes that can be undone (last at the end) and redone (next at the end). */
export interface AnnotationHistory {
  readonly undo: readonly AnnotationChange[];
  readonly redo: readonly AnnotationChange[];
}

/** How many changes are kept for undo: enough for a session, bounded so memory is. */
export const ANNOTATION_HISTORY_LIMIT = 100;

/** An empty history. */
export const EMPTY_ANNOTATION_HISTORY: AnnotationHistory = { undo: [], redo: [] };

/** The stored fields of an annotation (what a create or update sends). */
export function annotationFields(annotation: Annotation): AnnotationFields {
  const { type, page, color, x, y, width, height, content, size } = annotation;
  return { type, page, color, x, y, width, height, content, size };
}

/** The history after the user made a change: it can be undone, and nothing can be redone any more. */
export function recordChange(history: AnnotationHistory, change: AnnotationChange, limit = ANNOTATION_HISTORY_LIMIT): AnnotationHistory {
  return { undo: [...history.undo, change].slice(-limit), redo: [] };
}

/** The change Undo would take back, if any. */
export function nextUndo(history: AnnotationHistory): AnnotationChange | null {
  return history.undo[history.undo.length - 1] ?? null;
}

/** The change Redo would make again, if any. */
export function nextRedo(history: AnnotationHistory): AnnotationChange | null {
  return history.redo[history.redo.length - 1] ?? null;
}

/** The server call that takes a change back: a create is deleted, an update restored, a delete created again. */
export function undoOperation(change: AnnotationChange): AnnotationOperation {
  switch (change.kind) {
    case 'create':
      return { kind: 'delete', id: change.after.id };
    case 'update':
      return { kind: 'update', id: change.before.id, fields: annotationFields(change.before) };
    case 'delete':
      return { kind: 'create', docId: change.before.docId, fields: annotationFields(change.before) };
  }
}

/** The server call that makes an undone change again. */
export function redoOperation(change: AnnotationChange): AnnotationOperation {
  switch (change.kind) {
    case 'create':
      return { kind: 'create', docId: change.after.docId, fields: annotationFields(change.after) };
    case 'update':
      return { kind: 'update', id: change.after.id, fields: annotationFields(change.after) };
    case 'delete':
      return { kind: 'delete', id: change.before.id };
  }
}

/** The history once the last change was undone: it moves to the redo side. */
export function afterUndo(history: AnnotationHistory): AnnotationHistory {
  const change = nextUndo(history);
  if (!change) return history;
  return { undo: history.undo.slice(0, -1), redo: [...history.redo, change] };
}

/** The history once the next undone change was redone: it moves back to the undo side. */
export function afterRedo(history: AnnotationHistory): AnnotationHistory {
  const change = nextRedo(history);
  if (!change) return history;
  return { undo: [...history.undo, change], redo: history.redo.slice(0, -1) };
}

/**
 * The history with an annotation's id replaced everywhere: undoing a delete (or redoing a
 * create) makes the server store it again under a new id, and older changes must name that one.
 */
export function replaceAnnotationId(history: AnnotationHistory, oldId: string, replacement: Annotation): AnnotationHistory {
  const swap = (annotation: Annotation): Annotation =>
    annotation.id === oldId ? { ...annotation, id: replacement.id, docId: replacement.docId } : annotation;
  const remap = (change: AnnotationChange): AnnotationChange => {
    switch (change.kind) {
      case 'create':
        return { kind: 'create', after: swap(change.after) };
      case 'update':
        return { kind: 'update', before: swap(change.before), after: swap(change.after) };
      case 'delete':
        return { kind: 'delete', before: swap(change.before) };
    }
  };
  return { undo: history.undo.map(remap), redo: history.redo.map(remap) };
}
