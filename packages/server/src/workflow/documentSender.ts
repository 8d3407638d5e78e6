import type { SendForApprovalOutcome, SendForApprovalRequestBody, SendForApprovalTarget } from '@datahaven/core/contract';
import { autoRoutePath } from '@datahaven/core/rules';
import type { AutoRoutePath, AutoRouteQueue } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { forbidden, invalid } from '../errors/DomainError';
import { accessRefusalsFor, assertQueueActionAllowed, findQueuesWithAccess, queueActionAllowed } from '../access';
import type { Viewer } from '../access';
import type { ErpDeps } from '../erp';
import { NOTHING_JUDGED } from './approvalLimits';
import { WORKFLOW_ACTION_PRIVILEGE, applyWorkflowAction } from './workflowActionRecorder';
import type { MovedDocument } from './workflowActionRecorder';

/** The validated request of PUT /api/documents/send-for-approval. */
export interface SendForApprovalRequest {
  docIds: number[];
  /** Row versions the window saw, in the order of `docIds`. */
  rowConflictIds: number[];
  expectedQueueId: number;
  /** null when blank. */
  note: string | null;
}

/** The 200 answer of a send: the documents where they stopped, that queue, and the queues passed on the way. */
export type SendForApprovalResult = SendForApprovalOutcome & { documents: MovedDocument[] };

/** The send a checked body asks for: one row version per document; a blank note is none. */
export function sendForApprovalRequestOf(body: SendForApprovalRequestBody): SendForApprovalRequest {
  if (body.rowConflictIds.length !== body.docId.length)
    throw invalid('rowConflictIds must hold one row version per document id, in the same order.');
  const note = body.note ?? null;
  return {
    docIds: body.docId,
    rowConflictIds: body.rowConflictIds,
    expectedQueueId: body.expectedQueueId,
    note: note === null || note.trim() === '' ? null : note,
  };
}

/**
 * The auto-route from queue `fromId` (core rules/autoRoutePath) with the queues it names. The
 * auto-route is the administrator's setup, read whole: a send judges the queues passed hop by hop.
 */
export async function readAutoRoutePath(
  db: Kysely<Database>,
  fromId: number,
): Promise<{ path: AutoRoutePath; queues: Map<number, AutoRouteQueue> }> {
  const queueRows = await db.selectFrom('queues').select(['id', 'name', 'enabled', 'features1', 'features2']).execute();
  const queues = new Map<number, AutoRouteQueue>(queueRows.map((row) => [row.id, { ...row, enabled: row.enabled === 1 }]));
  const routeRows = await db.selectFrom('routes').select(['from_queue_id', 'to_queue_id']).orderBy('id').execute();
  const path = autoRoutePath(
    fromId,
    queues,
    routeRows.map((row) => ({ fromQueueId: row.from_queue_id, toQueueId: row.to_queue_id })),
  );
  return { path, queues };
}

/**
 * Where Send for approval would take documents of queue `queueId` for `viewer` (issue 38: the
 * action is offered only where it leads somewhere, naming the queue): the queue the auto-route
 * stops in and the queues it passes, or null when the caller could not send from there — no
 * 'Workflow Route: OK', no Route access to the queue (or none at all) — or no auto-route leads on.
 * A send may still be refused for what only the documents decide (locks, links, note rules).
 */
export async function readSendForApprovalTarget(
  db: Kysely<Database>,
  viewer: Viewer,
  queueId: number,
): Promise<SendForApprovalTarget | null> {
  if (!viewer.privileges.has(WORKFLOW_ACTION_PRIVILEGE.route)) return null;
  const from = (await findQueuesWithAccess(db, viewer, [queueId])).get(queueId);
  if (from === undefined || !queueActionAllowed('route', from.access)) return null;
  const { path, queues } = await readAutoRoutePath(db, queueId);
  if (!path.ok) return null;
  const stop = path.hops[path.hops.length - 1];
  return { queueId: stop, queueName: queues.get(stop)?.name ?? '', passedQueueIds: path.hops.slice(0, -1) };
}

/**
 * Send for approval (issue 38 "The clerk's path"; docs/UX-DECISIONS.md "Send for approval"):
 * moves documents of one queue along the auto-route (core rules/autoRoutePath: the queues with
 * IncludeInAutoRoute, through those with WorkflowSkipOnAutoroute) to the first queue that takes a
 * decision, in ONE write transaction. The 'Workflow Route: OK' privilege (403) and the Route flag
 * on the source queue (403 in the queue policy's words) come first; a queue with no way onto the
 * auto-route → 400 in words. Each hop is a route through applyWorkflowAction, so it is refused for
 * exactly what a route by hand would be — visibility (404), the Route flag on every queue passed,
 * other users' locks, stale row versions (409), BlockRouteUnlinked / BlockRouteUnsubmitted and
 * every route note rule (400) — and any refusal leaves every document where it was. Each hop
 * writes its history row ('route', through appendWorkflowHistory) and system note; the caller's
 * note is written once, and only the queue where the documents stop hears of them. Submit is
 * untouched: it stays the spec's note in place.
 */
export async function sendForApproval(deps: ErpDeps, viewer: Viewer, request: SendForApprovalRequest): Promise<SendForApprovalResult> {
  const privilege = WORKFLOW_ACTION_PRIVILEGE.route;
  if (!viewer.privileges.has(privilege)) throw forbidden((language) => accessRefusalsFor(language).privilegeNeeded('sending', privilege));
  return inWriteTransaction(deps.db, async (trx) => {
    const fromId = request.expectedQueueId;
    const from = (await findQueuesWithAccess(trx, viewer, [fromId])).get(fromId);
    if (from === undefined) throw forbidden((language) => accessRefusalsFor(language).queueFlagMissing('Route'));
    assertQueueActionAllowed('route', from);
    const { path, queues } = await readAutoRoutePath(trx, fromId);
    if (!path.ok) throw invalid(path.message);

    let current = fromId;
    let documents: MovedDocument[] = request.docIds.map((id, index) => ({
      id,
      queueId: fromId,
      rowVersion: request.rowConflictIds[index],
    }));
    for (const [index, to] of path.hops.entries()) {
      const last = index === path.hops.length - 1;
      const moved = await applyWorkflowAction(
        trx,
        deps,
        viewer,
        {
          action: 'route',
          docIds: request.docIds,
          rowConflictIds: documents.map((doc) => doc.rowVersion),
          expectedQueueId: current,
          note: request.note,
          to,
        },
        NOTHING_JUDGED,
        { recordNote: index === 0, notifyArrival: last },
      );
      documents = moved.documents;
      current = to;
    }
    return {
      documents,
      queueId: current,
      queueName: queues.get(current)?.name ?? '',
      passedQueueIds: path.hops.slice(0, -1),
    };
  });
}
