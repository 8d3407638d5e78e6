import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { odataBadRequest } from './ODataError';

type Trx = Transaction<Database>;

/** 400 unless queue `id` exists; `property` names the body property in the message. */
export async function requireQueue(trx: Trx, id: number, property: string): Promise<void> {
  const row = await trx.selectFrom('queues').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw odataBadRequest(`${property}: there is no workflow queue ${id}.`);
}

/** 400 unless queue type `id` exists. */
export async function requireQueueType(trx: Trx, id: number, property: string): Promise<void> {
  const row = await trx.selectFrom('queue_types').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw odataBadRequest(`${property}: there is no workflow queue type ${id}.`);
}

/** 400 unless user `id` exists. */
export async function requireUser(trx: Trx, id: number, property: string): Promise<void> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw odataBadRequest(`${property}: there is no user ${id}.`);
}

/** 400 unless group `id` exists. */
export async function requireGroup(trx: Trx, id: number, property: string): Promise<void> {
  const row = await trx.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw odataBadRequest(`${property}: there is no group ${id}.`);
}
