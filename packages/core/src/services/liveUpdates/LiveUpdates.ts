import type { QueryClient } from '@tanstack/react-query';
import type { ApiServices } from '../../api';
import { ApiError } from '../../api/ApiError';
import type { LiveChangeEvent } from '../../contract';
import type { LiveUpdatesStore } from '../../state/LiveUpdatesStore';
import { queryKeys } from '../../state/queryKeys';

/** The reconnect delays after a failed stream: doubling from the first to the last, with some jitter so pages do not return together. */
const RETRY_FIRST_MS = 1_000;
const RETRY_LAST_MS = 30_000;

/** The live updates of one mount: started and stopped with it. */
export interface LiveUpdates {
  /** Opens the stream (and keeps it open, reconnecting with backoff) until stop. */
  start(): void;
  /** Closes the stream for good. */
  stop(): void;
}

/** What live updates run over. */
export interface LiveUpdatesDeps {
  api: Pick<ApiServices, 'events'>;
  queryClient: QueryClient;
  store: LiveUpdatesStore;
  /** Waits `ms` unless stopped (tests drive time). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** 0 ≤ value < 1 for the jitter (tests fix it). */
  random?: () => number;
}

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Keeps GET /events open for the mount and turns each change into the invalidations of what it
 * touched, so the list, the counts, the locks and the open document read again in place in every
 * host: a lock → that document and its queue's lists (they show the lock); anything that moves a
 * document → the whole workflow (lists, counts, route targets) and the document. While the stream
 * is down the store says so and the queue lists poll every 60 s as before; a resync, or the
 * stream coming back, reads everything shown again, since changes may have been missed.
 */
export function createLiveUpdates({ api, queryClient, store, sleep = sleepFor, random = Math.random }: LiveUpdatesDeps): LiveUpdates {
  let controller: AbortController | null = null;
  let lastEventId: number | null = null;

  const invalidateEverything = (): void => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflow });
    void queryClient.invalidateQueries({ queryKey: ['documents'] });
  };

  const apply = (event: LiveChangeEvent): void => {
    lastEventId = event.id;
    store.record(event);
    if (event.documentId !== null) void queryClient.invalidateQueries({ queryKey: queryKeys.document(event.documentId) });
    if (event.kind === 'lock' || event.kind === 'unlock') {
      for (const queueId of new Set([event.fromQueueId, event.toQueueId])) {
        if (queueId !== null) void queryClient.invalidateQueries({ queryKey: ['workflow', 'queue', queueId] });
      }
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflow });
  };

  const run = async (signal: AbortSignal): Promise<void> => {
    let failures = 0;
    let everConnected = false;
    while (!signal.aborted) {
      let ready = false;
      try {
        await api.events.stream({
          lastEventId,
          signal,
          handlers: {
            onReady: () => {
              ready = true;
              failures = 0;
              store.setConnected(true);
              // Back after a break with nothing to resume from: what is shown may be stale.
              if (everConnected && lastEventId === null) invalidateEverything();
              everConnected = true;
            },
            onChange: apply,
            onResync: invalidateEverything,
          },
        });
      } catch (error) {
        if (signal.aborted || (error instanceof ApiError && error.kind === 'aborted')) break;
        failures += 1;
      }
      // A stream that ended before it was ready failed too, whatever its status said: no tight loop.
      if (!ready && failures === 0) failures = 1;
      store.setConnected(false);
      if (signal.aborted) break;
      // A stream the server ended (its lifetime, a restart) is opened again at once; a failure waits, longer each time.
      if (failures > 0) {
        const delay = Math.min(RETRY_LAST_MS, RETRY_FIRST_MS * 2 ** (failures - 1));
        await sleep(delay / 2 + (delay / 2) * random(), signal);
      }
    }
  };

  return {
    start() {
      if (controller !== null) return;
      const current = new AbortController();
      controller = current;
      void run(current.signal);
    },
    stop() {
      controller?.abort();
      controller = null;
      store.setConnected(false);
    },
  };
}
