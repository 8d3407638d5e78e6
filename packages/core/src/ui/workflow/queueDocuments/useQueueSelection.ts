import { useEffect, useMemo } from 'react';
import type { DmsDocument } from '../../../model';
import { useServices, useStore } from '../../app/DatahavenServices';
import { nextAfterRemoval, rememberRouteDeparture, selectionAfterRoute } from './nextSelection';
import type { QueueDocumentsState } from './useQueueDocuments';

/** The selected rows of a queue's list, and where the selection goes after an action. */
export interface QueueSelection {
  /** The selected ids, in the order they were selected. */
  selectedIds: readonly number[];
  /** The selected documents as listed (an id not in the list is left out). */
  selectedDocs: DmsDocument[];
  /** The document the inline viewer shows: the one selected alone, while it is listed. */
  viewedId: number | null;
  /** The listed ids in the list's order (Next / Previous walk them). */
  sortedIds: number[];
  /** Next: the document after the selected one, wrapping (spec §4). */
  selectNext(): void;
  /** Previous: the document before the selected one, wrapping. */
  selectPrevious(): void;
  /** After documents left the list by this window's action: the next one after them (UX.md), none when none remains. */
  selectAfterRemoval(leaving: readonly number[]): void;
  /** Before Route to opens: remembers the list, so back from Route to the document after the routed ones is selected. */
  rememberRouteDeparture(leaving: readonly number[]): void;
}

/**
 * The selection of a queue's list, kept in the mount's SelectionStore (the ERP page hears of it):
 * documents that leave the list leave the selection, and after an approve, reject or route the
 * document after the ones that left is selected, so the user goes straight on to the next.
 */
export function useQueueSelection(
  queueId: number,
  { documents: docs, status }: Pick<QueueDocumentsState, 'documents' | 'status'>,
): QueueSelection {
  const { selection, host } = useServices();
  const { ids: selectedIds, single } = useStore(selection);
  const selectedDocs = useMemo(
    () => selectedIds.map((id) => docs.find((doc) => doc.id === id)).filter((doc): doc is DmsDocument => doc !== undefined),
    [selectedIds, docs],
  );

  // Documents that left the list leave the selection too (moved, or gone in a reload); back from a
  // route, the document after the routed ones is selected.
  useEffect(() => {
    if (status !== 'ready') return;
    const selected = selection.getSnapshot().ids;
    const afterRoute = selectionAfterRoute(
      host.storage.session,
      queueId,
      docs.map((doc) => doc.id),
      selected,
    );
    if (afterRoute !== undefined) {
      selection.set(afterRoute);
      return;
    }
    selection.set(selected.filter((id) => docs.some((doc) => doc.id === id)));
  }, [status, docs, selection, host, queueId]);

  const sortedIds = docs.map((doc) => doc.id);
  return {
    selectedIds,
    selectedDocs,
    viewedId: single !== null && docs.some((doc) => doc.id === single) ? single : null,
    sortedIds,
    selectNext: () => selection.selectNext(sortedIds),
    selectPrevious: () => selection.selectPrevious(sortedIds),
    // The order is the list as this render shows it: the one the user acted on, before the rows left.
    selectAfterRemoval: (leaving) => {
      const next = nextAfterRemoval(sortedIds, leaving);
      selection.set(next === null ? [] : [next]);
    },
    rememberRouteDeparture: (leaving) =>
      rememberRouteDeparture(host.storage.session, { queueId, orderedIds: sortedIds, leaving: [...leaving] }),
  };
}
