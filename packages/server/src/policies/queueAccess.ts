import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { QUEUE_ACCESS_FLAGS, workflowPermsFromAccess } from '../workflow/queueAccessFlags';

/** Bitwise OR of `ga.access` over the joined group rows: SQLite has no bit_or, so per bit max(), summed. */
const GROUP_ACCESS_OR = sql.join(
  Object.values(QUEUE_ACCESS_FLAGS).map((bit) => sql`coalesce(max(ga.access & ${sql.lit(bit)}), 0)`),
  sql` + `,
);

/**
 * SQL for a user's effective access bit set on the queue whose id is `queueId` (a column
 * reference such as `sql.ref('q.id')`, with `q` the `queues` row): the queue's default access ∪
 * the user's own access ∪ every access of the user's groups (DOMAIN.md "Workflow").
 */
export function effectiveQueueAccessSql(userId: number, queueAlias: string): RawBuilder<number> {
  const queue = sql.ref(`${queueAlias}.id`);
  const defaults = sql.ref(`${queueAlias}.default_access`);
  return sql<number>`(${defaults}
    | coalesce((select ua.access from queue_user_access ua where ua.user_id = ${userId} and ua.queue_id = ${queue}), 0)
    | coalesce((select ${GROUP_ACCESS_OR} from queue_group_access ga inner join user_groups ug on ug.group_id = ga.group_id
                where ug.user_id = ${userId} and ga.queue_id = ${queue}), 0))`;
}

/** One queue as the workflow commands read it, with the caller's effective access and workflowPerms. */
export interface QueueWithAccess {
  id: number;
  name: string;
  enabled: boolean;
  approveToQueueId: number | null;
  rejectToQueueId: number | null;
  features1: number;
  features2: number;
  defaultApproveRequiresNote: boolean;
  defaultRejectRequiresNote: boolean;
  /** Effective queue access bit set (workflow/queueAccessFlags.ts order). */
  access: number;
  /** The workflowPerms bitmask (portal §6) derived from `access`. */
  workflowPerms: number;
}

/** The named queues with the user's effective access, computed in one SQL query; keyed by id. */
export async function findQueuesWithAccess(db: Kysely<Database>, userId: number, queueIds: readonly number[]): Promise<Map<number, QueueWithAccess>> {
  const result = new Map<number, QueueWithAccess>();
  if (queueIds.length === 0) return result;
  const rows = await db
    .selectFrom('queues as q')
    .select([
      'q.id',
      'q.name',
      'q.enabled',
      'q.approve_to_queue_id',
      'q.reject_to_queue_id',
      'q.features1',
      'q.features2',
      'q.default_approve_requires_note',
      'q.default_reject_requires_note',
      effectiveQueueAccessSql(userId, 'q').as('access'),
    ])
    .where('q.id', 'in', [...new Set(queueIds)])
    .execute();
  for (const row of rows) {
    const access = Number(row.access);
    result.set(row.id, {
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      approveToQueueId: row.approve_to_queue_id,
      rejectToQueueId: row.reject_to_queue_id,
      features1: Number(row.features1),
      features2: Number(row.features2),
      defaultApproveRequiresNote: row.default_approve_requires_note === 1,
      defaultRejectRequiresNote: row.default_reject_requires_note === 1,
      access,
      workflowPerms: workflowPermsFromAccess(access),
    });
  }
  return result;
}
