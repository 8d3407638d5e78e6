import type { AppDeps } from '../services/AppDeps';
import { openChangeFeed } from './changeFeed';
import type { ChangeFeed } from './changeFeed';
import type { LiveFeedMessage } from './LiveChange';
import { startLockExpirySweep } from './lockExpirySweep';

/**
 * One app's change feed, opened when the first stream subscribes (a server nobody streams from
 * holds no listening connection) and closed with the app; with it runs the sweep that announces
 * locks expiring by time (lockExpirySweep).
 */
export class LiveHub {
  readonly #deps: AppDeps;
  #feed: Promise<ChangeFeed> | null = null;
  #stopSweep: (() => Promise<void>) | null = null;
  #closed = false;
  readonly #streams = new Set<() => void>();

  constructor(deps: AppDeps) {
    this.#deps = deps;
  }

  /** Calls `listener` with every change committed from the moment the answer resolves; the answer stops it. */
  async subscribe(listener: (message: LiveFeedMessage) => void): Promise<() => void> {
    if (this.#closed) throw new Error('The live updates are closed.');
    this.#feed ??= openChangeFeed(this.#deps);
    this.#stopSweep ??= startLockExpirySweep(this.#deps);
    try {
      return (await this.#feed).subscribe(listener);
    } catch (error) {
      // The next stream tries again (the database may be back).
      this.#feed = null;
      throw error;
    }
  }

  /** Keeps `end` to end an open stream when the app closes; the answer forgets it. */
  track(end: () => void): () => void {
    this.#streams.add(end);
    return () => this.#streams.delete(end);
  }

  /** Ends every open stream (the app is closing: a server waits for open requests, and a stream would hold it up to its lifetime). */
  endStreams(): void {
    for (const end of [...this.#streams]) end();
  }

  /** Closes the feed (the app is closing). */
  async close(): Promise<void> {
    this.#closed = true;
    const stopSweep = this.#stopSweep;
    this.#stopSweep = null;
    await stopSweep?.();
    const feed = this.#feed;
    this.#feed = null;
    if (feed !== null) await (await feed.catch(() => null))?.close();
  }
}
