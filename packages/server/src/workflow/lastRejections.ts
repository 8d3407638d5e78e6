import type { DocumentRejection } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * For the listed documents `ids`, the reject that put each where it is (issue 38 "Reasons"): its
 * latest `reject` history row into the queue it sits in, with no approve, reject or route after
 * it — so a document sent on from Rejected no longer shows the old reason. One statement for the
 * page; a document without such a reject is absent.
 */
export async function readLastRejections(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, DocumentRejection>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('workflow_history as h')
    .innerJoin('documents as d', 'd.id', 'h.document_id')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('queues as q', 'q.id', 'h.from_queue_id')
    .select(['h.document_id', 'h.note', 'h.at', 'u.username', 'u.first_name', 'u.last_name', 'q.name as from_queue_name'])
    .where('h.document_id', 'in', [...ids])
    .where('h.action', '=', 'reject')
    .whereRef('h.to_queue_id', '=', 'd.queue_id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('workflow_history as later')
            .select('later.id')
            .whereRef('later.document_id', '=', 'h.document_id')
            .whereRef('later.id', '>', 'h.id')
            .where('later.action', 'in', ['approve', 'reject', 'route']),
        ),
      ),
    )
    .execute();
  return new Map(
    rows.map((row) => {
      const name = `${row.first_name} ${row.last_name}`.trim();
      return [
        row.document_id,
        {
          reason: row.note === null || row.note.trim() === '' ? null : row.note,
          rejectedBy: name === '' ? row.username : name,
          rejectedAt: row.at,
          fromQueueName: row.from_queue_name ?? '',
        },
      ];
    }),
  );
}
