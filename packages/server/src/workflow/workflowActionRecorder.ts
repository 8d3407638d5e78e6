import type { WorkflowActionBody } from '@datahaven/core/contract';
import { LIMITS, WORKFLOW_PERMS, hasQueueFeature } from '@datahaven/core/model';
import type { NoteKind, PrivilegeName } from '@datahaven/core/model';
import {
  MESSAGES,
  approveNoteRequirement,
  linkRequiredMessage,
  rejectNoteRequirement,
  routeNoteRequirement,
  validateWorkflowNote,
  type NoteRequirement,
} from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database, WorkflowActionColumn } from '../db/schema';
import type { ErpDeps } from '../erp';
import { notFound, forbidden, outOfSync, invalid } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';
import { appendWorkflowHistory } from './appendWorkflowHistory';
import type { NewWorkflowHistoryRow } from './appendWorkflowHistory';
import { duplicateOverridesOf } from './duplicateGuard';
import { NOTHING_JUDGED, approvalHistoryColumns, conversionNoteOf, judgeApprovalLimits } from './approvalLimits';
import type { JudgedApprovals } from './approvalLimits';
import { assertSegregationOfDuties } from './segregationOfDuties';
import {
  QUEUE_ACCESS_FLAGS,
  assertNoOtherUsersLockOnLockedRows,
  assertSubmittedWhereRequired,
  canSeeDocument,
  effectiveQueueAccessSql,
  executeViewerShaped,
  findQueueWithTargets,
  findQueuesWithAccess,
  lockDocumentRowsReadingQueues,
  queueActionAllowed,
  releaseDocumentLocks,
  workflowPermsFromAccess,
  accessRefusalsFor,
} from '../access';
import type { PrivilegedActivity, QueueAccessFlag, QueueWithAccess, Viewer } from '../access';
import { reindexDocuments } from '../search';
import { readStoredApprovalLists, usesApprovalLists } from './approvalListEditor';
import { recordQueueArrival, recordRejectNotices } from '../notifications';
import { insertNotes } from '../documents';
import { erpDecisionsOfMoves } from './erpStatusDecisions';
import { recordErpStatusDecisions } from './erpStatusOutbox';

/** A workflow action of PUT /api/documents/approval, /reject and /route. */
export type WorkflowAction = WorkflowActionColumn;

/** The validated body of a workflow action (embedded §7 "Workflow actions"). */
export interface WorkflowActionRequest {
  action: WorkflowAction;
  docIds: number[];
  /** Row versions the window saw, in the order of `docIds`. */
  rowConflictIds: number[];
  expectedQueueId: number;
  /** approvalNote / rejectionNote / note; null when blank. */
  note: string | null;
  /** The target queue of a route; null for approve and reject. */
  to: number | null;
  /** Ours (issue 35): an approval's reason to approve possible duplicates anyway; absent or null: none given. */
  duplicateOverrideReason?: string | null;
}

/** One moved document of a workflow action's answer. */
export interface MovedDocument {
  id: number;
  queueId: number;
  rowVersion: number;
}

/** The 200 answer of a workflow action. */
export interface WorkflowActionResult {
  documents: MovedDocument[];
}

const NOTE_FIELD = { approve: 'approvalNote', reject: 'rejectionNote', route: 'note' } as const satisfies Record<WorkflowAction, string>;
const ACTION_FLAG: Record<WorkflowAction, QueueAccessFlag> = { approve: 'Approve', reject: 'Reject', route: 'Route' };
const ACTION_PERM: Record<WorkflowAction, number> = {
  approve: WORKFLOW_PERMS.approve,
  reject: WORKFLOW_PERMS.reject,
  route: WORKFLOW_PERMS.route,
};
/** The privilege each action needs on top of the queue's flag (embedded §6: 'Workflow: Approve', …). */
export const WORKFLOW_ACTION_PRIVILEGE: Readonly<Record<WorkflowAction, PrivilegeName>> = {
  approve: 'Workflow: Approve',
  reject: 'Workflow: Reject',
  route: 'Workflow Route: OK',
};
const ACTION_ACTIVITY: Record<WorkflowAction, PrivilegedActivity> = { approve: 'approving', reject: 'rejecting', route: 'routing' };
const ACTION_VERB: Record<WorkflowAction, string> = { approve: 'Approved', reject: 'Rejected', route: 'Routed' };
/**
 * The action a checked body asks for (the request contract has checked the types, 1–500 distinct
 * ids, the route's `to`): rowConflictIds must hold one row version per docId; a blank note is none.
 */
export function workflowActionRequestOf(action: WorkflowAction, body: WorkflowActionBody): WorkflowActionRequest {
  if (body.rowConflictIds.length !== body.docId.length)
    throw invalid('rowConflictIds must hold one row version per document id, in the same order.');
  const fields: { approvalNote?: string | null; rejectionNote?: string | null; note?: string | null; to?: number } = body;
  const rawNote = fields[NOTE_FIELD[action]] ?? null;
  const note = rawNote === null || rawNote.trim() === '' ? null : rawNote;
  const to = action === 'route' ? (fields.to ?? null) : null;
  if (action === 'route' && to === null) throw invalid('to must be a queue id.');
  return { action, docIds: body.docId, rowConflictIds: body.rowConflictIds, expectedQueueId: body.expectedQueueId, note, to };
}

function queueOutOfSync(): DomainError {
  return outOfSync(MESSAGES.queueOutOfSync);
}

function targetUnavailable(action: WorkflowAction): DomainError {
  if (action === 'approve') return invalid(MESSAGES.documentNotApproved);
  if (action === 'reject') return invalid(MESSAGES.documentNotRejected);
  return invalid(MESSAGES.noRoutesAvailable);
}

function noteRequirementOf(action: WorkflowAction, from: QueueWithAccess, to: QueueWithAccess): NoteRequirement {
  if (action === 'approve') return approveNoteRequirement(from, to);
  if (action === 'reject') return rejectNoteRequirement(from, to);
  return routeNoteRequirement(from, to);
}

function clip(text: string): string {
  const chars = Array.from(text);
  return chars.length <= LIMITS.noteMaxLength ? text : `${chars.slice(0, LIMITS.noteMaxLength - 1).join('')}…`;
}

interface Target {
  queueId: number | null;
  /** The approval-list step this approval passes (marked approved by the caller), if any. */
  step: number | null;
}

/**
 * Where an approval sends each document (embedded §4, approval lists): from a queue that uses
 * approval lists, to the queue of the document's first step not yet approved (that step is then
 * marked approved by the caller), and after the last step to the queue's ApproveToQueue; a list
 * that must exist (WorkflowRouteRequired) and is empty → 400 'Approval Routes Required'. From any
 * other queue, to its ApproveToQueue.
 */
async function approvalTargets(trx: Kysely<Database>, from: QueueWithAccess, docIds: readonly number[]): Promise<Map<number, Target>> {
  const targets = new Map<number, Target>(docIds.map((id) => [id, { queueId: from.approveToQueueId, step: null }]));
  if (!usesApprovalLists(from)) return targets;
  const lists = await readStoredApprovalLists(trx, docIds);
  for (const id of docIds) {
    const list = lists.get(id) ?? [];
    if (list.length === 0 && hasQueueFeature(from, 'WorkflowRouteRequired')) throw invalid(MESSAGES.approvalRoutesRequired);
    const current = list.find((step) => step.approvedByUserId === null);
    if (current !== undefined) targets.set(id, { queueId: current.queueId, step: current.step });
  }
  return targets;
}

/** The row version the caller's window saw of each document, by id. */
function windowVersionsOf(request: WorkflowActionRequest): Map<number, number> {
  return new Map(request.docIds.map((id, index) => [id, request.rowConflictIds[index]]));
}

/**
 * Before the write transaction, for the requests of a stale window (in a race, every approver but
 * the first): when every document is visible, the caller holds the action's access on the enabled
 * queue `expectedQueueId`, and a document's row version already differs from the window's, the
 * conditional UPDATE can never succeed (row versions only grow) → 409 'Document Queue Out Of Sync
 * With Window' at once, without taking the write lock (on SQLite the one connection) for the
 * statements in between. Anything else, every other refusal included, is left to the transaction.
 */
async function refuseStaleWindow(db: Kysely<Database>, viewer: Viewer, request: WorkflowActionRequest): Promise<void> {
  const windowVersions = windowVersionsOf(request);
  const { action } = request;
  // The documents and the caller's access on the window's queue in one statement: nearly every
  // request refused here is a stale window in a race, and each round trip is a turn at the pool.
  // The access is the viewer's (grants read with them for this request); the transaction, which
  // answers everything this lets through, reads it live.
  const values = { queueId: request.expectedQueueId, docIds: request.docIds };
  const rows = await executeViewerShaped(db, viewer, 'stale-window', values, (shapeViewer, shaped) =>
    db
      .selectFrom('documents as d')
      .leftJoin('queues as wq', (join) => join.on('wq.id', '=', shaped.queueId))
      .select(['d.id', 'd.row_version', 'wq.enabled as queue_enabled', effectiveQueueAccessSql(shapeViewer, 'wq').as('queue_access')])
      .where('d.id', 'in', [...shaped.docIds])
      .where((eb) => canSeeDocument(eb, shapeViewer)),
  );
  if (rows.length !== request.docIds.length || rows.every((row) => row.row_version === windowVersions.get(row.id))) return;
  const { queue_enabled: enabled, queue_access: accessValue } = rows[0];
  const access = Number(accessValue ?? 0);
  if (
    enabled !== 1 ||
    (access & QUEUE_ACCESS_FLAGS[ACTION_FLAG[action]]) === 0 ||
    (workflowPermsFromAccess(access) & ACTION_PERM[action]) === 0
  )
    return;
  throw queueOutOfSync();
}

/**
 * Approves, rejects or routes documents in ONE write transaction (DOMAIN invariants 1–2, 6), an
 * approval first judged against the approver's limit (workflow/approvalLimits, before the transaction)
 * and then by segregation of duties (workflow/segregationOfDuties, after its targets are known):
 * the caller needs the action's privilege ('Workflow: Approve', 'Workflow: Reject', 'Workflow
 * Route: OK'; else 403 before anything is read); every document must be visible (else 404); the
 * caller needs the action's queue access flag and workflow bit on `expectedQueueId` (else 403,
 * SECURITY row 13); a disabled source queue → 400 with the action's refusal text, as a disabled
 * target (the queue is out of service, not the caller short of rights); the rows are then locked, and
 * a document no longer in that queue at the window's row version → 409 'Document Queue Out Of Sync
 * With Window' at once; another user's live lock on any document → 409 'The document has been locked by another user.' (the rows are locked first, so a
 * lock cannot slip in before the move); the queue's routing blocks (BlockApproveFromQueue,
 * BlockApproveUnlinked / LinkOnApprovalRequired / BlockRouteUnlinked with an unlinked document, WorkflowRouteRequired with
 * an empty approval list) → 400; a possible duplicate approved without a reason to override → 400
 * (workflow/duplicateGuard; with one, the reason goes into its history row and a note); the target is the approval list's current step, the queue's
 * ApproveToQueue / RejectToQueue or, for a route, `to` when a route from the queue names it (else
 * 400); a note the core rules require must be given (400, the spec's text). Each document moves
 * by `UPDATE … WHERE id AND queue_id = expectedQueueId AND row_version = rowConflictId`; one that
 * fails → 409 'Document Queue Out Of Sync With Window' and the whole request rolls back. Each
 * moved document gets a system note (plus the caller's note as a user note) and a history row,
 * and loses its lock (the caller's own: the document left the queue it was locked in).
 */
export async function recordWorkflowAction(deps: ErpDeps, viewer: Viewer, request: WorkflowActionRequest): Promise<WorkflowActionResult> {
  const { action } = request;
  const privilege = WORKFLOW_ACTION_PRIVILEGE[action];
  if (!viewer.privileges.has(privilege))
    throw forbidden((language) => accessRefusalsFor(language).privilegeNeeded(ACTION_ACTIVITY[action], privilege));
  await refuseStaleWindow(deps.db, viewer, request);
  // Money rules (issues 12, 35): the linked amounts are read from the ERP and judged before the write lock is taken.
  const judged = action === 'approve' ? await judgeApprovalLimits(deps, viewer, request.expectedQueueId, request.docIds) : NOTHING_JUDGED;
  return inWriteTransaction(deps.db, (trx) => applyWorkflowAction(trx, deps, viewer, request, judged, WHOLE_ACTION));
}

/** How one move inside a larger action (Send for approval's hops) differs from an action of its own. */
export interface WorkflowMoveOptions {
  /** Whether the caller's note goes on the documents as a user note here (a multi-hop send writes it once). */
  recordNote: boolean;
  /** Whether the target queue's approvers hear of the arrival (a send tells only the queue it stops in). */
  notifyArrival: boolean;
}

const WHOLE_ACTION: WorkflowMoveOptions = { recordNote: true, notifyArrival: true };

/**
 * The checks and writes of recordWorkflowAction inside the caller's write transaction `trx`
 * (everything but the privilege, the stale-window shortcut and the approval limits judged before
 * it): Send for approval (workflow/documentSender) runs each hop of the auto-route through it, so
 * a hop is refused for exactly what a route by hand would be.
 */
export async function applyWorkflowAction(
  trx: Kysely<Database>,
  deps: ErpDeps,
  viewer: Viewer,
  request: WorkflowActionRequest,
  judged: JudgedApprovals,
  options: WorkflowMoveOptions,
): Promise<WorkflowActionResult> {
  const { action } = request;
  const now = deps.now().toISOString();
  // With each row, whether it has a primary link and duplicate marks: the link rules, the
  // duplicate guard and the ERP outbox then read only the documents they concern (none, in an
  // approval of unlinked, unmarked documents). Read before PostgreSQL's row lock, both are still
  // what the action is judged by: a link or unlink moves the row version (refused below as out of
  // sync), and marks are written by their own transaction after intake, which no row lock orders.
  const visible = await executeViewerShaped(trx, viewer, 'visible-rows', { docIds: request.docIds }, (shapeViewer, shaped) =>
    trx
      .selectFrom('documents as d')
      .select((eb) => [
        'd.id',
        'd.queue_id',
        'd.row_version',
        eb
          .case()
          .when(
            eb.exists(
              eb.selectFrom('record_links as pl').select('pl.id').whereRef('pl.document_id', '=', 'd.id').where('pl.is_primary', '=', 1),
            ),
          )
          .then(1)
          .else(0)
          .end()
          .as('linked'),
        eb
          .case()
          .when(eb.exists(eb.selectFrom('duplicate_marks as dm').select('dm.id').whereRef('dm.document_id', '=', 'd.id')))
          .then(1)
          .else(0)
          .end()
          .as('marked'),
      ])
      .where('d.id', 'in', [...shaped.docIds])
      .where((eb) => canSeeDocument(eb, shapeViewer)),
  );
  if (visible.length !== request.docIds.length) throw notFound(MESSAGES.documentNotFound);
  const linkedIds = new Set(visible.filter((row) => Number(row.linked) === 1).map((row) => row.id));
  const markedSet = new Set(visible.filter((row) => Number(row.marked) === 1).map((row) => row.id));
  const markedIds = request.docIds.filter((id) => markedSet.has(id));

  const fromId = request.expectedQueueId;
  // The source queue with the queues it approves and rejects to: one read serves both ends.
  const queues = await findQueueWithTargets(trx, viewer, fromId);
  const from = queues.get(fromId);
  // THE queue policy (access/queueActionPolicy) judges the flag, as on every other path.
  if (from === undefined || !queueActionAllowed(action, from.access) || (from.workflowPerms & ACTION_PERM[action]) === 0) {
    throw forbidden((language) => accessRefusalsFor(language).queueFlagMissing(ACTION_FLAG[action]));
  }
  if (!from.enabled) throw targetUnavailable(action);
  // The row locks first, then the window checked against the rows as locked: a racer that waited
  // for the winner's commit answers 409 at once rather than holding the row lock through the lock,
  // rule and target reads while the next racer waits on it (the opening burst of the workflow
  // bench). The same precedence as refuseStaleWindow: visible, the access held, the queue enabled,
  // then a stale window before anything else. SQLite's `visible` is already current (IMMEDIATE).
  const current = deps.dialect === 'postgres' ? await lockDocumentRowsReadingQueues(trx, deps.dialect, request.docIds) : visible;
  const windowVersions = windowVersionsOf(request);
  if (current.some((row) => row.queue_id !== fromId || row.row_version !== windowVersions.get(row.id))) throw queueOutOfSync();
  const locks = await assertNoOtherUsersLockOnLockedRows(trx, deps, viewer.userId, request.docIds);

  if (action === 'approve' && hasQueueFeature(from, 'BlockApproveFromQueue')) throw invalid(MESSAGES.approveBlockedFromQueue);
  const linkBlock = action === 'approve' ? 'BlockApproveUnlinked' : action === 'route' ? 'BlockRouteUnlinked' : null;
  // LinkOnApprovalRequired (features2): approval is where the document must be linked, as BlockApproveUnlinked.
  const linkRequired =
    linkBlock !== null && (hasQueueFeature(from, linkBlock) || (action === 'approve' && hasQueueFeature(from, 'LinkOnApprovalRequired')));
  if (linkRequired && request.docIds.some((id) => !linkedIds.has(id))) {
    throw invalid(linkRequiredMessage(request.docIds.length));
  }
  await assertSubmittedWhereRequired(trx, action, from, request.docIds); // Block…Unsubmitted (access/submissionRules)
  // Possible duplicates (issue 35) are approved only with a reason to override (workflow/duplicateGuard).
  // Only documents with a mark can be possible duplicates: the others cost no statement here.
  const overrides =
    action === 'approve' && markedIds.length > 0
      ? await duplicateOverridesOf(trx, viewer, markedIds, request.duplicateOverrideReason ?? null)
      : null;

  let targets: Map<number, Target>;
  if (action === 'approve') targets = await approvalTargets(trx, from, request.docIds);
  else {
    let toId: number | null;
    if (action === 'reject') toId = from.rejectToQueueId;
    else {
      const route = await trx
        .selectFrom('routes')
        .select('id')
        .where('from_queue_id', '=', fromId)
        .where('to_queue_id', '=', request.to ?? 0)
        .executeTakeFirst();
      toId = route === undefined ? null : request.to;
    }
    targets = new Map(request.docIds.map((id) => [id, { queueId: toId, step: null }]));
  }
  // Segregation of duties (issue 35): who prepared a document, or approved it at another level, does not approve it.
  const levels = action === 'approve' ? await assertSegregationOfDuties(trx, viewer, from, targets) : null;
  const targetIds = [...new Set([...targets.values()].map((target) => target.queueId))].filter((id): id is number => id !== null);
  const unread = targetIds.filter((id) => !queues.has(id));
  // An approval list's step or a route names queues the source does not point at: read those too.
  for (const [id, queue] of await findQueuesWithAccess(trx, viewer, unread)) queues.set(id, queue);
  const toOf = (id: number): QueueWithAccess => {
    const queueId = targets.get(id)?.queueId ?? null;
    const to = queueId === null ? undefined : queues.get(queueId);
    if (to === undefined || !to.enabled) throw targetUnavailable(action);
    return to;
  };
  for (const id of request.docIds) {
    const noteCheck = validateWorkflowNote(noteRequirementOf(action, from, toOf(id)), request.note);
    if (!noteCheck.valid) throw invalid(noteCheck.message);
  }

  const moved: MovedDocument[] = [];
  const notes: { documentId: number; kind: NoteKind; text: string }[] = [];
  const history: NewWorkflowHistoryRow[] = [];
  const chainHeads = new Map<number, string>();
  for (const [index, id] of request.docIds.entries()) {
    const rowVersion = request.rowConflictIds[index];
    const to = toOf(id);
    // The move answers the document's history chain head too (appendWorkflowHistory's prev_hash),
    // so the chain costs no read of its own. Read by the statement that moves the row, after the
    // row lock (this UPDATE's on SQLite, lockDocumentRowsReadingQueues' on PostgreSQL), it is the
    // head every earlier writer of this document committed (and an earlier hop of this transaction wrote).
    const updated = await trx
      .updateTable('documents')
      .set({ queue_id: to.id, row_version: rowVersion + 1, updated_at: now })
      .where('id', '=', id)
      .where('queue_id', '=', fromId)
      .where('row_version', '=', rowVersion)
      .where('deleted_at', 'is', null)
      .returning((eb) =>
        eb
          .selectFrom('workflow_history as h')
          .select('h.row_hash')
          .where('h.document_id', '=', id)
          .orderBy('h.id', 'desc')
          .limit(1)
          .as('head_hash'),
      )
      .executeTakeFirst();
    if (updated === undefined) throw queueOutOfSync();
    chainHeads.set(id, updated.head_hash ?? '');
    const step = targets.get(id)?.step ?? null;
    if (step !== null) {
      await trx
        .updateTable('document_approvals')
        .set({ approved_by_user_id: viewer.userId, approved_at: now })
        .where('document_id', '=', id)
        .where('step', '=', step)
        .execute();
    }
    notes.push({
      documentId: id,
      kind: 'system',
      text: clip(`${ACTION_VERB[action]} by ${viewer.username} from '${from.name}' to '${to.name}'.`),
    });
    if (request.note !== null && options.recordNote) notes.push({ documentId: id, kind: 'user', text: request.note });
    const override = overrides?.get(id);
    if (override !== undefined) notes.push({ documentId: id, kind: 'system', text: override.note });
    const conversion = conversionNoteOf(judged.get(id));
    if (conversion !== null) notes.push({ documentId: id, kind: 'system', text: conversion });
    history.push({
      document_id: id,
      action,
      from_queue_id: fromId,
      to_queue_id: to.id,
      user_id: viewer.userId,
      note: request.note,
      at: now,
      override_reason: override?.reason ?? null,
      ...approvalHistoryColumns(judged.get(id), levels?.get(id) ?? null),
    });
    moved.push({ id, queueId: to.id, rowVersion: rowVersion + 1 });
  }
  // The notes and history of every moved document in a statement each, not a few per document:
  // a selection of 50 invoices approved at once stays a short transaction.
  await insertNotes(trx, viewer.userId, notes, now);
  await appendWorkflowHistory(trx, history, chainHeads);
  // The ERP follows the decision: the linked invoices' approval status, written after the commit
  // (workflow/erpStatusWriteBack); an unlinked document owes the ERP nothing and costs no read.
  const erpDecisions = erpDecisionsOfMoves(action, moved, queues).filter((decision) => linkedIds.has(decision.documentId));
  await recordErpStatusDecisions(trx, erpDecisions, viewer.userId, now);
  // The index holds name, description, user notes and text: only the caller's note changes it.
  if (request.note !== null && options.recordNote) await reindexDocuments(trx, request.docIds);
  if (locks.anyLockRow) await releaseDocumentLocks(trx, request.docIds);
  // Whoever sent a rejected document hears why (issue 38 "Reasons"; notifications/recordRejectNotice).
  if (action === 'reject') await recordRejectNotices(trx, deps, viewer.userId, moved, fromId, request.note, now, viewer.language ?? null);
  // The target queues' approvers hear of the documents in Teams, one notification per queue batch.
  for (const queueId of options.notifyArrival ? new Set(moved.map((doc) => doc.queueId)) : []) {
    await recordQueueArrival(
      trx,
      queueId,
      moved.filter((doc) => doc.queueId === queueId).map((doc) => doc.id),
      viewer.userId,
      now,
      viewer.language ?? null,
    );
  }
  return { documents: moved };
}
