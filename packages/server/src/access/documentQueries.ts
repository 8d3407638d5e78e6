import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { canSeeDocument } from './documentVisibility';
import type { Viewer } from './documentVisibility';
import { effectiveQueueAccessSql } from './queueAccess';
import { executeViewerShaped } from './executeViewerShaped';
import { QUEUE_ACCESS_FLAGS } from './queueAccessFlags';
import { submittedInQueueSql } from './submissionRules';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/dialectOf';
import { isAnyOfPostgresIdArray, postgresIdArray } from '../db/postgresIdArray';

/** The columns the document presenter needs, from one joined query. */
export interface DocumentDetailRow {
  id: number;
  name: string;
  description: string;
  extension: string;
  file_sha256: string;
  total_pages: number;
  subtype_id: number | null;
  subtype_text: string | null;
  user_string1: string;
  user_date1: string | null;
  row_version: number;
  created_at: string;
  updated_at: string;
  created_by_username: string;
  size: number;
  media_type: string;
  link_data_area_id: string | null;
  link_table_id: number | null;
  link_source_type: number | null;
  link_source_number: string | null;
  link_type_name: string | null;
  link_record_id: string | null;
  link_sit_id: number | null;
  sit_label: string | null;
  /** The document's queue (null: not in workflow) and what the presenter shows of it. */
  queue_id: number | null;
  queue_name: string | null;
  queue_type_id: number | null;
  queue_type_name: string | null;
  queue_features1: number | null;
  queue_features2: number | null;
  queue_default_approve_requires_note: number | null;
  queue_default_reject_requires_note: number | null;
  /** The viewer's effective access bit set on the queue (0 when not in a queue). */
  queue_access: number | string;
  /** Routes from the queue: any at all, and any to a queue the viewer may browse. */
  queue_has_routes: number | string;
  queue_has_browsable_routes: number | string;
  submitted_in_queue: number | string;
  /** Steps in the document's approval list. */
  approval_steps: number | string;
  /** The live lock (expires after the database clock's now), if any. */
  lock_user_id: number | null;
  /** 1 when the live lock is the viewer's own. */
  lock_own: number | string;
  lock_holder: string | null;
  lock_expires_at: string | null;
}

/**
 * SQL: the ids of the queues the viewer may browse (BrowseToQueue in their effective access).
 * Uncorrelated, so it is computed once per query.
 */
export function browsableQueueIdsSql(viewer: Viewer): RawBuilder<number> {
  return sql<number>`(select bq.id from queues bq
    where (${effectiveQueueAccessSql(viewer, 'bq')} & ${sql.lit(QUEUE_ACCESS_FLAGS.BrowseToQueue)}) <> 0)`;
}

/**
 * Selects documents with everything the presenter needs, restricted in SQL to what the viewer
 * may see (DOMAIN invariant 3). The workflow fields (queue, the viewer's effective access on it,
 * routes, approval-list length, live lock and its holder) come from the same query, so a page of
 * documents costs one statement, not one per document.
 */
export function selectVisibleDocuments(db: Kysely<Database>, viewer: Viewer) {
  return (
    db
      .selectFrom('documents as d')
      .innerJoin('files as f', 'f.sha256', 'd.file_sha256')
      .innerJoin('users as u', 'u.id', 'd.created_by')
      .leftJoin('record_links as l', (j) => j.onRef('l.document_id', '=', 'd.id').on('l.is_primary', '=', 1))
      .leftJoin('integrated_tables as t', 't.id', 'l.integrated_table_id')
      .leftJoin('subtypes as s', 's.id', 'd.subtype_id')
      .leftJoin('queues as q', 'q.id', 'd.queue_id')
      .leftJoin('queue_types as qt', 'qt.id', 'q.queue_type_id')
      // Only a live lock counts: expiry is judged by the database clock (DOMAIN invariant 4).
      .leftJoin('document_locks as lk', (j) =>
        j.onRef('lk.document_id', '=', 'd.id').on(sql<boolean>`lk.expires_at > ${viewer.databaseNow}`),
      )
      .leftJoin('users as lu', 'lu.id', 'lk.user_id')
      .select([
        'd.id',
        'd.name',
        'd.description',
        'd.extension',
        'd.file_sha256',
        'd.total_pages',
        'd.subtype_id',
        's.text as subtype_text',
        'd.user_string1',
        'd.user_date1',
        'd.row_version',
        'd.created_at',
        'd.updated_at',
        'u.username as created_by_username',
        'f.size',
        'f.media_type',
        'l.data_area_id as link_data_area_id',
        'l.table_id as link_table_id',
        'l.source_type as link_source_type',
        'l.source_number as link_source_number',
        'l.type_name as link_type_name',
        'l.record_id as link_record_id',
        'l.integrated_table_id as link_sit_id',
        't.label as sit_label',
        'd.queue_id',
        'q.name as queue_name',
        'q.queue_type_id',
        'qt.name as queue_type_name',
        'q.features1 as queue_features1',
        'q.features2 as queue_features2',
        'q.default_approve_requires_note as queue_default_approve_requires_note',
        'q.default_reject_requires_note as queue_default_reject_requires_note',
        sql<number>`coalesce(${effectiveQueueAccessSql(viewer, 'q')}, 0)`.as('queue_access'),
        sql<number>`case when exists (select 1 from routes r where r.from_queue_id = d.queue_id) then 1 else 0 end`.as('queue_has_routes'),
        sql<number>`case when exists (select 1 from routes r where r.from_queue_id = d.queue_id
        and r.to_queue_id in ${browsableQueueIdsSql(viewer)}) then 1 else 0 end`.as('queue_has_browsable_routes'),
        sql<number>`(select count(*) from document_approvals da where da.document_id = d.id)`.as('approval_steps'),
        submittedInQueueSql().as('submitted_in_queue'),
        'lk.user_id as lock_user_id',
        sql<number>`case when lk.user_id = ${viewer.userId} then 1 else 0 end`.as('lock_own'),
        'lu.username as lock_holder',
        'lk.expires_at as lock_expires_at',
      ])
      .where((eb) => canSeeDocument(eb, viewer))
  );
}

/** One visible document, or undefined when it does not exist, is deleted or is not visible. */
export async function findVisibleDocument(db: Kysely<Database>, viewer: Viewer, id: number): Promise<DocumentDetailRow | undefined> {
  const [row] = await executeViewerShaped(db, viewer, 'visible-document', { id }, (shapeViewer, values) =>
    selectVisibleDocuments(db, shapeViewer).where('d.id', '=', values.id),
  );
  return row;
}

/** The visible documents among `ids`, ordered by id. */
export async function findVisibleDocuments(db: Kysely<Database>, viewer: Viewer, ids: readonly number[]): Promise<DocumentDetailRow[]> {
  if (ids.length === 0) return [];
  if (dialectOf(db) === 'postgres') {
    // One statement for any number of ids (db/postgresIdArray: a page length each was a statement
    // planned afresh on every connection).
    return executeViewerShaped(db, viewer, 'visible-documents-by-id-array', { ids: postgresIdArray(ids) }, (shapeViewer, values) =>
      selectVisibleDocuments(db, shapeViewer).where(isAnyOfPostgresIdArray('d.id', values.ids)).orderBy('d.id'),
    );
  }
  return executeViewerShaped(db, viewer, 'visible-documents-by-id', { ids }, (shapeViewer, values) =>
    selectVisibleDocuments(db, shapeViewer)
      .where('d.id', 'in', [...values.ids])
      .orderBy('d.id'),
  );
}
