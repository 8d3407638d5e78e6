import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { supersedingCall, type SearchQuery } from '../../api/searchApi';
import { ApiError } from '../../api/ApiError';
import { LIMITS, type DmsDocument, type SearchSnippet, type SearchTag } from '../../model';
import type { SavedSearchSort } from '../../state/SavedSearchStore';
import { useServices } from '../app/DatahavenServices';

const NO_SNIPPETS: Readonly<Record<string, SearchSnippet>> = {};

/** Pause after the last keystroke before the words are searched. */
export const SEARCH_DEBOUNCE_MS = 250;

/** What the results list shows. */
export interface SearchResultsState {
  /** Nothing typed and no chips: nothing was searched. */
  idle: boolean;
  documents: readonly DmsDocument[];
  /** Where the words matched in each shown document, by id. */
  snippets: Readonly<Record<string, SearchSnippet>>;
  total: number;
  /** A first page is on its way (the previous results stay shown meanwhile). */
  searching: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  /** The results shown belong to the current tags, words and sort. */
  current: boolean;
  hasMore: boolean;
  loadMore(): void;
  /** The ids of up to the first `count` results, fetching the rest of them if fewer are loaded. */
  firstIds(count: number): Promise<number[]>;
}

interface Loaded {
  key: string;
  documents: readonly DmsDocument[];
  snippets: Readonly<Record<string, SearchSnippet>>;
  total: number;
}

function queryKey(tags: readonly SearchTag[], q: string, sort: SavedSearchSort | null): string {
  return JSON.stringify([tags.map((tag) => [tag.type, tag.key]), q.trim(), sort]);
}

/**
 * Runs the search for the chips, words and sort, 30 at a time (spec §9): a new query aborts the
 * request before it (superseded), the old results stay until the new page arrives (no flicker),
 * and more pages are appended on request. Errors go to the app's alerts (spec §8 wording).
 */
export function useSearchResults(tags: readonly SearchTag[], q: string, sort: SavedSearchSort | null): SearchResultsState {
  const { api, alerts } = useServices();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [searching, setSearching] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const call = useMemo(() => supersedingCall((query: SearchQuery, signal: AbortSignal) => api.search.search(query, signal)), [api]);
  useEffect(() => () => call.cancel(), [call]);

  const idle = tags.length === 0 && q.trim() === '';
  const key = queryKey(tags, q, sort);
  const chipsKey = JSON.stringify([tags.map((tag) => [tag.type, tag.key]), sort]);
  // The chips and sort of the last search started: when only the words changed, wait for a pause in typing.
  const searchedChips = useRef<string | null>(null);
  const latest = useRef({ tags, q, sort, key });
  latest.current = { tags, q, sort, key };

  const report = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.kind === 'aborted') return;
      alerts.report(error);
    },
    [alerts],
  );

  useEffect(() => {
    if (idle) {
      searchedChips.current = null;
      call.cancel();
      setSearching(false);
      setLoadingMore(false);
      setLoaded(null);
      return undefined;
    }
    let current = true;
    setSearching(true);
    // Words wait for a pause in typing; a chip or a sort change searches at once.
    const { tags: nowTags, q: nowQ, sort: nowSort, key: nowKey } = latest.current;
    const typedOnly = searchedChips.current === chipsKey;
    searchedChips.current = chipsKey;
    const timer = setTimeout(
      () => {
        call
          .run({ q: nowQ, tags: nowTags, sort: nowSort?.key, desc: nowSort?.desc, skip: 0, take: LIMITS.pageSize })
          .then((page) => {
            if (!current) return;
            setLoaded({ key: nowKey, documents: page.documents, snippets: page.snippets ?? {}, total: page.total });
            setSearching(false);
            setLoadingMore(false);
          })
          .catch((error: unknown) => {
            if (!current) return;
            setSearching(false);
            report(error);
          });
      },
      typedOnly ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [idle, key, chipsKey, call, report]);

  const isCurrent = loaded !== null && loaded.key === key;
  const hasMore = isCurrent && loaded.documents.length < loaded.total;

  const loadMore = useCallback(() => {
    if (!loaded || loaded.key !== latest.current.key || loadingMore || searching || loaded.documents.length >= loaded.total) return;
    const { tags: nowTags, q: nowQ, sort: nowSort, key: nowKey } = latest.current;
    setLoadingMore(true);
    call
      .run({ q: nowQ, tags: nowTags, sort: nowSort?.key, desc: nowSort?.desc, skip: loaded.documents.length, take: LIMITS.pageSize })
      .then((page) => {
        setLoaded((previous) => {
          if (!previous || previous.key !== nowKey) return previous;
          const seen = new Set(previous.documents.map((document) => document.id));
          return {
            key: nowKey,
            documents: [...previous.documents, ...page.documents.filter((document) => !seen.has(document.id))],
            snippets: { ...previous.snippets, ...page.snippets },
            total: page.total,
          };
        });
        setLoadingMore(false);
      })
      .catch((error: unknown) => {
        setLoadingMore(false);
        report(error);
      });
  }, [loaded, loadingMore, searching, call, report]);

  const firstIds = useCallback(
    async (count: number): Promise<number[]> => {
      if (!loaded) return [];
      const wanted = Math.min(count, loaded.total);
      if (loaded.documents.length >= wanted) return loaded.documents.slice(0, wanted).map((document) => document.id);
      const { tags: nowTags, q: nowQ, sort: nowSort } = latest.current;
      // Its own request (not the superseding one): saving must not cancel the list's next page.
      const page = await api.search.search({ q: nowQ, tags: nowTags, sort: nowSort?.key, desc: nowSort?.desc, skip: 0, take: wanted });
      return page.documents.map((document) => document.id);
    },
    [loaded, api],
  );

  return {
    idle,
    documents: loaded?.documents ?? [],
    snippets: loaded?.snippets ?? NO_SNIPPETS,
    total: loaded?.total ?? 0,
    searching,
    loadingMore,
    current: isCurrent,
    hasMore,
    loadMore,
    firstIds,
  };
}
