import type { LiveChangeEvent } from '../contract';
import { Store } from './Store';

/** How many documents' latest changes by others are remembered (what a screen asks about is recent). */
const REMEMBERED_DOCUMENTS = 100;

/** The live updates of one mount: whether the stream is up, and the latest decision others made on each document. */
export interface LiveUpdatesSnapshot {
  /** The stream is open: changes arrive as they commit, and the 60 s poll rests. */
  connected: boolean;
  /** Per document, the latest change another user made that moved or removed it (approve, reject, route, submit, delete). */
  actedOnByOthers: ReadonlyMap<number, LiveChangeEvent>;
}

/** The kinds after which a document is no longer where a screen showed it. */
const MOVING_KINDS: ReadonlySet<LiveChangeEvent['kind']> = new Set(['approve', 'reject', 'route', 'submit', 'delete']);

/** The state of the mount's live updates (services/liveUpdates writes it, the screens read it). */
export class LiveUpdatesStore extends Store<LiveUpdatesSnapshot> {
  constructor() {
    super({ connected: false, actedOnByOthers: new Map() });
  }

  /** Whether the stream is up. */
  setConnected(connected: boolean): void {
    if (this.getSnapshot().connected === connected) return;
    this.setSnapshot({ ...this.getSnapshot(), connected });
  }

  /** Notes a change: one that moved a document by someone else is remembered for the screens showing it. */
  record(event: LiveChangeEvent): void {
    if (event.documentId === null || event.byYou || !MOVING_KINDS.has(event.kind)) return;
    const next = new Map(this.getSnapshot().actedOnByOthers);
    next.delete(event.documentId);
    next.set(event.documentId, event);
    while (next.size > REMEMBERED_DOCUMENTS) {
      const oldest = next.keys().next().value;
      if (oldest === undefined) break;
      next.delete(oldest);
    }
    this.setSnapshot({ ...this.getSnapshot(), actedOnByOthers: next });
  }
}
