import type { Annotation } from '../../model';

/** A save under way: what the page shows until the server answers (then the page's stored list holds the answer). */
export interface PendingChange {
  kind: 'create' | 'update' | 'delete';
  annotation: Annotation;
}

/** The saves under way by annotation id (a draft id for a create). */
export type PendingChanges = ReadonlyMap<string, PendingChange>;

/** The annotations of the pages asked for, as shown, by page number. */
export type ShownPages = Readonly<Record<number, readonly Annotation[]>>;

/**
 * A page's list as shown: the stored list (what the server last said) with the saves under way
 * laid over it. The store only ever holds what the server said, so a failed save needs no undoing
 * there, and a page that loads or reloads while a save is under way keeps showing the user's change.
 */
export function shownList(stored: readonly Annotation[], docId: number, page: number, pending: PendingChanges): readonly Annotation[] {
  let list = stored;
  for (const [id, change] of pending) {
    if (change.annotation.docId !== docId || change.annotation.page !== page) continue;
    if (change.kind === 'delete') list = list.filter((item) => item.id !== id);
    else if (list.some((item) => item.id === id)) list = list.map((item) => (item.id === id ? change.annotation : item));
    else list = [...list, change.annotation];
  }
  return list;
}

/** A stored list with a saved annotation in it: in the place of `replacedId` (or its own id), else at the end. */
export function storedWith(list: readonly Annotation[], saved: Annotation, replacedId: string = saved.id): Annotation[] {
  const index = list.findIndex((item) => item.id === replacedId || item.id === saved.id);
  if (index < 0) return [...list, saved];
  return list.map((item, at) => (at === index ? saved : item)).filter((item, at) => at === index || item.id !== saved.id);
}

/** The annotation with an id on any of the shown pages, or null. */
export function findAnnotation(pages: ShownPages, id: string): Annotation | null {
  for (const list of Object.values(pages)) {
    const found = list.find((item) => item.id === id);
    if (found) return found;
  }
  return null;
}
