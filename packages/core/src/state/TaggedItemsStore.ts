import type { StoragePort } from '../host/StoragePort';
import { Store } from './Store';

/**
 * Item name of the documents in the pinned 'Tagged Items' folder (spec §2, §3 "saved tags"). Alone
 * it is the old, shared key, which is dropped; the stored key adds the user (taggedItemsKey).
 */
export const TAGGED_ITEMS_KEY = 'taggedItems';

/** Local-storage key of one user's tagged documents, e.g. `taggedItems:alice`. */
export function taggedItemsKey(username: string): string {
  return `${TAGGED_ITEMS_KEY}:${username}`;
}

function load(storage: StoragePort, key: string): readonly number[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is number => Number.isInteger(id) && (id as number) > 0))];
  } catch {
    return [];
  }
}

/** One user's documents tagged into 'Tagged Items', in tagging order, kept in local storage under a key that names the user. */
export class TaggedItemsStore extends Store<readonly number[]> {
  private readonly storage: StoragePort;
  private readonly key: string;

  constructor(storage: StoragePort, username: string) {
    const key = taggedItemsKey(username);
    super(load(storage, key));
    // The old shared list belongs to no user we can name: dropped, not inherited by the first user who opens it.
    storage.removeItem(TAGGED_ITEMS_KEY);
    this.storage = storage;
    this.key = key;
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
    this.storage.setItem(this.key, JSON.stringify(next));
    this.setSnapshot(next);
  }
}
