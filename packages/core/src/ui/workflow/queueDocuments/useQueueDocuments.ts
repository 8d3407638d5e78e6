import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueueDocumentsSort } from '../../../api/workflowApi';
import { LIMITS, type DmsDocument, type WorkflowQueue } from '../../../model';
import { MESSAGES } from '../../../rules';
import { useServices } from '../../app/DatahavenServices';

/** The server caps one page of a queue's documents at 200 (docs/API.md). */
const MAX_TAKE = 200;

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
  /** Loads the list again from the first page (Refresh, after the out-of-sync dialog). */
  reload(): void;
  /** Drops documents that left the queue (approved, rejected, routed). */
  remove(ids: readonly number[]): void;
  /** Puts fresher copies of documents in place (after a lock changed). */
  replace(documents: readonly DmsDocument[]): void;
}

const INITIAL: QueueDocumentsState = { queue: null, documents: [], total: 0, status: 'loading', loadingMore: false };

/**
 * A queue's documents in pages of 30 (spec §9) in the server's sort order, more on demand; with
 * `watch` (the "watch workflow documents" feature flag) the loaded part is reloaded every 60 s
 * and a failed reload is logged as 'Failed reloading workflow documents' while the old list stays.
 */
export function useQueueDocuments(queueId: number, order: QueueDocumentsOrder, watch: boolean): QueueDocuments {
  const { api, loading, alerts } = useServices();
  const [state, setState] = useState<QueueDocumentsState>(INITIAL);
  const [reloads, setReloads] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const { sort, desc, q } = order;
  const query = useCallback(
    (skip: number, take: number) => ({ skip, take, sort: sort ?? undefined, desc: sort ? desc : undefined, q: q || undefined }),
    [sort, desc, q],
  );

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, status: 'loading' }));
    loading.track(api.workflow.getQueueDocuments(queueId, query(0, LIMITS.pageSize), controller.signal)).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState({ queue: page.queue, documents: page.documents, total: page.total, status: 'ready', loadingMore: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        alerts.report(error);
        setState((current) => ({ ...current, status: 'failed', loadingMore: false }));
      },
    );
    return () => controller.abort();
  }, [api, loading, alerts, queueId, query, reloads]);

  useEffect(() => {
    if (!watch) return undefined;
    let active = true;
    const timer = setInterval(() => {
      const take = Math.min(MAX_TAKE, Math.max(LIMITS.pageSize, stateRef.current.documents.length));
      api.workflow.getQueueDocuments(queueId, query(0, take)).then(
        (page) => {
          if (active) setState((current) => ({ ...current, queue: page.queue, documents: page.documents, total: page.total, status: 'ready' }));
        },
        (error: unknown) => console.error(MESSAGES.failedReloadingWorkflowDocuments, error),
      );
    }, LIMITS.workflowPollMs);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [watch, api, queueId, query]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'ready' || current.loadingMore || current.documents.length >= current.total) return;
    setState({ ...current, loadingMore: true });
    loading.track(api.workflow.getQueueDocuments(queueId, query(current.documents.length, LIMITS.pageSize))).then(
      (page) =>
        setState((latest) => {
          const known = new Set(latest.documents.map((doc) => doc.id));
          // A document may have shifted into the next page while we read it: never list it twice.
          return { ...latest, documents: [...latest.documents, ...page.documents.filter((doc) => !known.has(doc.id))], total: page.total, loadingMore: false };
        }),
      (error: unknown) => {
        alerts.report(error);
        setState((latest) => ({ ...latest, loadingMore: false }));
      },
    );
  }, [api, loading, alerts, queueId, query]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const remove = useCallback((ids: readonly number[]) => {
    setState((current) => {
      const documents = current.documents.filter((doc) => !ids.includes(doc.id));
      return { ...current, documents, total: Math.max(documents.length, current.total - (current.documents.length - documents.length)) };
    });
  }, []);
  const replace = useCallback((fresh: readonly DmsDocument[]) => {
    setState((current) => ({ ...current, documents: current.documents.map((doc) => fresh.find((item) => item.id === doc.id) ?? doc) }));
  }, []);

  return { state, loadMore, reload, remove, replace };
}
