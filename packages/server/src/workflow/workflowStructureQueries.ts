import type { WorkflowQueue } from '@datahaven/core/model';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  QUEUE_ACCESS_FLAGS,
  QUEUE_VISIBILITY_FLAGS,
  effectiveQueueAccessSql,
  finalQueueSql,
  integratedTableAccessCondition,
} from '../access';
import type { Viewer } from '../access';
import { dialectOf } from '../db/dialectOf';
import { WORKFLOW_QUEUE_COLUMNS, presentWorkflowQueue } from './workflowQueuePresenter';

/** Which browsable queues to read: all, those of one type, one queue, or the targets of routes from one queue. */
export interface QueueScope {
  queueTypeId?: number;
  queueId?: number;
  routesFromQueueId?: number;
}

/** A queue type as the structure calls name it. */
export interface QueueTypeSummary {
  id: number;
  name: string;
  enabled: boolean;
}

/** A browsable queue with its type and the caller's effective access bit set (the presenter drops the bits). */
export interface BrowsableQueue {
  queue: WorkflowQueue;
  queueType: QueueTypeSummary;
  access: number;
}

/**
 * The queues the viewer may browse (BrowseToQueue in their effective access, delegates included),
 * each with `documentCount` = its documents the viewer can see (the canSeeDocument rule, so a
 * count never includes a document the viewer could not open). Two statements whatever the number
 * of queues: the queues with the viewer's access computed once per queue (in a derived table: the
 * database clock is volatile, so the filter is not pushed into it and the access is not computed
 * twice), then one grouped count over the documents of those queues. Keeping the expensive access
 * expression out of the per-document count keeps PostgreSQL's cost estimate low, which matters:
 * above `jit_above_cost` it JIT-compiles the statement, which costs seconds.
 * Ordered by queue type name and id, then queue name and id.
 */
export async function findBrowsableQueues(db: Kysely<Database>, viewer: Viewer, scope: QueueScope = {}): Promise<BrowsableQueue[]> {
  let inner = db.selectFrom('queues as q').select([...WORKFLOW_QUEUE_COLUMNS, effectiveQueueAccessSql(viewer, 'q').as('access')]);
  if (scope.queueTypeId !== undefined) inner = inner.where('q.queue_type_id', '=', scope.queueTypeId);
  if (scope.queueId !== undefined) inner = inner.where('q.id', '=', scope.queueId);
  const routesFrom = scope.routesFromQueueId;
  if (routesFrom !== undefined) {
    inner = inner.where((eb) =>
      eb.exists(
        eb.selectFrom('routes as r').select('r.id').whereRef('r.to_queue_id', '=', 'q.id').where('r.from_queue_id', '=', routesFrom),
      ),
    );
  }
  // Names compare lower-cased and byte-wise on both dialects, so SQLite and PostgreSQL list alike.
  const byName = (column: string) =>
    dialectOf(db) === 'postgres' ? sql`lower(${sql.ref(column)}) collate "C"` : sql`lower(${sql.ref(column)})`;
  const rows = await db
    .selectFrom(inner.as('bq'))
    .innerJoin('queue_types as qt', 'qt.id', 'bq.queue_type_id')
    .selectAll('bq')
    .select(['qt.name as queue_type_name', 'qt.enabled as queue_type_enabled'])
    // Whether each listed queue is final (three index lookups per queue, none per document): its import refusal.
    .select(finalQueueSql('bq').as('is_final'))
    .where(sql<boolean>`(bq.access & ${sql.lit(QUEUE_ACCESS_FLAGS.BrowseToQueue)}) <> 0`)
    .orderBy(byName('qt.name'))
    .orderBy('qt.id')
    .orderBy(byName('bq.name'))
    .orderBy('bq.id')
    .execute();
  const counts = await countVisibleDocuments(
    db,
    viewer,
    rows.map((row) => ({ id: row.id, access: Number(row.access) })),
  );
  return rows.map((row) => {
    const access = Number(row.access);
    return {
      access,
      queueType: { id: row.queue_type_id, name: row.queue_type_name, enabled: row.queue_type_enabled === 1 },
      queue: presentWorkflowQueue(row, counts.get(row.id) ?? 0, viewer.language),
    };
  });
}

/**
 * Per queue, the documents in it the viewer can see, in one grouped query. The same rule as
 * canSeeDocument, with the queue branch already decided: the viewer's access on each queue is known,
 * so a queue that shows its documents counts all of them and the others count those the viewer sees
 * through integrated-table access.
 */
async function countVisibleDocuments(
  db: Kysely<Database>,
  viewer: Viewer,
  queues: readonly { id: number; access: number }[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (queues.length === 0) return counts;
  const open = queues.filter((queue) => viewer.isManager || (queue.access & QUEUE_VISIBILITY_FLAGS) !== 0).map((queue) => queue.id);
  const rows = await db
    .selectFrom('documents as d')
    .select((eb) => ['d.queue_id', eb.fn.countAll().as('n')])
    .where(
      'd.queue_id',
      'in',
      queues.map((queue) => queue.id),
    )
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      open.length === 0
        ? integratedTableAccessCondition(eb, viewer)
        : eb.or([eb('d.queue_id', 'in', open), integratedTableAccessCondition(eb, viewer)]),
    )
    .groupBy('d.queue_id')
    .execute();
  for (const row of rows) if (row.queue_id !== null) counts.set(row.queue_id, Number(row.n));
  return counts;
}

/** One browsable queue, or undefined when it does not exist or the viewer may not browse it. */
export async function findBrowsableQueue(db: Kysely<Database>, viewer: Viewer, queueId: number): Promise<BrowsableQueue | undefined> {
  return (await findBrowsableQueues(db, viewer, { queueId }))[0];
}

/** A queue type row, or undefined. */
export async function findQueueType(db: Kysely<Database>, id: number): Promise<QueueTypeSummary | undefined> {
  const row = await db.selectFrom('queue_types').select(['id', 'name', 'enabled']).where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : { id: row.id, name: row.name, enabled: row.enabled === 1 };
}
