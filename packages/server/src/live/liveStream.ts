import type { LiveChangeEvent } from '@datahaven/core/contract';
import { viewerFor } from '../access';
import type { AppDeps } from '../services/AppDeps';
import { EventStream } from './EventStream';
import type { LiveChange, LiveFeedMessage } from './LiveChange';
import type { LiveHub } from './LiveHub';
import { actorOf, visibleChange } from './visibleChange';

/** The timings and limits of a stream (tests shorten them). */
export interface LiveStreamSettings {
  /** A comment every this many ms. */
  heartbeatMs: number;
  /** The stream ends after this long, so the client reconnects with its current token (a revoked or expired one stops here). */
  maxLifetimeMs: number;
  /** Changes waiting to be judged past which the stream is dropped. */
  maxPendingChanges: number;
  /** Bytes waiting for the client past which the stream is dropped. */
  maxBufferedBytes: number;
  /** How many missed changes a resuming stream replays; more and it is told to resync. */
  maxReplay: number;
  /** The client's reconnect delay (the `retry` field). */
  retryMs: number;
}

/** The settings of the product's streams. */
export const LIVE_STREAM_SETTINGS: LiveStreamSettings = {
  heartbeatMs: 20_000,
  maxLifetimeMs: 10 * 60_000,
  maxPendingChanges: 500,
  maxBufferedBytes: 256 * 1024,
  maxReplay: 500,
  retryMs: 2_000,
};

/** Who the stream is for. */
export interface LiveStreamCaller {
  userId: number;
  username: string;
}

/** The changes after `lastEventId` still kept, or null when some are gone or too many to replay. */
async function missedChanges(deps: AppDeps, lastEventId: number, maxReplay: number): Promise<LiveChange[] | null> {
  const kept = await deps.db.selectFrom('live_changes').select('id').where('id', '=', lastEventId).executeTakeFirst();
  if (kept === undefined) return null;
  const rows = await deps.db
    .selectFrom('live_changes')
    .selectAll()
    .where('id', '>', lastEventId)
    .orderBy('id')
    .limit(maxReplay + 1)
    .execute();
  return rows.length > maxReplay ? null : rows;
}

/**
 * Opens one signed-in page's stream: subscribes to the hub first (nothing committed from here on
 * is missed), replays what a resuming client missed or tells it to resync, then sends each change
 * as the caller may see it (their rights read again per change), in commit order, with
 * heartbeats. `onEnd` runs once, whichever side ends it.
 */
export async function openLiveStream(
  deps: AppDeps,
  hub: LiveHub,
  caller: LiveStreamCaller,
  lastEventId: number | null,
  settings: LiveStreamSettings,
): Promise<{ stream: EventStream; close: () => void }> {
  const stream = new EventStream({ maxBufferedBytes: settings.maxBufferedBytes });
  const pending: LiveFeedMessage[] = [];
  let working = false;
  let stopped = false;
  // Changes arriving while a resuming stream reads what it missed wait for the replay.
  let started = false;
  const sendChange = async (change: LiveChange): Promise<void> => {
    const viewer = await viewerFor(deps.db, caller.userId, caller.username, deps.databaseNow());
    const event: LiveChangeEvent | null = await visibleChange(deps.db, viewer, change, await actorOf(deps.db, change.user_id));
    if (event !== null) stream.event('change', event, event.id);
  };
  const work = async (): Promise<void> => {
    working = true;
    try {
      for (let message = pending.shift(); message !== undefined && !stream.ended; message = pending.shift()) {
        if (message.kind === 'gap') stream.event('resync', {});
        else await sendChange(message.change);
      }
    } catch {
      // A failed judgement must not send what was not judged: the client starts over.
      stream.end();
    } finally {
      working = false;
    }
  };
  const unsubscribe = await hub.subscribe((message) => {
    if (stopped) return;
    if (pending.length >= settings.maxPendingChanges) {
      close();
      return;
    }
    pending.push(message);
    if (started && !working) void work();
  });
  const heartbeat = setInterval(() => {
    if (!stream.comment('heartbeat')) close();
  }, settings.heartbeatMs);
  const lifetime = setTimeout(() => close(), settings.maxLifetimeMs);
  heartbeat.unref();
  lifetime.unref();
  function close(): void {
    if (stopped) return;
    stopped = true;
    pending.length = 0;
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    stream.end();
  }
  stream.body.on('close', close);
  stream.retry(settings.retryMs);
  if (lastEventId !== null) {
    const missed = await missedChanges(deps, lastEventId, settings.maxReplay);
    // Replayed ahead of the live ones held meanwhile; a change both in the table and notified is sent once.
    if (missed === null) pending.unshift({ kind: 'gap' });
    else {
      const replayed = new Set(missed.map((change) => change.id));
      const live = pending.splice(0).filter((message) => message.kind === 'gap' || !replayed.has(message.change.id));
      pending.push(...missed.map((change): LiveFeedMessage => ({ kind: 'change', change })), ...live);
    }
  }
  stream.event('ready', {});
  started = true;
  if (pending.length > 0) void work();
  return { stream, close };
}
