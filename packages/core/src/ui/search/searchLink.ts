import { isSearchTagKind, type SearchTag } from '../../model';
import type { SavedSearchSort } from '../../state/SavedSearchStore';

/** What a /search URL carries besides embedded and allowSave: the chips, the words and the sort. */
export interface SearchLinkState {
  tags: SearchTag[];
  q: string;
  sort: SavedSearchSort | null;
}

/** The /search path that opens a search with these tags, words and sort (pinned searches link here). */
export function searchLink(
  state: { tags?: readonly SearchTag[]; q?: string; sort?: SavedSearchSort | null },
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams(extra);
  for (const tag of state.tags ?? []) params.append('tag', JSON.stringify(tag));
  if (state.q && state.q.trim() !== '') params.set('q', state.q.trim());
  if (state.sort) {
    params.set('sort', state.sort.key);
    params.set('desc', String(state.sort.desc));
  }
  const search = params.toString();
  return search === '' ? '/search' : `/search?${search}`;
}

/** The query flags of spec §2 a link into the search pane keeps from the route it leaves. */
const CONTEXT_FLAGS = ['embedded', 'allowSave'] as const;

/**
 * The /search path that opens the saved search `id` (`/search?saved=<id>`): the pane runs it and
 * marks it active. `embedded` and `allowSave` are copied from `from` (the current query) when set.
 */
export function savedSearchLink(id: string, from: URLSearchParams = new URLSearchParams()): string {
  const params = new URLSearchParams();
  for (const name of CONTEXT_FLAGS) {
    const value = from.get(name);
    if (value !== null) params.set(name, value);
  }
  params.set('saved', id);
  return `/search?${params.toString()}`;
}

function readTag(raw: string): SearchTag | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { text, prefix, type, key } = value as Record<string, unknown>;
    if (typeof type !== 'string' || !isSearchTagKind(type) || typeof key !== 'string') return null;
    return { type, key, text: typeof text === 'string' ? text : key, prefix: typeof prefix === 'string' ? prefix : '' };
  } catch {
    return null;
  }
}

/** Reads the tags, words and sort of a /search query string; anything unreadable is left out. */
export function readSearchLink(params: URLSearchParams): SearchLinkState {
  const tags = params
    .getAll('tag')
    .map(readTag)
    .filter((tag): tag is SearchTag => tag !== null);
  const key = params.get('sort');
  const sort: SavedSearchSort | null =
    key === 'name' || key === 'createdAt' || key === 'FileSize' ? { key, desc: params.get('desc') === 'true' } : null;
  return { tags, q: params.get('q') ?? '', sort };
}

/** A query flag of spec §2 (`embedded`, `allowSave`): 'true'/'false', or the fallback when absent or unreadable. */
export function readFlag(params: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = params.get(name);
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fallback;
}
