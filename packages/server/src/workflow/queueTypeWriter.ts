import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { conflict } from '../errors/DomainError';

/** A queue type's writable values; absent ones keep their value (an update) or their default (a create). */
export interface QueueTypeChanges {
  name?: string;
  enabled?: boolean;
}

/** Creates a queue type (enabled unless told otherwise); resolves to its id. */
export async function createQueueType(trx: Transaction<Database>, changes: QueueTypeChanges & { name: string }): Promise<number> {
  const { id } = await trx
    .insertInto('queue_types')
    .values({ name: changes.name, enabled: (changes.enabled ?? true) ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes the named values of queue type `id`. */
export async function updateQueueType(trx: Transaction<Database>, id: number, changes: QueueTypeChanges): Promise<void> {
  if (changes.name === undefined && changes.enabled === undefined) return;
  await trx
    .updateTable('queue_types')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes queue type `id`; refuses while queues still belong to it. */
export async function removeQueueType(trx: Transaction<Database>, id: number): Promise<void> {
  const queue = await trx.selectFrom('queues').select('id').where('queue_type_id', '=', id).executeTakeFirst();
  if (queue !== undefined) throw conflict('The queue type still has queues; delete or move them first.');
  await trx.deleteFrom('queue_types').where('id', '=', id).execute();
}
