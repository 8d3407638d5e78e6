import { randomUUID } from 'node:crypto';
import type { Annotation, AnnotationFields, AnnotationType } from '@datahaven/core/model';
import type { Kysely, Selectable } from 'kysely';
import type { AnnotationsTable, Database } from '../../db/schema';

/** An `annotations` row with its author's username. */
export type AnnotationRow = Selectable<AnnotationsTable> & { author_username: string };

function selectAnnotations(db: Kysely<Database>) {
  return db
    .selectFrom('annotations as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select([
      'a.id',
      'a.document_id',
      'a.page',
      'a.type',
      'a.color',
      'a.x',
      'a.y',
      'a.width',
      'a.height',
      'a.content',
      'a.size',
      'a.author_id',
      'u.username as author_username',
      'a.created_at',
      'a.updated_at',
      'a.row_version',
    ]);
}

/** PostgreSQL hands back double precision as numbers but counts as text in some drivers: make every number a number. */
function normalise(row: AnnotationRow): AnnotationRow {
  return {
    ...row,
    page: Number(row.page),
    type: Number(row.type),
    color: Number(row.color),
    x: Number(row.x),
    y: Number(row.y),
    width: Number(row.width),
    height: Number(row.height),
    size: row.size === null ? null : Number(row.size),
    row_version: Number(row.row_version),
  };
}

/** A document's annotations (one page, or all), in page then creation order (the order they are drawn). */
export async function listAnnotations(db: Kysely<Database>, documentId: number, page?: number): Promise<AnnotationRow[]> {
  let query = selectAnnotations(db).where('a.document_id', '=', documentId);
  if (page !== undefined) query = query.where('a.page', '=', page);
  const rows = await query.orderBy('a.page').orderBy('a.created_at').orderBy('a.id').execute();
  return rows.map(normalise);
}

/** One annotation by id, or undefined. */
export async function findAnnotation(db: Kysely<Database>, id: string): Promise<AnnotationRow | undefined> {
  const row = await selectAnnotations(db).where('a.id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : normalise(row);
}

/** Inserts an annotation (new uuid, row version 1); resolves to its id. */
export async function insertAnnotation(
  db: Kysely<Database>,
  documentId: number,
  authorId: number,
  fields: AnnotationFields,
  now: string,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('annotations')
    .values({ id, document_id: documentId, author_id: authorId, ...fields, created_at: now, updated_at: now, row_version: 1 })
    .execute();
  return id;
}

/**
 * Overwrites an annotation's fields when its row version is still `expectedRowVersion`, bumping
 * it; resolves to whether a row changed (false: changed or deleted meanwhile).
 */
export async function updateAnnotation(
  db: Kysely<Database>,
  id: string,
  expectedRowVersion: number,
  fields: AnnotationFields,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('annotations')
    .set({ ...fields, updated_at: now, row_version: expectedRowVersion + 1 })
    .where('id', '=', id)
    .where('row_version', '=', expectedRowVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes an annotation; resolves to whether it existed. */
export async function deleteAnnotation(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('annotations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The stored fields of a row, as validation and burn-in take them. */
export function annotationFieldsOf(row: AnnotationRow): AnnotationFields {
  return {
    type: row.type as AnnotationType,
    page: row.page,
    color: row.color,
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    content: row.content,
    size: row.size,
  };
}

/** A row → the API's `Annotation`, with the caller's `canEdit`. */
export function presentAnnotation(row: AnnotationRow, canEdit: boolean): Annotation {
  return {
    id: row.id,
    docId: row.document_id,
    ...annotationFieldsOf(row),
    author: row.author_username,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    rowVersion: row.row_version,
    canEdit,
  };
}
