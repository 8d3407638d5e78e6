import type { PrivilegeName } from '@datahaven/core/model';
import type { TestServer } from './testServer';
import { privilegeId, unique } from './factories';
import { ALL_QUEUE_ACCESS, encodeQueueAccess } from '../access/queueAccessFlags';
import type { QueueAccessFlag } from '../access/queueAccessFlags';

/**
 * The privileges of a user who works in workflow: the workflow area ('Workflow Queues: OK', which
 * the structure calls and approval lists need) and approve, reject and route. Grant them to the
 * groups or users of a suite that acts in workflow; the queue flags still decide per queue.
 */
export const WORKFLOW_PRIVILEGES: readonly PrivilegeName[] = [
  'Workflow Queues: OK',
  'Workflow: Approve',
  'Workflow: Reject',
  'Workflow Route: OK',
];

/** WORKFLOW_PRIVILEGES as `createUser`'s direct grants. */
export function workflowPrivilegeGrants(): Partial<Record<PrivilegeName, boolean>> {
  return Object.fromEntries(WORKFLOW_PRIVILEGES.map((name) => [name, true]));
}

/** Grants WORKFLOW_PRIVILEGES directly to an existing user (e.g. one of `createWorld`'s). */
export async function grantWorkflowPrivileges(server: TestServer, userId: number): Promise<void> {
  for (const name of WORKFLOW_PRIVILEGES) {
    await server.deps.db
      .insertInto('user_privileges')
      .values({ user_id: userId, privilege_id: await privilegeId(server, name), value: 1 })
      .execute();
  }
}

/** Creates a queue type; resolves to its id. */
export async function createQueueType(server: TestServer, name = unique('AP Invoices ')): Promise<number> {
  return (await server.deps.db.insertInto('queue_types').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Options of `createQueue`. */
export interface QueueOptions {
  name?: string;
  enabled?: boolean;
  approveTo?: number | null;
  rejectTo?: number | null;
  features1?: number;
  features2?: number;
  defaultAccess?: readonly QueueAccessFlag[];
  defaultApproveRequiresNote?: boolean;
  defaultRejectRequiresNote?: boolean;
}

/** Creates a queue of a queue type; resolves to its id. */
export async function createQueue(server: TestServer, queueTypeId: number, options: QueueOptions = {}): Promise<number> {
  const row = await server.deps.db
    .insertInto('queues')
    .values({
      name: options.name ?? unique('Queue '),
      enabled: options.enabled === false ? 0 : 1,
      queue_type_id: queueTypeId,
      approve_to_queue_id: options.approveTo ?? null,
      reject_to_queue_id: options.rejectTo ?? null,
      features1: options.features1 ?? 0,
      features2: options.features2 ?? 0,
      default_access: encodeQueueAccess(options.defaultAccess ?? []),
      default_approve_requires_note: options.defaultApproveRequiresNote ? 1 : 0,
      default_reject_requires_note: options.defaultRejectRequiresNote ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a queue's approve-to and reject-to queues (queues that point at each other). */
export async function setQueueTargets(
  server: TestServer,
  queueId: number,
  targets: { approveTo?: number | null; rejectTo?: number | null },
): Promise<void> {
  await server.deps.db
    .updateTable('queues')
    .set({ approve_to_queue_id: targets.approveTo ?? null, reject_to_queue_id: targets.rejectTo ?? null })
    .where('id', '=', queueId)
    .execute();
}

/** Adds a route from one queue to another. */
export async function createRoute(server: TestServer, fromQueueId: number, toQueueId: number): Promise<void> {
  await server.deps.db.insertInto('routes').values({ from_queue_id: fromQueueId, to_queue_id: toQueueId }).execute();
}

/** Gives a user direct access flags on a queue (all flags when none are named). */
export async function grantUserQueueAccess(
  server: TestServer,
  userId: number,
  queueId: number,
  flags?: readonly QueueAccessFlag[],
): Promise<void> {
  const access = flags === undefined ? ALL_QUEUE_ACCESS : encodeQueueAccess(flags);
  await server.deps.db.insertInto('queue_user_access').values({ user_id: userId, queue_id: queueId, access }).execute();
}

/** Gives a group access flags on a queue (all flags when none are named). */
export async function grantGroupQueueAccess(
  server: TestServer,
  groupId: number,
  queueId: number,
  flags?: readonly QueueAccessFlag[],
): Promise<void> {
  const access = flags === undefined ? ALL_QUEUE_ACCESS : encodeQueueAccess(flags);
  await server.deps.db.insertInto('queue_group_access').values({ group_id: groupId, queue_id: queueId, access }).execute();
}

/** Puts a document into a queue (or out of workflow with null), as the seed would. */
export async function placeInQueue(server: TestServer, documentId: number, queueId: number | null): Promise<void> {
  await server.deps.db.updateTable('documents').set({ queue_id: queueId }).where('id', '=', documentId).execute();
}

/** A document's current row version (what a window would send as rowConflictIds). */
export async function documentRowVersion(server: TestServer, documentId: number): Promise<number> {
  return (await server.deps.db.selectFrom('documents').select('row_version').where('id', '=', documentId).executeTakeFirstOrThrow())
    .row_version;
}

/** Removes every record link of a document, so it is unlinked (the spec's `link` is null). */
export async function unlinkDocument(server: TestServer, documentId: number): Promise<void> {
  await server.deps.db.deleteFrom('record_links').where('document_id', '=', documentId).execute();
}

/** Stores a document's approval list (steps 1…n naming `queueIds`), none approved yet, as the seed would. */
export async function setApprovalList(server: TestServer, documentId: number, queueIds: readonly number[]): Promise<void> {
  await server.deps.db.deleteFrom('document_approvals').where('document_id', '=', documentId).execute();
  if (queueIds.length === 0) return;
  await server.deps.db
    .insertInto('document_approvals')
    .values(
      queueIds.map((queueId, index) => ({
        document_id: documentId,
        step: index + 1,
        queue_id: queueId,
        added_by_user_id: null,
        approved_by_user_id: null,
        approved_at: null,
      })),
    )
    .execute();
}

/** Options of `addWorkflowDelegate`: the schedule as ISO instants (null = open) and the note. */
export interface WorkflowDelegateOptions {
  startsAt?: string | null;
  endsAt?: string | null;
  noteText?: string;
  addedByUserId?: number | null;
}

/** Adds a delegate from one queue to another (open schedule unless given); resolves to its id. */
export async function addWorkflowDelegate(
  server: TestServer,
  fromQueueId: number,
  toQueueId: number,
  options: WorkflowDelegateOptions = {},
): Promise<number> {
  const now = new Date().toISOString();
  const row = await server.deps.db
    .insertInto('workflow_delegates')
    .values({
      from_queue_id: fromQueueId,
      to_queue_id: toQueueId,
      starts_at: options.startsAt ?? null,
      ends_at: options.endsAt ?? null,
      note_text: options.noteText ?? '',
      added_at: now,
      added_by_user_id: options.addedByUserId ?? null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
