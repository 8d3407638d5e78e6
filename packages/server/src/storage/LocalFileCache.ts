import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { PRIVATE_FOLDER_MODE } from './privateModes';
import { join } from 'node:path';

interface Entry {
  path: string;
  size: number;
  /** Callers inside `use` right now: an entry in use is never evicted. */
  users: number;
  lastUsed: number;
}

/**
 * Local copies of content-addressed files kept by a remote store, for the tools that read
 * paths. A key names its content, so a copy never goes stale: a file just uploaded and then
 * read by the upload's checks, its text extraction and its thumbnails is fetched once, not
 * three times. Holds at most `maxBytes` of copies not in use, evicting the least recently used;
 * a copy in use stays until its last user is done.
 */
export class LocalFileCache {
  readonly #dir: string;
  readonly #maxBytes: number;
  readonly #entries = new Map<string, Entry>();
  readonly #fetching = new Map<string, Promise<Entry>>();
  #ready: Promise<void> | null = null;

  constructor(dir: string, maxBytes: number) {
    this.#dir = dir;
    this.#maxBytes = maxBytes;
  }

  /** A fresh temp path in the cache folder, for a copy being written (`adopt` or remove it afterwards). */
  async tempPath(): Promise<string> {
    await this.#prepare();
    return join(this.#dir, `${randomUUID()}.part`);
  }

  /** Takes the finished file at `tempPath` (from `tempPath()`) as the copy of `key`. */
  async adopt(key: string, tempPath: string, size: number): Promise<void> {
    await this.#adopt(key, tempPath, size, 0);
  }

  /** Runs `fn` on the local copy of `key`, fetching it first with `fetch(tempPath)` (which resolves to its size) when there is none. */
  async use<T>(key: string, fetch: (tempPath: string) => Promise<number>, fn: (path: string) => Promise<T>): Promise<T> {
    const entry = await this.#acquire(key, fetch);
    try {
      return await fn(entry.path);
    } finally {
      entry.users -= 1;
      entry.lastUsed = Date.now();
      await this.#evict();
    }
  }

  /** The entry of `key` with one more user, counted in the same tick it is found, so no eviction can slip in between. */
  async #acquire(key: string, fetch: (tempPath: string) => Promise<number>): Promise<Entry> {
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      cached.users += 1;
      return cached;
    }
    const running = this.#fetching.get(key);
    if (running !== undefined) {
      const fetched = await running;
      // The fetcher may already be done with it and it evicted: then fetch again.
      if (this.#entries.get(key) !== fetched) return this.#acquire(key, fetch);
      fetched.users += 1;
      return fetched;
    }
    const fetching = (async (): Promise<Entry> => {
      const tempPath = await this.tempPath();
      try {
        // Adopted with its first user already counted (this caller's).
        return await this.#adopt(key, tempPath, await fetch(tempPath), 1);
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    })();
    this.#fetching.set(key, fetching);
    try {
      return await fetching;
    } finally {
      this.#fetching.delete(key);
    }
  }

  async #adopt(key: string, tempPath: string, size: number, users: number): Promise<Entry> {
    const known = this.#entries.get(key);
    if (known !== undefined) {
      known.users += users;
      await rm(tempPath, { force: true });
      return known;
    }
    const entry: Entry = { path: join(this.#dir, key), size, users, lastUsed: Date.now() };
    await rename(tempPath, entry.path);
    this.#entries.set(key, entry);
    await this.#evict();
    return entry;
  }

  /** Drops the copy of `key` (its file was removed from the store); one in use goes once its users are done. */
  async forget(key: string): Promise<void> {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    entry.lastUsed = 0;
    if (entry.users > 0) return;
    this.#entries.delete(key);
    await rm(entry.path, { force: true });
  }

  /** Empties the folder once (copies of an earlier process are unknown to this one). */
  #prepare(): Promise<void> {
    this.#ready ??= (async () => {
      await rm(this.#dir, { recursive: true, force: true });
      await mkdir(this.#dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    })();
    return this.#ready;
  }

  async #evict(): Promise<void> {
    let total = 0;
    for (const entry of this.#entries.values()) total += entry.size;
    if (total <= this.#maxBytes) return;
    const idle = [...this.#entries.entries()].filter(([, entry]) => entry.users === 0).sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    for (const [key, entry] of idle) {
      if (total <= this.#maxBytes) break;
      // Checked again: while an earlier removal was awaited, someone may have started using it.
      if (entry.users > 0 || this.#entries.get(key) !== entry) continue;
      this.#entries.delete(key);
      total -= entry.size;
      await rm(entry.path, { force: true });
    }
  }
}
