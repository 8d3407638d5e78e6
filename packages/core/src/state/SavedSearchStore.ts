import type { StoragePort } from '../host/StoragePort';
import { LIMITS, isSearchTagKind, type SearchTag } from '../model';
import { Store } from './Store';
import { UI_TEXT } from '../locale/uiText';

/**
 * Item name of the saved searches (spec §3 "Local-storage items: saved tags and searches"). Alone
 * it is the old, shared key, which is dropped; the stored key adds the user (savedSearchesKey).
 */
export const SAVED_SEARCHES_KEY = 'savedSearches';

/** Local-storage key of one user's saved searches, e.g. `savedSearches:alice`. */
export function savedSearchesKey(username: string): string {
  return `${SAVED_SEARCHES_KEY}:${username}`;
}

/** Sort of a saved search: a result column and its direction, or none (relevance / newest first). */
export interface SavedSearchSort {
  key: 'name' | 'createdAt' | 'FileSize';
  desc: boolean;
}

/**
 * A saved search (spec §3 "Saved search": tags, documents, overFifty, savedAt), with the name the
 * user gave it, the free words, its sort (UX.md: saved searches keep their tags and sort) and
 * whether it is pinned to the folders screen.
 */
export interface SavedSearch {
  id: string;
  name: string;
  tags: readonly SearchTag[];
  /** The free words typed beside the chips. */
  q: string;
  sort: SavedSearchSort | null;
  /** Ids of the first results, at most fifty (spec §9). */
  documents: readonly number[];
  /** More than fifty matched: the list shows 'First 50 Results'. */
  overFifty: boolean;
  /** ISO instant of the save (or of the last refresh of its results). */
  savedAt: string;
  pinned: boolean;
}

/** What saving a search needs; the store cuts the documents to fifty and works out overFifty. */
export interface SavedSearchInput {
  name: string;
  tags: readonly SearchTag[];
  q: string;
  sort: SavedSearchSort | null;
  /** Ids of the results in order (only the first fifty are kept). */
  documents: readonly number[];
  /** Every match, for overFifty. */
  total: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readTag(value: unknown): SearchTag | null {
  if (!isObject(value)) return null;
  const { text, prefix, type, key } = value;
  if (
    typeof text !== 'string' ||
    typeof prefix !== 'string' ||
    typeof type !== 'string' ||
    typeof key !== 'string' ||
    !isSearchTagKind(type)
  )
    return null;
  return { text, prefix, type, key };
}

function readSort(value: unknown): SavedSearchSort | null {
  if (!isObject(value)) return null;
  const { key, desc } = value;
  if (key !== 'name' && key !== 'createdAt' && key !== 'FileSize') return null;
  return { key, desc: desc === true };
}

/** One stored entry, or null when it is not a saved search (storage is shared and may hold anything). */
function readSavedSearch(value: unknown): SavedSearch | null {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.name !== 'string' || !Array.isArray(value.tags)) return null;
  const tags = value.tags.map(readTag);
  if (tags.some((tag) => tag === null)) return null;
  const documents = Array.isArray(value.documents)
    ? value.documents.filter((id): id is number => Number.isInteger(id) && (id as number) > 0)
    : [];
  return {
    id: value.id,
    name: value.name,
    tags: tags as SearchTag[],
    q: typeof value.q === 'string' ? value.q : '',
    sort: readSort(value.sort),
    documents: documents.slice(0, LIMITS.savedSearchShownMax),
    overFifty: value.overFifty === true,
    savedAt: typeof value.savedAt === 'string' ? value.savedAt : '',
    pinned: value.pinned === true,
  };
}

function load(storage: StoragePort, key: string): readonly SavedSearch[] {
  const raw = storage.getItem(key);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(readSavedSearch).filter((search): search is SavedSearch => search !== null);
  } catch {
    return [];
  }
}

/**
 * One user's saved searches in local storage through the host's StoragePort, under a key that
 * names the user, so the next user of the same browser never sees them; the snapshot is the list
 * in saving order. Every change is written through at once, so a reload finds it.
 */
export class SavedSearchStore extends Store<readonly SavedSearch[]> {
  private readonly storage: StoragePort;
  private readonly key: string;
  private readonly now: () => Date;

  constructor(storage: StoragePort, username: string, now: () => Date = () => new Date()) {
    const key = savedSearchesKey(username);
    super(load(storage, key));
    // The old shared list cannot be told apart by user: it is dropped rather than handed to whoever opens it first.
    storage.removeItem(SAVED_SEARCHES_KEY);
    this.storage = storage;
    this.key = key;
    this.now = now;
  }

  /** Saves a new search; returns it. */
  save(input: SavedSearchInput): SavedSearch {
    const search: SavedSearch = {
      id: this.newId(),
      name: input.name.trim() === '' ? UI_TEXT.search.savedSearchDefaultName : input.name.trim(),
      tags: input.tags.map((tag) => ({ ...tag })),
      q: input.q.trim(),
      sort: input.sort,
      ...this.results(input.documents, input.total),
      pinned: false,
    };
    this.write([...this.getSnapshot(), search]);
    return search;
  }

  /** The saved search with this id, or null. */
  get(id: string): SavedSearch | null {
    return this.getSnapshot().find((search) => search.id === id) ?? null;
  }

  /** Renames a saved search (a blank name is ignored). */
  rename(id: string, name: string): void {
    if (name.trim() === '') return;
    this.update(id, (search) => ({ ...search, name: name.trim() }));
  }

  /** Pins a saved search to the folders screen, or unpins it. */
  setPinned(id: string, pinned: boolean): void {
    this.update(id, (search) => (search.pinned === pinned ? search : { ...search, pinned }));
  }

  /** Stores the latest results of a saved search after it ran again (UX.md: their counts refresh). */
  refreshResults(id: string, documents: readonly number[], total: number): void {
    this.update(id, (search) => ({ ...search, ...this.results(documents, total) }));
  }

  /** Deletes a saved search. */
  remove(id: string): void {
    const next = this.getSnapshot().filter((search) => search.id !== id);
    if (next.length !== this.getSnapshot().length) this.write(next);
  }

  /** The pinned searches, in saving order. */
  pinned(): readonly SavedSearch[] {
    return this.getSnapshot().filter((search) => search.pinned);
  }

  private results(documents: readonly number[], total: number): Pick<SavedSearch, 'documents' | 'overFifty' | 'savedAt'> {
    return {
      documents: documents.slice(0, LIMITS.savedSearchShownMax),
      overFifty: total > LIMITS.savedSearchShownMax,
      savedAt: this.now().toISOString(),
    };
  }

  private update(id: string, change: (search: SavedSearch) => SavedSearch): void {
    const current = this.getSnapshot();
    let changed = false;
    const next = current.map((search) => {
      if (search.id !== id) return search;
      const updated = change(search);
      changed ||= updated !== search;
      return updated;
    });
    if (changed) this.write(next);
  }

  private write(next: readonly SavedSearch[]): void {
    this.storage.setItem(this.key, JSON.stringify(next));
    this.setSnapshot(next);
  }

  private newId(): string {
    const taken = new Set(this.getSnapshot().map((search) => search.id));
    let n = this.now().getTime();
    while (taken.has(`s${n}`)) n++;
    return `s${n}`;
  }
}
