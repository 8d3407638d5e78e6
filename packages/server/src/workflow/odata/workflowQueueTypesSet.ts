import { sql } from 'kysely';
import { createQueueType, removeQueueType, updateQueueType } from '../queueTypeWriter';
import type { QueueTypeChanges } from '../queueTypeWriter';
import { booleanProperty, entityBodyOf, nameProperty } from '../../http/odata/entityBody';
import type { EntityBody } from '../../http/odata/entityBody';
import type { EntitySetDefinition } from '../../http/odata/EntitySetDefinition';
import { odataBadRequest } from '../../http/odata/ODataError';
import { flagOf, intOf, textOf } from '../../http/odata/sourceValues';

/** The command's changes from an OData body (property names and types checked here, rules in the command). */
function queueTypeChangesOf(raw: EntityBody): QueueTypeChanges {
  const body = entityBodyOf(raw, ['Name', 'Enabled'], ['Id']);
  return { name: nameProperty(body, 'Name'), enabled: booleanProperty(body, 'Enabled') };
}

/** `WorkflowQueueTypes` (key Id): Id, Name, Enabled; writable through workflow/queueTypeWriter. */
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
      const { name, enabled } = queueTypeChangesOf(raw);
      if (name === undefined) throw odataBadRequest("The property 'Name' is required.");
      return { Id: await createQueueType(trx, { name, enabled }) };
    },
    async update(trx, key, raw) {
      await updateQueueType(trx, key.Id, queueTypeChangesOf(raw));
    },
    async remove(trx, key) {
      await removeQueueType(trx, key.Id);
    },
  },
};
