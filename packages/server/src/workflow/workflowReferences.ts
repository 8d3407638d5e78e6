import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { invalid } from '../errors/DomainError';

type Trx = Transaction<Database>;

/** Refuses unless queue `id` exists; `field` names the request's field in the message. */
export async function requireQueue(trx: Trx, id: number, field: string): Promise<void> {
  const row = await trx.selectFrom('queues').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw invalid(`${field}: there is no workflow queue ${id}.`);
}

/** Refuses unless queue type `id` exists. */
export async function requireQueueType(trx: Trx, id: number, field: string): Promise<void> {
  const row = await trx.selectFrom('queue_types').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw invalid(`${field}: there is no workflow queue type ${id}.`);
}

/** Refuses unless user `id` exists. */
export async function requireUser(trx: Trx, id: number, field: string): Promise<void> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw invalid(`${field}: there is no user ${id}.`);
}

/** Refuses unless group `id` exists. */
export async function requireGroup(trx: Trx, id: number, field: string): Promise<void> {
  const row = await trx.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw invalid(`${field}: there is no group ${id}.`);
}
