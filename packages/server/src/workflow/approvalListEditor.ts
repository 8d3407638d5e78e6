import type { ApprovalStepRequest } from '@datahaven/core/contract';
import { hasQueueFeature } from '@datahaven/core/model';
import type { ApprovalStep, WorkflowQueue } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database } from '../db/schema';
import type { AppDeps } from '../services/AppDeps';
import { notFound, forbidden, invalid } from '../errors/DomainError';
import {
  QUEUE_ACCESS_FLAGS,
  canSeeDocument,
  effectiveQueueAccessSql,
  findQueuesWithAccess,
  lockDocumentRows,
  visibleDocumentOr404,
} from '../access';
import type { Viewer } from '../access';
import { WORKFLOW_QUEUE_COLUMNS, presentWorkflowQueue } from './workflowQueuePresenter';
import { approvalListRefusalsFor } from './approvalListRefusalsFor';

/** A stored approval step, as the workflow action reads it. */
export interface StoredApprovalStep {
  step: number;
  queueId: number;
  approvedByUserId: number | null;
}

/**
 * Whether approval lists drive a queue's approvals: the WorkflowRoute feature, or
 * WorkflowRouteRequired (which demands a list and so implies one).
 */
export function usesApprovalLists(queue: { features1: number; features2: number }): boolean {
  return hasQueueFeature(queue, 'WorkflowRoute') || hasQueueFeature(queue, 'WorkflowRouteRequired');
}

/** Documents' approval lists, steps in order, as stored; keyed by document id (documents without a list are absent). */
export async function readStoredApprovalLists(
  db: Kysely<Database>,
  documentIds: readonly number[],
): Promise<Map<number, StoredApprovalStep[]>> {
  const lists = new Map<number, StoredApprovalStep[]>();
  if (documentIds.length === 0) return lists;
  const rows = await db
    .selectFrom('document_approvals')
    .select(['document_id', 'step', 'queue_id', 'approved_by_user_id'])
    .where('document_id', 'in', [...new Set(documentIds)])
    .orderBy('document_id')
    .orderBy('step')
    .execute();
  for (const row of rows) {
    const list = lists.get(row.document_id) ?? [];
    list.push({ step: row.step, queueId: row.queue_id, approvedByUserId: row.approved_by_user_id });
    lists.set(row.document_id, list);
  }
  return lists;
}

/** A document's approval list as the API presents it; `current` marks the first step not yet approved. */
async function presentApprovalList(db: Kysely<Database>, documentId: number): Promise<ApprovalStep[]> {
  const rows = await db
    .selectFrom('document_approvals as a')
    .innerJoin('queues as q', 'q.id', 'a.queue_id')
    .leftJoin('users as u', 'u.id', 'a.approved_by_user_id')
    .select(['a.step', 'a.queue_id', 'q.name', 'u.username', 'a.approved_at'])
    .where('a.document_id', '=', documentId)
    .orderBy('a.step')
    .execute();
  const current = rows.find((row) => row.approved_at === null)?.step ?? null;
  return rows.map((row) => ({
    step: row.step,
    queueId: row.queue_id,
    queueName: row.name,
    approvedBy: row.approved_at === null ? null : (row.username ?? null),
    approvedAt: row.approved_at,
    current: row.step === current,
  }));
}

/** `GET /api/documents/{id}/approvals`: the approval list of a visible document (404 otherwise). */
export async function findApprovalList(deps: AppDeps, viewer: Viewer, docId: number): Promise<ApprovalStep[]> {
  await visibleDocumentOr404(deps.db, viewer, docId);
  return presentApprovalList(deps.db, docId);
}

/** Whether a route leads from one queue to an enabled other: the queues an approval list may name. */
async function isApprovalRouteTarget(db: Kysely<Database>, fromQueueId: number, toQueueId: number): Promise<boolean> {
  const row = await db
    .selectFrom('routes as r')
    .innerJoin('queues as q', 'q.id', 'r.to_queue_id')
    .select('r.id')
    .where('r.from_queue_id', '=', fromQueueId)
    .where('r.to_queue_id', '=', toQueueId)
    .where('q.enabled', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * `PUT /api/v2/documents/{id}/approvals/{n}` in one write transaction: sets step `n` of the
 * document's approval list to `change.queueId` — n = length + 1 appends, null removes step n and
 * renumbers the rest. Invisible → 404; document in no queue, or its queue without approval lists
 * (WorkflowRoute / WorkflowRouteRequired) → 400; neither Approve nor Route on the document's queue
 * → 403; n outside 1…length + 1, a step already approved, or a queue no route from the document's
 * queue leads to → 400. Resolves to the new list.
 */
export async function setApprovalStep(
  deps: AppDeps,
  viewer: Viewer,
  docId: number,
  step: number,
  change: ApprovalStepRequest,
): Promise<ApprovalStep[]> {
  return inWriteTransaction(deps.db, async (trx) => {
    // Two editors of one list are serialised by the document row (PostgreSQL; SQLite runs one writer).
    await lockDocumentRows(trx, deps.dialect, [docId]);
    const document = await visibleDocumentOr404(trx, viewer, docId);
    if (document.queue_id === null) throw invalid((language) => approvalListRefusalsFor(language).noWorkflowQueue);
    const queue = (await findQueuesWithAccess(trx, viewer, [document.queue_id])).get(document.queue_id);
    if (queue === undefined) throw invalid((language) => approvalListRefusalsFor(language).noWorkflowQueue);
    if ((queue.access & (QUEUE_ACCESS_FLAGS.Approve | QUEUE_ACCESS_FLAGS.Route)) === 0) {
      throw forbidden((language) => approvalListRefusalsFor(language).needsApproveOrRoute);
    }
    const queueName = queue.name;
    if (!usesApprovalLists(queue)) throw invalid((language) => approvalListRefusalsFor(language).noApprovalLists(queueName));

    const list = (await readStoredApprovalLists(trx, [docId])).get(docId) ?? [];
    if (!Number.isSafeInteger(step) || step < 1 || step > list.length + 1) {
      const last = list.length + 1;
      throw invalid((language) => approvalListRefusalsFor(language).stepOutOfList(step, last));
    }
    if (step <= list.length && list[step - 1].approvedByUserId !== null)
      throw invalid((language) => approvalListRefusalsFor(language).stepApproved(step));
    if (change.queueId === null && step === list.length + 1)
      throw invalid((language) => approvalListRefusalsFor(language).stepMissing(step));
    if (change.queueId !== null && !(await isApprovalRouteTarget(trx, document.queue_id, change.queueId))) {
      const target = change.queueId;
      throw invalid((language) => approvalListRefusalsFor(language).notARoute(target, queueName));
    }

    // Rewrite the list whole: renumbering in place would trip the (document, step) key mid-update.
    const stored = await trx.selectFrom('document_approvals').selectAll().where('document_id', '=', docId).orderBy('step').execute();
    const next = stored.map((row) => ({ ...row }));
    if (change.queueId === null) next.splice(step - 1, 1);
    else {
      const added = {
        document_id: docId,
        step,
        queue_id: change.queueId,
        added_by_user_id: viewer.userId,
        approved_by_user_id: null,
        approved_at: null,
      };
      if (step === stored.length + 1) next.push(added);
      else next[step - 1] = added;
    }
    await trx.deleteFrom('document_approvals').where('document_id', '=', docId).execute();
    if (next.length > 0)
      await trx
        .insertInto('document_approvals')
        .values(next.map((row, index) => ({ ...row, step: index + 1 })))
        .execute();
    return presentApprovalList(trx, docId);
  });
}

/**
 * `GET /api/workflow/queues/{id}/routes/approval`: the enabled queues a route from queue `queueId`
 * leads to — the queues an approval list of a document there may name. The caller must be able to
 * browse `queueId` (404 otherwise, like a missing queue). The targets are listed whether or not the
 * caller may browse them: an approval step names the approvers' queue, which the requester usually
 * cannot open. `documentCount` counts the documents there the caller can see.
 */
export async function findApprovalRouteQueues(deps: AppDeps, viewer: Viewer, queueId: number): Promise<WorkflowQueue[]> {
  const from = (await findQueuesWithAccess(deps.db, viewer, [queueId])).get(queueId);
  if (from === undefined || (from.access & QUEUE_ACCESS_FLAGS.BrowseToQueue) === 0) throw notFound('The queue was not found.');
  const rows = await deps.db
    .selectFrom('routes as r')
    .innerJoin('queues as q', 'q.id', 'r.to_queue_id')
    .innerJoin('queue_types as t', 't.id', 'q.queue_type_id')
    .select([...WORKFLOW_QUEUE_COLUMNS, 't.name as queue_type_name', effectiveQueueAccessSql(viewer, 'q').as('access')])
    .where('r.from_queue_id', '=', queueId)
    .where('q.enabled', '=', 1)
    .orderBy('q.name')
    .orderBy('q.id')
    .execute();
  const counts = new Map<number, number>();
  if (rows.length > 0) {
    const counted = await deps.db
      .selectFrom('documents as d')
      .select(['d.queue_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'd.queue_id',
        'in',
        rows.map((row) => row.id),
      )
      .where((eb) => canSeeDocument(eb, viewer))
      .groupBy('d.queue_id')
      .execute();
    for (const row of counted) if (row.queue_id !== null) counts.set(row.queue_id, Number(row.n));
  }
  return rows.map((row) => presentWorkflowQueue(row, counts.get(row.id) ?? 0));
}
