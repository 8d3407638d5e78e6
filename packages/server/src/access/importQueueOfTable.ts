import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The queue a document enters: what the entry's note and events need. */
export interface EnteredQueue {
  id: number;
  name: string;
  features1: number;
  features2: number;
}

/**
 * The queue an upload on the integrated table's records enters (its import settings), or null:
 * none set, or the queue is disabled (out of service: the document is filed on its record only).
 */
export async function importQueueOfTable(db: Kysely<Database>, sitId: number): Promise<EnteredQueue | null> {
  const row = await db
    .selectFrom('integrated_tables as t')
    .innerJoin('queues as q', 'q.id', 't.import_queue_id')
    .select(['q.id', 'q.name', 'q.features1', 'q.features2'])
    .where('t.id', '=', sitId)
    .where('q.enabled', '=', 1)
    .executeTakeFirst();
  return row ?? null;
}
