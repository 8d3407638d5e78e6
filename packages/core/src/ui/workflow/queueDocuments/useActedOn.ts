import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveChangeEvent } from '../../../contract';
import type { DmsDocument } from '../../../model';
import { blockAction } from '../../../rules';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices, useStore } from '../../app/DatahavenServices';
import type { DecisionAvailabilities } from './useDecisionAvailability';

/** What the ActedOnBar says: another user's change to a document the screen showed, or the server's out-of-sync refusal. */
export interface ActedOnNotice {
  documentId: number;
  /** The document's name as the screen showed it when it learnt of the change ('' for several, or unknown). */
  name: string;
  /** The change the live stream told of; null when only the server's refusal told. */
  event: LiveChangeEvent | null;
  /** A decision of this screen was refused: 'Document Queue Out Of Sync With Window'. */
  outOfSync: boolean;
  /** The list's order when it was learnt, for Next (the document may have left the list since). */
  order: readonly number[];
}

/** What useActedOn hands the queue screen. */
export interface ActedOn {
  /** The bar's notice, until dismissed or replaced. */
  notice: ActedOnNotice | null;
  /** Selected documents whose shown copy predates a change someone else made: their actions wait for a fresh copy. */
  staleIds: ReadonlySet<number>;
  /** The first change told of a stale selected document, for the disabled actions' reason. */
  staleReason: string | null;
  /** The server refused a decision on `docs` as out of sync: say so in the bar, and keep them stale. */
  markOutOfSync(docs: readonly DmsDocument[]): void;
  /** The document listed after the one the notice is about, if any (the bar's Next document). */
  nextId: number | null;
  /** Selects nextId. */
  goNext(): void;
  /** Forgets the stale marks (the screen reads everything again). */
  clearStale(): void;
  /** Hides the notice. */
  dismiss(): void;
}

/** The document after `id` in `order` that is still listed (wrapping), or null. */
function nextListed(order: readonly number[], id: number, listed: readonly number[]): number | null {
  const start = order.indexOf(id);
  const after = start < 0 ? order : [...order.slice(start + 1), ...order.slice(0, start)];
  return after.find((candidate) => candidate !== id && listed.includes(candidate)) ?? listed.find((candidate) => candidate !== id) ?? null;
}

/**
 * The screen's knowledge that another approver acted on what it shows (live updates, issue 38):
 * the moment the stream names a selected document — before the list's refetch brings it back
 * moved or gone — the document is marked stale at the row version shown, so its actions are off
 * and the bar says who did what, instead of a click meeting the server's refusal. A fresh copy
 * (another row version) clears the mark by itself. A click that raced anyway and was refused as
 * out of sync lands in the same bar (markOutOfSync), never in a dialog.
 */
export function useActedOn(watchedDocs: readonly DmsDocument[], sortedIds: readonly number[]): ActedOn {
  const { live, selection } = useServices();
  const { actedOnByOthers } = useStore(live);
  const [notice, setNotice] = useState<ActedOnNotice | null>(null);
  // Document id → the row version shown when the change was learnt; stale while that copy is still shown.
  const [stale, setStale] = useState<ReadonlyMap<number, { rowVersion: number; reason: string }>>(new Map());
  const current = useRef({ watchedDocs, sortedIds });
  current.current = { watchedDocs, sortedIds };
  const seen = useRef(actedOnByOthers);
  // A refusal is told from a click's closure, rendered before the push that explains it may have come.
  const latest = useRef(actedOnByOthers);
  latest.current = actedOnByOthers;

  useEffect(() => {
    if (seen.current === actedOnByOthers) return;
    const before = seen.current;
    seen.current = actedOnByOthers;
    const fresh = [...actedOnByOthers].flatMap(([id, event]) => {
      // Only what arrived since the last look, about what the screen shows (the store is told before the list moves).
      const doc = before.get(id) === event ? undefined : current.current.watchedDocs.find((watched) => watched.id === id);
      return doc === undefined ? [] : [{ doc, event }];
    });
    if (fresh.length === 0) return;
    setStale((marks) => {
      const next = new Map(marks);
      for (const { doc, event } of fresh)
        next.set(doc.id, { rowVersion: doc.rowVersion, reason: UI_TEXT.live.actedOnBy(event.kind, event.byName) });
      return next;
    });
    const { doc, event } = fresh[fresh.length - 1];
    setNotice({ documentId: doc.id, name: doc.name, event, outOfSync: false, order: current.current.sortedIds });
  }, [actedOnByOthers]);

  const markOutOfSync = useCallback((docs: readonly DmsDocument[]) => {
    if (docs.length === 0) return;
    setStale((marks) => {
      const next = new Map(marks);
      for (const doc of docs) next.set(doc.id, { rowVersion: doc.rowVersion, reason: UI_TEXT.live.outOfSyncReason });
      return next;
    });
    // Who moved it, when the stream told (its push may have come while the click was on its way).
    const known = latest.current;
    const told = docs.find((doc) => known.has(doc.id));
    const first = told ?? docs[0];
    setNotice({
      documentId: first.id,
      name: docs.length === 1 || told !== undefined ? first.name : '',
      event: told === undefined ? null : (known.get(told.id) ?? null),
      outOfSync: true,
      order: current.current.sortedIds,
    });
  }, []);

  const staleDocs = watchedDocs.filter((doc) => stale.get(doc.id)?.rowVersion === doc.rowVersion);
  const nextId = notice === null ? null : nextListed(notice.order, notice.documentId, sortedIds);
  return {
    notice,
    staleIds: new Set(staleDocs.map((doc) => doc.id)),
    staleReason: staleDocs.length === 0 ? null : (stale.get(staleDocs[0].id)?.reason ?? null),
    markOutOfSync,
    nextId,
    goNext: () => {
      if (nextId !== null) selection.set([nextId]);
    },
    clearStale: () => setStale(new Map()),
    dismiss: () => setNotice(null),
  };
}

/** The toolbar's availability with every decision and lock command off while a selected document is stale (`reason` on each). */
export function withoutStaleActions(availability: DecisionAvailabilities, reason: string | null): DecisionAvailabilities {
  if (reason === null) return availability;
  const blocked = blockAction('actedOnByOther', reason);
  return { approve: blocked, reject: blocked, route: blocked, createLock: blocked, renewLock: blocked, unlock: blocked };
}
