import type { Kysely } from 'kysely';
import { canSeeDocument } from '../policies/documentVisibility';
import type { Viewer } from '../policies/documentVisibility';
import type { Database } from './schema';

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
}

/**
 * Selects documents with everything the presenter needs, restricted in SQL to what the viewer
 * may see (DOMAIN invariant 3). `ids` limits the selection; ordered by id.
 */
export function selectVisibleDocuments(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('documents as d')
    .innerJoin('files as f', 'f.sha256', 'd.file_sha256')
    .innerJoin('users as u', 'u.id', 'd.created_by')
    .leftJoin('record_links as l', (j) => j.onRef('l.document_id', '=', 'd.id').on('l.is_primary', '=', 1))
    .leftJoin('integrated_tables as t', 't.id', 'l.integrated_table_id')
    .leftJoin('subtypes as s', 's.id', 'd.subtype_id')
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
    ])
    .where((eb) => canSeeDocument(eb, viewer));
}

/** One visible document, or undefined when it does not exist, is deleted or is not visible. */
export async function findVisibleDocument(db: Kysely<Database>, viewer: Viewer, id: number): Promise<DocumentDetailRow | undefined> {
  return selectVisibleDocuments(db, viewer).where('d.id', '=', id).executeTakeFirst();
}

/** The visible documents among `ids`, ordered by id. */
export async function findVisibleDocuments(db: Kysely<Database>, viewer: Viewer, ids: readonly number[]): Promise<DocumentDetailRow[]> {
  if (ids.length === 0) return [];
  return selectVisibleDocuments(db, viewer).where('d.id', 'in', [...ids]).orderBy('d.id').execute();
}
