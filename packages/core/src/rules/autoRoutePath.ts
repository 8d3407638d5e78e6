import { hasQueueFeature, type DocumentQueue } from '../model';

/** What the auto-route reads of a queue: its id, name, whether it is in service and its features. */
export interface AutoRouteQueue extends Pick<DocumentQueue, 'name' | 'features1' | 'features2'> {
  id: number;
  enabled: boolean;
}

/** A route between two queues, in the order the administrator made them. */
export interface AutoRouteLink {
  fromQueueId: number;
  toQueueId: number;
}

/** Where "Send for approval" takes a document: the queues it passes, the last one where it stops; or why it cannot go. */
export type AutoRoutePath = { ok: true; hops: number[] } | { ok: false; message: string };

/** Ours: a queue with no route onto the auto-route. */
export function noAutoRouteFrom(queueName: string): string {
  return `No queue on the auto-route can be reached from the queue ${queueName}: Send for approval cannot move these documents.`;
}

/** Ours: the auto-route runs out in a queue it passes over. */
export function autoRouteEndsIn(queueName: string): string {
  return `The auto-route ends in the queue ${queueName}, which it passes over: no queue after it takes a decision.`;
}

/**
 * The auto-route from queue `fromId` (portal spec §3 "IncludeInAutoRoute", §6
 * "WorkflowSkipOnAutoroute"; docs/UX-DECISIONS.md "Send for approval"): from each queue the first
 * route (in the order made) to an enabled queue with IncludeInAutoRoute not yet passed; a queue
 * with WorkflowSkipOnAutoroute is passed through, the first one without it is where the document
 * stops — the first queue that needs a decision. No such route from the start, or a path that
 * runs out in a queue it passes over → a refusal in words.
 */
export function autoRoutePath(
  fromId: number,
  queues: ReadonlyMap<number, AutoRouteQueue>,
  routes: readonly AutoRouteLink[],
): AutoRoutePath {
  const hops: number[] = [];
  const passed = new Set<number>([fromId]);
  let current = fromId;
  for (;;) {
    const next = routes
      .filter((route) => route.fromQueueId === current && !passed.has(route.toQueueId))
      .map((route) => queues.get(route.toQueueId))
      .find((queue): queue is AutoRouteQueue => queue !== undefined && queue.enabled && hasQueueFeature(queue, 'IncludeInAutoRoute'));
    if (next === undefined) {
      const here = queues.get(current)?.name ?? String(current);
      return { ok: false, message: hops.length === 0 ? noAutoRouteFrom(here) : autoRouteEndsIn(here) };
    }
    hops.push(next.id);
    if (!hasQueueFeature(next, 'WorkflowSkipOnAutoroute')) return { ok: true, hops };
    passed.add(next.id);
    current = next.id;
  }
}
