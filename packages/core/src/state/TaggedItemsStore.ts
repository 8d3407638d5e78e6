import type { StoragePort } from '../host/StoragePort';
import { Store } from './Store';

/** Local-storage key of the documents in the pinned 'Tagged Items' folder (spec §2, §3 "saved tags"). */
export const TAGGED_ITEMS_KEY = 'taggedItems';

function load(storage: StoragePort): readonly number[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TAGGED_ITEMS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is number => Number.isInteger(id) && (id as number) > 0))];
  } catch {
    return [];
  }
}

/** The ids of the documents tagged into 'Tagged Items', in tagging order, kept in local storage. */
export class TaggedItemsStore extends Store<readonly number[]> {
  private readonly storage: StoragePort;

  constructor(storage: StoragePort) {
    super(load(storage));
    this.storage = storage;
  }

  /** Whether a document is tagged. */
  has(id: number): boolean {
    return this.getSnapshot().includes(id);
  }

  /** Tags a document that is not tagged yet, untags one that is; returns whether it is tagged now. */
  toggle(id: number): boolean {
    const current = this.getSnapshot();
    const tagged = !current.includes(id);
    this.write(tagged ? [...current, id] : current.filter((other) => other !== id));
    return tagged;
  }

  /** Removes every document from 'Tagged Items'. */
  clear(): void {
    if (this.getSnapshot().length > 0) this.write([]);
  }

  private write(next: readonly number[]): void {
    this.storage.setItem(TAGGED_ITEMS_KEY, JSON.stringify(next));
    this.setSnapshot(next);
  }
}
