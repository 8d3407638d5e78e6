import type { DmsDocument, UploadItem } from '../model';
import { MESSAGES } from '../locale/messages';
import { Store } from './Store';

/** Bytes sent of one upload. */
export interface UploadQueueProgress {
  loaded: number;
  total: number;
}

/** Does the actual upload (usually `documents.uploadDocument(file, folder, onProgress, signal)`). */
export type UploadRunner = (onProgress: (progress: UploadQueueProgress) => void, signal: AbortSignal) => Promise<DmsDocument[]>;

/** The upload queue's state: every item plus progress over the whole queue. */
export interface UploadQueueSnapshot {
  items: readonly UploadItem[];
  /** Items still uploading or processing. */
  active: number;
  /** Bytes sent over every listed item (finished items count in full). */
  loaded: number;
  total: number;
  /** loaded / total, 0..1 (1 for an empty queue). */
  fraction: number;
}

/** A started upload: its id and a promise of its final item (never rejects). */
export interface StartedUpload {
  id: string;
  finished: Promise<UploadItem>;
}

/** Options of an UploadQueue. */
export interface UploadQueueOptions {
  /** Id generator; a counter with a per-queue prefix by default. */
  createId?: () => string;
}

const EMPTY: UploadQueueSnapshot = { items: [], active: 0, loaded: 0, total: 0, fraction: 1 };

/**
 * The files being uploaded (spec §4 "Upload queue"): each goes uploading → processing (all bytes
 * sent, the server is storing them) → done, or failed with a reason. Cancel aborts one upload.
 */
export class UploadQueue extends Store<UploadQueueSnapshot> {
  private readonly controllers = new Map<string, AbortController>();
  private readonly createId: () => string;

  constructor(options: UploadQueueOptions = {}) {
    super(EMPTY);
    let counter = 0;
    this.createId = options.createId ?? (() => `upload-${++counter}`);
  }

  /** Adds a file to the queue and runs its upload. */
  start(file: { name: string; size: number }, run: UploadRunner, options: { folderId?: string | null } = {}): StartedUpload {
    const id = this.createId();
    const controller = new AbortController();
    this.controllers.set(id, controller);
    const item: UploadItem = {
      id,
      fileName: file.name,
      size: file.size,
      loaded: 0,
      state: 'uploading',
      folderId: options.folderId ?? null,
      reason: null,
      documents: [],
    };
    this.publish([...this.getSnapshot().items, item]);

    const finished = (async (): Promise<UploadItem> => {
      try {
        const documents = await run((progress) => this.progress(id, progress), controller.signal);
        this.update(id, (current) => ({ ...current, state: 'done', loaded: current.size, documents }));
      } catch (error) {
        const reason = controller.signal.aborted
          ? MESSAGES.uploadCancelled
          : error instanceof Error && error.message !== ''
            ? error.message
            : MESSAGES.errorUploadingFile;
        this.update(id, (current) => ({ ...current, state: 'failed', reason }));
      } finally {
        this.controllers.delete(id);
      }
      return this.find(id) ?? { ...item, state: 'failed', reason: MESSAGES.errorUploadingFile };
    })();
    return { id, finished };
  }

  /** Cancels an upload that has not finished yet; it ends as failed with 'The upload was cancelled.'. */
  cancel(id: string): void {
    this.controllers.get(id)?.abort();
  }

  /** Cancels every unfinished upload. */
  cancelAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
  }

  /** Removes a finished item from the list (unfinished ones stay). */
  remove(id: string): void {
    const items = this.getSnapshot().items;
    const next = items.filter((item) => item.id !== id || !isFinished(item));
    if (next.length !== items.length) this.publish(next);
  }

  /** Removes every finished item. */
  clearFinished(): void {
    const items = this.getSnapshot().items;
    const next = items.filter((item) => !isFinished(item));
    if (next.length !== items.length) this.publish(next);
  }

  /** One item by id. */
  find(id: string): UploadItem | undefined {
    return this.getSnapshot().items.find((item) => item.id === id);
  }

  private progress(id: string, progress: UploadQueueProgress): void {
    this.update(id, (current) => {
      if (isFinished(current)) return current;
      const size = progress.total > 0 ? progress.total : current.size;
      const loaded = Math.min(Math.max(progress.loaded, 0), size);
      const state = size > 0 && loaded >= size ? 'processing' : 'uploading';
      if (loaded === current.loaded && state === current.state && size === current.size) return current;
      return { ...current, loaded, size, state };
    });
  }

  private update(id: string, change: (item: UploadItem) => UploadItem): void {
    const items = this.getSnapshot().items;
    let changed = false;
    const next = items.map((item) => {
      if (item.id !== id) return item;
      const updated = change(item);
      if (updated !== item) changed = true;
      return updated;
    });
    if (changed) this.publish(next);
  }

  private publish(items: readonly UploadItem[]): void {
    if (items.length === 0) {
      this.setSnapshot(EMPTY);
      return;
    }
    let loaded = 0;
    let total = 0;
    let active = 0;
    for (const item of items) {
      total += item.size;
      loaded += isFinished(item) ? item.size : item.loaded;
      if (!isFinished(item)) active++;
    }
    this.setSnapshot({ items, active, loaded, total, fraction: total === 0 ? 1 : loaded / total });
  }
}

function isFinished(item: UploadItem): boolean {
  return item.state === 'done' || item.state === 'failed';
}
