import { sql } from 'kysely';
import { createQueueRoute, removeQueueRoute, updateQueueRoute } from '../queueRouteWriter';
import { entityBodyOf, int32Property, requiredInt32 } from '../../http/odata/entityBody';
import type { EntitySetDefinition } from '../../http/odata/EntitySetDefinition';
import { intOf } from '../../http/odata/sourceValues';

/** `WorkflowRoutes` (key Id): Id, FromQueueId, ToQueueId; writable through workflow/queueRouteWriter. */
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
  present: async (_db, rows) =>
    rows.map((row) => ({ Id: intOf(row, 'id'), FromQueueId: intOf(row, 'from_queue_id'), ToQueueId: intOf(row, 'to_queue_id') })),
  writes: {
    table: 'routes',
    keyColumns: { Id: 'id' },
    async create(trx, raw) {
      const body = entityBodyOf(raw, ['FromQueueId', 'ToQueueId'], ['Id']);
      return { Id: await createQueueRoute(trx, requiredInt32(body, 'FromQueueId'), requiredInt32(body, 'ToQueueId')) };
    },
    async update(trx, key, raw) {
      const body = entityBodyOf(raw, ['FromQueueId', 'ToQueueId'], ['Id']);
      await updateQueueRoute(trx, key.Id, {
        from: int32Property(body, 'FromQueueId', false) ?? undefined,
        to: int32Property(body, 'ToQueueId', false) ?? undefined,
      });
    },
    async remove(trx, key) {
      await removeQueueRoute(trx, key.Id);
    },
  },
};
