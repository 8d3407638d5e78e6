import type { StoragePort } from '../host/StoragePort';
import { Store } from './Store';

/** Local-storage key of the documents to merge (spec §3 local-storage items "documents to merge"). */
export const DOCUMENTS_TO_MERGE_KEY = 'documentsToMerge';

function load(storage: StoragePort): readonly number[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(DOCUMENTS_TO_MERGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0))];
  } catch {
    return [];
  }
}

/**
 * The documents the user is about to merge, in merge order, kept in local storage so the merge
 * screen (a popup in the spec) finds them again after a reload or when opened without docIds.
 */
export class MergeDocumentsStore extends Store<readonly number[]> {
  private readonly storage: StoragePort;

  constructor(storage: StoragePort) {
    super(load(storage));
    this.storage = storage;
  }

  /** Replaces the list (order kept, duplicates and non-ids dropped). */
  set(ids: readonly number[]): void {
    const next = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    const current = this.getSnapshot();
    if (next.length === current.length && next.every((id, index) => id === current[index])) return;
    this.storage.setItem(DOCUMENTS_TO_MERGE_KEY, JSON.stringify(next));
    this.setSnapshot(next);
  }

  /** Forgets the list (after a merge, or when the user cancels). */
  clear(): void {
    this.storage.removeItem(DOCUMENTS_TO_MERGE_KEY);
    if (this.getSnapshot().length > 0) this.setSnapshot([]);
  }
}
