/**
 * @jest-environment node
 */
import { QueryClient } from '@tanstack/react-query';
import type { EventsApi, LiveStreamOptions } from '../../api';
import { ApiError } from '../../api/ApiError';
import type { LiveChangeEvent } from '../../contract';
import { LiveUpdatesStore } from '../../state/LiveUpdatesStore';
import { queryKeys } from '../../state/queryKeys';
import { createLiveUpdates } from './LiveUpdates';

const approval: LiveChangeEvent = {
  id: 11,
  kind: 'approve',
  documentId: 3,
  fromQueueId: 1,
  toQueueId: 2,
  byUserId: 5,
  byName: 'Pat Approver',
  byYou: false,
  at: null,
};

/** A stream resource whose streams the test opens, feeds and ends one at a time. */
function scriptedEvents(): { api: { events: EventsApi }; opened: LiveStreamOptions[]; end: (error?: Error) => void } {
  const opened: LiveStreamOptions[] = [];
  let finish: ((error?: Error) => void) | null = null;
  return {
    opened,
    api: {
      events: {
        stream: (options) =>
          new Promise<void>((resolve, reject) => {
            opened.push(options);
            finish = (error) => (error === undefined ? resolve() : reject(error));
            options.signal.addEventListener('abort', () => reject(ApiError.aborted()));
          }),
      },
    },
    end: (error) => finish?.(error),
  };
}

/** Resolves once `check` holds, reading it after each turn of the microtask queue (no clock). */
async function settle(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !check(); turn++) await Promise.resolve();
  if (!check()) throw new Error('the live updates did not reach the awaited state');
}

describe('createLiveUpdates', () => {
  it('invalidates what a change touched, remembers what others did, and lets the poll rest while connected', async () => {
    const { api, opened } = scriptedEvents();
    const queryClient = new QueryClient();
    const invalidated: unknown[] = [];
    jest.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
      invalidated.push(filters?.queryKey);
      return Promise.resolve();
    });
    const store = new LiveUpdatesStore();
    const live = createLiveUpdates({ api, queryClient, store, sleep: () => Promise.resolve() });
    live.start();
    await settle(() => opened.length === 1);
    opened[0].handlers.onReady();
    expect(store.getSnapshot().connected).toBe(true);

    opened[0].handlers.onChange(approval);
    expect(invalidated).toEqual([queryKeys.document(3), queryKeys.workflow]);
    expect(store.getSnapshot().actedOnByOthers.get(3)).toEqual(approval);

    invalidated.length = 0;
    opened[0].handlers.onChange({ ...approval, id: 12, kind: 'lock', documentId: 4, toQueueId: 1, byYou: true });
    expect(invalidated).toEqual([queryKeys.document(4), ['workflow', 'queue', 1]]);
    expect(store.getSnapshot().actedOnByOthers.has(4)).toBe(false);
    live.stop();
    expect(store.getSnapshot().connected).toBe(false);
  });

  it('reconnects after a failure from the last change it had, the poll back on meanwhile', async () => {
    const { api, opened, end } = scriptedEvents();
    const queryClient = new QueryClient();
    const store = new LiveUpdatesStore();
    const delays: number[] = [];
    const live = createLiveUpdates({
      api,
      queryClient,
      store,
      random: () => 0,
      sleep: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
    });
    live.start();
    await settle(() => opened.length === 1);
    opened[0].handlers.onReady();
    opened[0].handlers.onChange(approval);
    end(ApiError.network());
    await settle(() => opened.length === 2);
    expect(store.getSnapshot().connected).toBe(false);
    expect(opened[1].lastEventId).toBe(11);
    end(ApiError.network());
    await settle(() => opened.length === 3);
    // Doubling, halved at the least by the jitter.
    expect(delays).toEqual([500, 1000]);
    live.stop();
  });
});
