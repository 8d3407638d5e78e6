import { sql } from 'kysely';
import { booleanProperty, entityBodyOf, nameProperty } from './entityBody';
import type { EntitySetDefinition } from './EntitySetDefinition';
import { ODataError, odataBadRequest } from './ODataError';
import { flagOf, intOf, textOf } from './sourceValues';

/** `WorkflowQueueTypes` (key Id): Id, Name, Enabled; writable; a type that still has queues cannot be deleted (409). */
export const workflowQueueTypesSet: EntitySetDefinition = {
  name: 'WorkflowQueueTypes',
  entityType: 'WorkflowQueueType',
  keys: ['Id'],
  properties: [
    { name: 'Id', type: 'Edm.Int32', nullable: false, column: 'id', filterable: true, sortable: true },
    { name: 'Name', type: 'Edm.String', nullable: false, column: 'name', sortable: true },
    { name: 'Enabled', type: 'Edm.Boolean', nullable: false, column: 'enabled', sortable: true },
  ],
  source: () => sql`select qt.id, qt.name, qt.enabled from queue_types qt`,
  present: async (_db, rows) => rows.map((row) => ({ Id: intOf(row, 'id'), Name: textOf(row, 'name'), Enabled: flagOf(row, 'enabled') })),
  writes: {
    table: 'queue_types',
    keyColumns: { Id: 'id' },
    async create(trx, raw) {
      const body = entityBodyOf(raw, ['Name', 'Enabled'], ['Id']);
      const name = nameProperty(body, 'Name');
      if (name === undefined) throw odataBadRequest("The property 'Name' is required.");
      const enabled = booleanProperty(body, 'Enabled') ?? true;
      const { id } = await trx.insertInto('queue_types').values({ name, enabled: enabled ? 1 : 0 }).returning('id').executeTakeFirstOrThrow();
      return { Id: id };
    },
    async update(trx, key, raw) {
      const body = entityBodyOf(raw, ['Name', 'Enabled'], ['Id']);
      const name = nameProperty(body, 'Name');
      const enabled = booleanProperty(body, 'Enabled');
      if (name === undefined && enabled === undefined) return;
      await trx
        .updateTable('queue_types')
        .set({ ...(name !== undefined ? { name } : {}), ...(enabled !== undefined ? { enabled: enabled ? 1 : 0 } : {}) })
        .where('id', '=', key.Id)
        .execute();
    },
    async remove(trx, key) {
      const queue = await trx.selectFrom('queues').select('id').where('queue_type_id', '=', key.Id).executeTakeFirst();
      if (queue !== undefined) throw new ODataError(409, 'The queue type still has queues; delete or move them first.');
      await trx.deleteFrom('queue_types').where('id', '=', key.Id).execute();
    },
  },
};
