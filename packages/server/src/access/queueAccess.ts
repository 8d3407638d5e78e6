import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/dialectOf';
import { QUEUE_ACCESS_FLAGS, workflowPermsFromAccess } from './queueAccessFlags';

/**
 * Who asks for queue access: the user and the database clock (`deps.databaseNow()`) that judges
 * delegate schedules. A `Viewer` is one.
 */
export interface QueueAccessCaller {
  userId: number;
  databaseNow: RawBuilder<string>;
  /**
   * What the caller's own and group grants add to each queue's default access (delegates
   * resolved), read once with the viewer (`readCallerRights`). When present, read queries inline it
   * as constants instead of a correlated subquery per queue: PostgreSQL spent ~80 % of a listing's
   * document query planning those subqueries. `findQueuesWithAccess`, the authority of the write
   * commands, ignores it and reads the grants live in its own statement.
   */
  queueGrants?: ReadonlyMap<number, number>;
}

/** More granted queues than this and the snapshot is not inlined (the SQL would grow with it); the subquery is used instead. */
const MAX_INLINED_GRANTS = 200;

/** Bitwise OR of `g.access` over the grant rows: SQLite has no bit_or, so per bit max(), summed. */
const GRANT_ACCESS_OR = sql.join(
  Object.values(QUEUE_ACCESS_FLAGS).map((bit) => sql`coalesce(max(g.access & ${sql.lit(bit)}), 0)`),
  sql` + `,
);

/**
 * The database clock for a caller named only by user id. Transitional, for callers written before
 * delegates (they pass `viewer.userId`): it is the database's real clock without the tests' offset,
 * so pass the `Viewer` instead wherever a test may shift the clock.
 */
function fallbackNow(db: Kysely<Database> | undefined): RawBuilder<string> {
  if (db !== undefined) return databaseNowSql(dialectOf(db));
  // No connection to ask: ISO text of this process's clock, only for the delegate schedule.
  return sql<string>`${new Date().toISOString()}`;
}

function callerOf(caller: number | QueueAccessCaller, db?: Kysely<Database>): QueueAccessCaller {
  return typeof caller === 'number' ? { userId: caller, databaseNow: fallbackNow(db) } : caller;
}

/** The caller without its grant snapshot: access computed in the statement that uses it. */
function liveCallerOf(caller: number | QueueAccessCaller, db: Kysely<Database>): QueueAccessCaller {
  const { userId, databaseNow } = callerOf(caller, db);
  return { userId, databaseNow };
}

/**
 * SQL for a caller's effective access bit set on the queue `queueAlias` (a `queues` row in the
 * enclosing query): the queue's default access ∪ the caller's own access ∪ every access of their
 * groups ∪, for each `workflow_delegates` row from this queue whose schedule holds at the database
 * clock (start null or ≤ now, end null or > now), the caller's own and group access on the
 * delegate's `to_queue_id` (DOMAIN.md "Workflow"). One expression, usable in WHERE and SELECT.
 * A bare user id (older callers) judges delegates by the database's unshifted clock.
 */
export function effectiveQueueAccessSql(caller: number | QueueAccessCaller, queueAlias: string): RawBuilder<number> {
  const { userId, databaseNow, queueGrants } = callerOf(caller);
  const queue = sql.ref(`${queueAlias}.id`);
  const defaults = sql.ref(`${queueAlias}.default_access`);
  if (queueGrants !== undefined && queueGrants.size <= MAX_INLINED_GRANTS) {
    // The snapshot as constants: default access | the grant bits of this queue id (0 for any other).
    const arms = [...queueGrants].filter(([, bits]) => bits !== 0).map(([id, bits]) => sql`when ${sql.lit(id)} then ${sql.lit(bits)}`);
    return arms.length === 0
      ? sql<number>`(${defaults} | 0)`
      : sql<number>`(${defaults} | case ${queue} ${sql.join(arms, sql` `)} else 0 end)`;
  }
  // The caller's grants on every queue (few rows, by index), kept where the queue is this one or a
  // delegate target of it; then OR-ed bit by bit.
  return sql<number>`(${defaults} | coalesce((select ${GRANT_ACCESS_OR} from (
      select ua.queue_id, ua.access from queue_user_access ua where ua.user_id = ${userId}
      union all
      select ga.queue_id, ga.access from queue_group_access ga inner join user_groups ug on ug.group_id = ga.group_id
        where ug.user_id = ${userId}
    ) g
    where g.queue_id = ${queue}
       or g.queue_id in (select dl.to_queue_id from workflow_delegates dl where dl.from_queue_id = ${queue}
                           and (dl.starts_at is null or dl.starts_at <= ${databaseNow})
                           and (dl.ends_at is null or dl.ends_at > ${databaseNow}))), 0))`;
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
  /** Effective queue access bit set (access/queueAccessFlags.ts order). */
  access: number;
  /** The workflowPerms bitmask (portal §6) derived from `access`. */
  workflowPerms: number;
}

/**
 * The named queues with the caller's effective access, computed in one SQL query; keyed by id.
 * Pass the `Viewer` (or any `QueueAccessCaller`) so delegates are judged by `deps.databaseNow()`.
 */
export async function findQueuesWithAccess(
  db: Kysely<Database>,
  caller: number | QueueAccessCaller,
  queueIds: readonly number[],
): Promise<Map<number, QueueWithAccess>> {
  if (queueIds.length === 0) return new Map();
  return readQueuesWithAccess(db, caller, sql<SqlBool>`q.id in (${sql.join([...new Set(queueIds)])})`);
}

/**
 * The queue `queueId` and the queues it approves and rejects to (ApproveToQueue, RejectToQueue),
 * with the caller's effective access, in one statement: a workflow action needs its source queue
 * and, nearly always, one of those targets, and inside its transaction each round trip keeps the
 * documents locked longer. Keyed by id; a queue that does not exist is absent.
 */
export async function findQueueWithTargets(
  db: Kysely<Database>,
  caller: number | QueueAccessCaller,
  queueId: number,
): Promise<Map<number, QueueWithAccess>> {
  return readQueuesWithAccess(
    db,
    caller,
    sql<SqlBool>`(q.id = ${queueId} or q.id in (select t.approve_to_queue_id from queues t where t.id = ${queueId}
      union select t.reject_to_queue_id from queues t where t.id = ${queueId}))`,
  );
}

/** The queues `which` selects (a condition on `q`), with the caller's access read live. */
async function readQueuesWithAccess(
  db: Kysely<Database>,
  caller: number | QueueAccessCaller,
  which: RawBuilder<SqlBool>,
): Promise<Map<number, QueueWithAccess>> {
  const result = new Map<number, QueueWithAccess>();
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
      effectiveQueueAccessSql(liveCallerOf(caller, db), 'q').as('access'),
    ])
    .where(which)
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
