import { WORKFLOW_PERMS } from '@datahaven/core/model';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { QUEUE_ACCESS_FLAGS, findQueuesWithAccess, viewerFor } from '../access';
import type { Viewer } from '../access';

/** A user who may approve in a queue and whom Teams can reach. */
export interface QueueApprover {
  viewer: Viewer;
  entraTenantId: string;
  entraObjectId: string;
}

/** The privilege an approval needs on top of the queue's access (workflow/workflowActionRecorder). */
const APPROVE_PRIVILEGE = 'Workflow: Approve';

/**
 * The users who may approve in queue `queueId` now and have an Entra identity (tenant and object
 * id, from their first Teams sign-in or the directory): enabled, holding 'Workflow: Approve', and
 * with the Approve access and approve workflow bit on the enabled queue — the very checks an
 * approval runs (own, group and delegated access, by the database clock). Candidates are first
 * narrowed in SQL to users with a grant on the queue or one of its delegate targets (everyone
 * when the queue's default access approves), then each is checked as a `Viewer`.
 */
export async function findQueueApprovers(db: Kysely<Database>, databaseNow: RawBuilder<string>, queueId: number): Promise<QueueApprover[]> {
  const queue = await db.selectFrom('queues').select(['enabled', 'default_access']).where('id', '=', queueId).executeTakeFirst();
  if (queue === undefined || queue.enabled !== 1) return [];
  const everyone = (Number(queue.default_access) & QUEUE_ACCESS_FLAGS.Approve) !== 0;
  const candidates = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.entra_tenant_id', 'u.entra_object_id'])
    .where('u.disabled', '=', 0)
    .where('u.entra_tenant_id', 'is not', null)
    .where('u.entra_object_id', 'is not', null)
    .$if(!everyone, (query) =>
      query.where((eb) => {
        // The queue and every queue a delegate from it points at (schedules are judged per viewer below).
        const delegateTargets = eb.selectFrom('workflow_delegates as dl').select('dl.to_queue_id').where('dl.from_queue_id', '=', queueId);
        return eb.or([
          eb.exists(
            eb
              .selectFrom('queue_user_access as g')
              .select('g.queue_id')
              .whereRef('g.user_id', '=', 'u.id')
              .where((w) => w.or([w('g.queue_id', '=', queueId), w('g.queue_id', 'in', delegateTargets)])),
          ),
          eb.exists(
            eb
              .selectFrom('queue_group_access as g')
              .innerJoin('user_groups as ug', 'ug.group_id', 'g.group_id')
              .select('g.queue_id')
              .whereRef('ug.user_id', '=', 'u.id')
              .where((w) => w.or([w('g.queue_id', '=', queueId), w('g.queue_id', 'in', delegateTargets)])),
          ),
        ]);
      }),
    )
    .orderBy('u.id')
    .execute();
  const approvers: QueueApprover[] = [];
  for (const candidate of candidates) {
    if (candidate.entra_tenant_id === null || candidate.entra_object_id === null) continue;
    const viewer = await viewerFor(db, candidate.id, candidate.username, databaseNow);
    if (!viewer.privileges.has(APPROVE_PRIVILEGE)) continue;
    const access = (await findQueuesWithAccess(db, viewer, [queueId])).get(queueId);
    if (access === undefined || (access.access & QUEUE_ACCESS_FLAGS.Approve) === 0 || (access.workflowPerms & WORKFLOW_PERMS.approve) === 0)
      continue;
    approvers.push({ viewer, entraTenantId: candidate.entra_tenant_id, entraObjectId: candidate.entra_object_id });
  }
  return approvers;
}
