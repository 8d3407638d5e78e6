import type { StoragePort } from '../../../host/StoragePort';

/**
 * The document to select after some left the list (UX.md: move straight to the next document,
 * wrapping to the first): the first remaining one after the last of `leaving` in the old order,
 * else the first remaining one; null when none remains.
 */
export function nextAfterRemoval(orderedIds: readonly number[], leaving: readonly number[]): number | null {
  const remaining = orderedIds.filter((id) => !leaving.includes(id));
  if (remaining.length === 0) return null;
  const lastIndex = Math.max(-1, ...leaving.map((id) => orderedIds.indexOf(id)));
  return orderedIds.slice(lastIndex + 1).find((id) => !leaving.includes(id)) ?? remaining[0];
}

/** Where a route from a queue's list left off: the list's order then and the documents sent to Route to. */
export interface RouteDeparture {
  queueId: number;
  orderedIds: number[];
  leaving: number[];
}

/** Session storage key of the pending route departure (the list unmounts while Route to shows). */
const ROUTE_DEPARTURE_KEY = 'workflowRouteDeparture';

/** Remembers, before Route to opens, what the list looked like, so the list can select the next document on return. */
export function rememberRouteDeparture(storage: StoragePort, departure: RouteDeparture): void {
  storage.setItem(ROUTE_DEPARTURE_KEY, JSON.stringify(departure));
}

/**
 * What to select when the queue's list is back from Route to: once the routed documents are gone
 * from the list, the next document after them (as after approve and reject); `undefined` while
 * nothing is to change (no departure for this queue, or the list still shows the routed documents:
 * a stale list before the reload, or a cancelled route). A departure is used once, and dropped as
 * soon as the selection is no longer the routed documents (the user moved on).
 */
export function selectionAfterRoute(
  storage: StoragePort,
  queueId: number,
  presentIds: readonly number[],
  selectedIds: readonly number[],
): number[] | undefined {
  const raw = storage.getItem(ROUTE_DEPARTURE_KEY);
  if (raw === null) return undefined;
  let departure: RouteDeparture;
  try {
    departure = JSON.parse(raw) as RouteDeparture;
  } catch {
    storage.removeItem(ROUTE_DEPARTURE_KEY);
    return undefined;
  }
  if (departure.queueId !== queueId) return undefined;
  const sameSelection = selectedIds.length === departure.leaving.length && departure.leaving.every((id) => selectedIds.includes(id));
  if (!sameSelection) {
    storage.removeItem(ROUTE_DEPARTURE_KEY);
    return undefined;
  }
  if (departure.leaving.some((id) => presentIds.includes(id))) return undefined;
  storage.removeItem(ROUTE_DEPARTURE_KEY);
  // The old order, less what has gone since; documents that arrived since come after it.
  const order = [
    ...departure.orderedIds.filter((id) => presentIds.includes(id) || departure.leaving.includes(id)),
    ...presentIds.filter((id) => !departure.orderedIds.includes(id)),
  ];
  const next = nextAfterRemoval(order, departure.leaving);
  return next === null ? [] : [next];
}
