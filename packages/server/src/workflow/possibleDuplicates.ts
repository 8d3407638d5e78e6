import type { DuplicateReason, PossibleDuplicate } from '@datahaven/core/model';
import { DUPLICATE_REASONS } from '@datahaven/core/model';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { canSeeDocument } from '../access';
import type { Viewer } from '../access';

/** A mark as read for a document, with what the viewer may know of the other one. */
interface MarkRow {
  document_id: number;
  other_document_id: number;
  reason: DuplicateReason;
  other_name: string;
  queue_name: string | null;
  visible: number | string;
  approved: number | string;
}

/**
 * The marks of `documentIds` that count now, in one statement (the queue listing reads it once per
 * page, the viewer for one document, an approval for its documents): marks whose other document is
 * live or was approved (an approved copy counts even once deleted), and — for two documents linked
 * to the same record, whose facts are one row — only when their subtypes agree (an invoice and its
 * delivery note on one purchase invoice are no duplicates; a subtype not set yet agrees with any).
 * The other document's id, name and queue are told only when the viewer may see it.
 */
export async function readPossibleDuplicates(
  db: Kysely<Database>,
  viewer: Viewer,
  documentIds: readonly number[],
): Promise<Map<number, PossibleDuplicate[]>> {
  const found = new Map<number, PossibleDuplicate[]>();
  if (documentIds.length === 0) return found;
  // The other document is `d`, as the visibility rule (canSeeDocument) names it.
  const rows = (await db
    .selectFrom('duplicate_marks as m')
    .innerJoin('documents as s', 's.id', 'm.document_id')
    .innerJoin('documents as d', 'd.id', 'm.other_document_id')
    .leftJoin('queues as q', 'q.id', 'd.queue_id')
    .select((eb) => [
      'm.document_id',
      'm.other_document_id',
      'm.reason',
      'd.name as other_name',
      'q.name as queue_name',
      eb.case().when(canSeeDocument(eb, viewer)).then(1).else(0).end().as('visible'),
      sql<number>`case when exists (select 1 from workflow_history h where h.document_id = d.id and h.action = 'approve') then 1 else 0 end`.as(
        'approved',
      ),
    ])
    .where('m.document_id', 'in', [...documentIds])
    .where((eb) =>
      eb.or([
        eb('d.deleted_at', 'is', null),
        eb.exists(
          eb
            .selectFrom('workflow_history as ah')
            .select('ah.id')
            .whereRef('ah.document_id', '=', 'd.id')
            .where('ah.action', '=', 'approve'),
        ),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('m.same_record', '=', 0),
        eb('s.subtype_id', 'is', null),
        eb('d.subtype_id', 'is', null),
        eb('s.subtype_id', '=', eb.ref('d.subtype_id')),
      ]),
    )
    .orderBy('m.document_id')
    .orderBy('m.other_document_id')
    .execute()) as MarkRow[];
  // One entry per other document, its reasons strongest first.
  const byPair = new Map<string, { documentId: number; duplicate: PossibleDuplicate }>();
  for (const row of rows) {
    const key = `${row.document_id}:${row.other_document_id}`;
    const entry = byPair.get(key);
    if (entry !== undefined) {
      entry.duplicate.reasons.push(row.reason);
      continue;
    }
    const visible = Number(row.visible) === 1;
    byPair.set(key, {
      documentId: row.document_id,
      duplicate: {
        id: visible ? row.other_document_id : null,
        name: visible ? row.other_name : null,
        queueName: visible ? row.queue_name : null,
        approved: Number(row.approved) === 1,
        reasons: [row.reason],
      },
    });
  }
  for (const { documentId, duplicate } of byPair.values()) {
    duplicate.reasons.sort((a, b) => DUPLICATE_REASONS.indexOf(a) - DUPLICATE_REASONS.indexOf(b));
    found.set(documentId, [...(found.get(documentId) ?? []), duplicate]);
  }
  return found;
}
