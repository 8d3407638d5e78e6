import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { conflict, invalid } from '../errors/DomainError';
import { requireQueue } from './workflowReferences';

/** Checks a route's ends: both queues exist and differ. */
async function checkRouteEnds(trx: Transaction<Database>, from: number, to: number): Promise<void> {
  if (from === to) throw invalid('A route cannot lead from a queue to the same queue (FromQueueId = ToQueueId).');
  await requireQueue(trx, from, 'FromQueueId');
  await requireQueue(trx, to, 'ToQueueId');
}

/** Creates the route `from` → `to`; one route per pair of queues. Resolves to its id. */
export async function createQueueRoute(trx: Transaction<Database>, from: number, to: number): Promise<number> {
  await checkRouteEnds(trx, from, to);
  const row = await trx
    .insertInto('routes')
    .values({ from_queue_id: from, to_queue_id: to })
    .onConflict((oc) => oc.columns(['from_queue_id', 'to_queue_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row === undefined) throw conflict('This route already exists.');
  return row.id;
}

/** Moves route `id` to new ends (an absent end keeps its queue). */
export async function updateQueueRoute(trx: Transaction<Database>, id: number, ends: { from?: number; to?: number }): Promise<void> {
  const current = await trx.selectFrom('routes').select(['from_queue_id', 'to_queue_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const from = ends.from ?? current.from_queue_id;
  const to = ends.to ?? current.to_queue_id;
  await checkRouteEnds(trx, from, to);
  const clash = await trx
    .selectFrom('routes')
    .select('id')
    .where('from_queue_id', '=', from)
    .where('to_queue_id', '=', to)
    .where('id', '<>', id)
    .executeTakeFirst();
  if (clash !== undefined) throw conflict('This route already exists.');
  await trx.updateTable('routes').set({ from_queue_id: from, to_queue_id: to }).where('id', '=', id).execute();
}

/** Deletes route `id`. */
export async function removeQueueRoute(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('routes').where('id', '=', id).execute();
}
