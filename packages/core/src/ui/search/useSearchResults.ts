import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type DmsDocument, type SearchSnippet, type SearchTag } from '../../model';
import type { SavedSearchSort } from '../../state/SavedSearchStore';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';

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

/** The search as sent: chips, trimmed words and sort. */
interface Searched {
  tags: readonly SearchTag[];
  q: string;
  sort: SavedSearchSort | null;
}

function searchKey(tags: readonly SearchTag[], q: string, sort: SavedSearchSort | null): string {
  return JSON.stringify([tags.map((tag) => [tag.type, tag.key]), q.trim(), sort]);
}

/**
 * Runs the search for the chips, words and sort, 30 at a time (spec §9), as an infinite query
 * (queryKeys.search): a new search drops the request before it (the cache aborts a query nobody
 * watches any more), the old results stay until the new page arrives (no flicker), and more
 * pages are appended on request. Errors go to the app's alerts from the query cache (spec §8 wording).
 */
export function useSearchResults(tags: readonly SearchTag[], q: string, sort: SavedSearchSort | null): SearchResultsState {
  const { api } = useServices();
  const idle = tags.length === 0 && q.trim() === '';
  const key = searchKey(tags, q, sort);
  const chipsKey = JSON.stringify([tags.map((tag) => [tag.type, tag.key]), sort]);
  // What is searched: a chip or a sort change at once, words after a pause in typing.
  const [searched, setSearched] = useState<{ key: string; query: Searched } | null>(null);
  const searchedChips = useRef<string | null>(null);
  const latest = useRef({ tags, q, sort, key });
  latest.current = { tags, q, sort, key };

  useEffect(() => {
    if (idle) {
      searchedChips.current = null;
      setSearched(null);
      return undefined;
    }
    const { tags: nowTags, q: nowQ, sort: nowSort, key: nowKey } = latest.current;
    const typedOnly = searchedChips.current === chipsKey;
    searchedChips.current = chipsKey;
    const timer = setTimeout(
      () => setSearched({ key: nowKey, query: { tags: nowTags, q: nowQ, sort: nowSort } }),
      typedOnly ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [idle, key, chipsKey]);

  const query = searched?.query ?? null;
  const results = useInfiniteQuery({
    queryKey: queryKeys.search(searched?.key ?? ''),
    queryFn: ({ pageParam, signal }) => {
      const asked = query ?? { tags: [], q: '', sort: null };
      return api.search.search(
        { q: asked.q, tags: asked.tags, sort: asked.sort?.key, desc: asked.sort?.desc, skip: pageParam, take: LIMITS.pageSize },
        signal,
      );
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const count = pages.reduce((sum, page) => sum + page.documents.length, 0);
      return count < last.total && last.documents.length > 0 ? count : undefined;
    },
    enabled: searched !== null && !idle,
    placeholderData: keepPreviousData,
  });

  const pages = idle ? undefined : results.data?.pages;
  const loaded = useMemo(() => {
    if (!pages || pages.length === 0) return null;
    // A later page may repeat a document the list already shows (the index moved): shown once.
    const seen = new Set<number>();
    const documents: DmsDocument[] = [];
    let snippets: Record<string, SearchSnippet> = {};
    for (const page of pages) {
      for (const document of page.documents) {
        if (seen.has(document.id)) continue;
        seen.add(document.id);
        documents.push(document);
      }
      snippets = { ...snippets, ...page.snippets };
    }
    return { documents, snippets, total: pages[pages.length - 1].total };
  }, [pages]);

  const isCurrent = loaded !== null && searched !== null && searched.key === key && !results.isPlaceholderData;
  const searching = !idle && (searched?.key !== key || (results.isFetching && !results.isFetchingNextPage));
  const loadingMore = !idle && results.isFetchingNextPage;
  const hasMore = isCurrent && loaded.documents.length < loaded.total;
  const { fetchNextPage } = results;

  const loadMore = useCallback(() => {
    if (!isCurrent || loadingMore || searching || !hasMore) return;
    void fetchNextPage();
  }, [isCurrent, loadingMore, searching, hasMore, fetchNextPage]);

  const firstIds = useCallback(
    async (count: number): Promise<number[]> => {
      if (!loaded) return [];
      const wanted = Math.min(count, loaded.total);
      if (loaded.documents.length >= wanted) return loaded.documents.slice(0, wanted).map((document) => document.id);
      const { tags: nowTags, q: nowQ, sort: nowSort } = latest.current;
      // Its own request (not the list's query): saving must not cancel the list's next page.
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
