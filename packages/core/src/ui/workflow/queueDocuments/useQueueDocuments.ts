import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { QueueDocumentsSort } from '../../../api/workflowApi';
import { LIMITS, type DmsDocument, type QueueDocumentsPage, type WorkflowQueue } from '../../../model';
import { useServices, useStore, WATCH_QUERY_META } from '../../app/DatahavenServices';
import { queryKeys } from '../../../state/queryKeys';

/** A queue's loaded documents: the first pages so far, the total, and how loading went. */
export interface QueueDocumentsState {
  queue: WorkflowQueue | null;
  documents: DmsDocument[];
  total: number;
  status: 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
}

/** How the list is sorted and filtered on the server. */
export interface QueueDocumentsOrder {
  sort: QueueDocumentsSort | null;
  desc: boolean;
  q: string;
}

/** What useQueueDocuments hands back. */
export interface QueueDocuments {
  state: QueueDocumentsState;
  /** Loads the next page of 30 (on scroll, or when the keyboard moves past the last row). */
  loadMore(): void;
  /** Loads the loaded pages again (Refresh, after the out-of-sync dialog). */
  reload(): void;
  /** Drops documents that left the queue (approved, rejected, routed) at once, before the server's list arrives. */
  remove(ids: readonly number[]): void;
  /** Puts fresher copies of documents in place (after a lock changed). */
  replace(documents: readonly DmsDocument[]): void;
}

type Pages = InfiniteData<QueueDocumentsPage, number>;

/** The documents of every loaded page, each once (a document may shift into the next page while it is read). */
function documentsOf(pages: readonly QueueDocumentsPage[]): DmsDocument[] {
  const seen = new Set<number>();
  return pages.flatMap((page) => page.documents.filter((doc) => !seen.has(doc.id) && seen.add(doc.id) !== undefined));
}

/**
 * A queue's documents in pages of 30 (spec §9) in the server's sort order, more on demand, as
 * an infinite query of the mount's QueryClient (key queryKeys.queueDocuments, so approve, reject
 * and route refresh it by invalidating queryKeys.workflow). With `watch` (the "watch workflow
 * documents" feature flag) the loaded pages are fetched again every 60 s (refetchInterval) while
 * the live stream is down (it invalidates the list itself as changes commit); a
 * failed reload is logged as 'Failed reloading workflow documents' while the old list stays.
 */
export function useQueueDocuments(queueId: number, order: QueueDocumentsOrder, watch: boolean): QueueDocuments {
  const { api, loading, live } = useServices();
  // The live stream refreshes the list as changes commit; the poll is the fallback while it is down.
  const { connected } = useStore(live);
  const queryClient = useQueryClient();
  const { sort, desc, q } = order;
  const queryKey = useMemo(() => queryKeys.queueDocuments(queueId, { sort, desc, q }), [queueId, sort, desc, q]);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const page = api.workflow.getQueueDocuments(
        queueId,
        { skip: pageParam, take: LIMITS.pageSize, sort: sort ?? undefined, desc: sort ? desc : undefined, q: q || undefined },
        signal,
      );
      // The first load and more pages show the app's loading indicator; the watch's quiet reloads do not.
      return queryClient.getQueryData(queryKey) === undefined || pageParam > 0 ? loading.track(page) : page;
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.documents.length, 0);
      return loaded < last.total && last.documents.length > 0 ? loaded : undefined;
    },
    refetchInterval: watch && !connected ? LIMITS.workflowPollMs : false,
    refetchIntervalInBackground: true,
    meta: WATCH_QUERY_META,
  });

  const pages = query.data?.pages ?? [];
  const state: QueueDocumentsState = {
    queue: pages[0]?.queue ?? null,
    documents: documentsOf(pages),
    total: pages.length > 0 ? pages[pages.length - 1].total : 0,
    status: query.data !== undefined ? 'ready' : query.isError ? 'failed' : 'loading',
    loadingMore: query.isFetchingNextPage,
  };

  const { hasNextPage, isFetching, fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);
  const reload = useCallback(() => void refetch(), [refetch]);
  const edit = useCallback(
    (change: (documents: DmsDocument[]) => DmsDocument[]) =>
      queryClient.setQueryData<Pages>(queryKey, (data) => {
        if (!data) return data;
        const changed = data.pages.map((page) => change(page.documents));
        const removed = data.pages.reduce((count, page, index) => count + page.documents.length - changed[index].length, 0);
        return {
          ...data,
          pages: data.pages.map((page, index) => ({ ...page, documents: changed[index], total: Math.max(0, page.total - removed) })),
        };
      }),
    [queryClient, queryKey],
  );
  const remove = useCallback((ids: readonly number[]) => edit((documents) => documents.filter((doc) => !ids.includes(doc.id))), [edit]);
  const replace = useCallback(
    (fresh: readonly DmsDocument[]) => edit((documents) => documents.map((doc) => fresh.find((item) => item.id === doc.id) ?? doc)),
    [edit],
  );

  return { state, loadMore, reload, remove, replace };
}
