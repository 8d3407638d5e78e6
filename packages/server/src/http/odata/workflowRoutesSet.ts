import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { entityBodyOf, int32Property, requiredInt32 } from './entityBody';
import type { EntitySetDefinition } from './EntitySetDefinition';
import { ODataError, odataBadRequest } from './ODataError';
import { intOf } from './sourceValues';
import { requireQueue } from './workflowReferences';

/** Checks a route's ends: both queues exist and differ. */
async function checkRouteEnds(trx: Transaction<Database>, from: number, to: number): Promise<void> {
  if (from === to) throw odataBadRequest('A route cannot lead from a queue to the same queue (FromQueueId = ToQueueId).');
  await requireQueue(trx, from, 'FromQueueId');
  await requireQueue(trx, to, 'ToQueueId');
}

/** `WorkflowRoutes` (key Id): Id, FromQueueId, ToQueueId; writable; one route per pair of queues (409 for a second). */
export const workflowRoutesSet: EntitySetDefinition = {
  name: 'WorkflowRoutes',
  entityType: 'WorkflowRoute',
  keys: ['Id'],
  properties: [
    { name: 'Id', type: 'Edm.Int32', nullable: false, column: 'id', filterable: true, sortable: true },
    { name: 'FromQueueId', type: 'Edm.Int32', nullable: false, column: 'from_queue_id', filterable: true, sortable: true },
    { name: 'ToQueueId', type: 'Edm.Int32', nullable: false, column: 'to_queue_id', filterable: true, sortable: true },
  ],
  source: () => sql`select r.id, r.from_queue_id, r.to_queue_id from routes r`,
  present: async (_db, rows) => rows.map((row) => ({ Id: intOf(row, 'id'), FromQueueId: intOf(row, 'from_queue_id'), ToQueueId: intOf(row, 'to_queue_id') })),
  writes: {
    table: 'routes',
    keyColumns: { Id: 'id' },
    async create(trx, raw) {
      const body = entityBodyOf(raw, ['FromQueueId', 'ToQueueId'], ['Id']);
      const from = requiredInt32(body, 'FromQueueId');
      const to = requiredInt32(body, 'ToQueueId');
      await checkRouteEnds(trx, from, to);
      const row = await trx
        .insertInto('routes')
        .values({ from_queue_id: from, to_queue_id: to })
        .onConflict((oc) => oc.columns(['from_queue_id', 'to_queue_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row === undefined) throw new ODataError(409, 'This route already exists.');
      return { Id: row.id };
    },
    async update(trx, key, raw) {
      const body = entityBodyOf(raw, ['FromQueueId', 'ToQueueId'], ['Id']);
      const current = await trx.selectFrom('routes').select(['from_queue_id', 'to_queue_id']).where('id', '=', key.Id).executeTakeFirstOrThrow();
      const from = int32Property(body, 'FromQueueId', false) ?? current.from_queue_id;
      const to = int32Property(body, 'ToQueueId', false) ?? current.to_queue_id;
      await checkRouteEnds(trx, from, to);
      const clash = await trx.selectFrom('routes').select('id').where('from_queue_id', '=', from).where('to_queue_id', '=', to).where('id', '<>', key.Id).executeTakeFirst();
      if (clash !== undefined) throw new ODataError(409, 'This route already exists.');
      await trx.updateTable('routes').set({ from_queue_id: from, to_queue_id: to }).where('id', '=', key.Id).execute();
    },
    async remove(trx, key) {
      await trx.deleteFrom('routes').where('id', '=', key.Id).execute();
    },
  },
};
