import type { Subtype } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { containsTextCondition, tableVisibleCondition } from '../access';
import type { Viewer } from '../access';

// Defined with the integrated table listing, which shares it; the subtype routes take it from here.
export { tableVisibleCondition };

/** Filters of a subtype listing. */
export interface SubtypeFilter {
  sitId?: number;
  /** Case-insensitive "contains" on the subtype text. */
  q?: string;
}

/** Subtypes with their tables, restricted to visible tables, in table then order then text order. */
export function selectVisibleSubtypes(db: Kysely<Database>, viewer: Viewer, filter: SubtypeFilter = {}) {
  let query = db
    .selectFrom('subtypes as s')
    .innerJoin('integrated_tables as t', 't.id', 's.integrated_table_id')
    .where((eb) => tableVisibleCondition(eb, viewer));
  if (filter.sitId !== undefined) query = query.where('t.id', '=', filter.sitId);
  if (filter.q !== undefined && filter.q !== '') {
    query = query.where(containsTextCondition('s.text', filter.q));
  }
  return query;
}

/** The columns a Subtype is presented from. */
export interface SubtypeRow {
  id: number;
  text: string;
  sort_order: number;
  category_id: number | null;
  sit_id: number;
  sit_label: string;
}

/** Reads the rows of a subtype listing query, ordered. */
export async function readSubtypes(
  query: ReturnType<typeof selectVisibleSubtypes>,
  page?: { skip: number; take: number },
): Promise<SubtypeRow[]> {
  let ordered = query
    .select(['s.id', 's.text', 's.sort_order', 's.category_id', 't.id as sit_id', 't.label as sit_label'])
    .orderBy('t.label')
    .orderBy('t.id')
    .orderBy('s.sort_order')
    .orderBy('s.text')
    .orderBy('s.id');
  if (page !== undefined) ordered = ordered.limit(page.take).offset(page.skip);
  return ordered.execute();
}

/** One subtype by id with its table (no visibility filter: for administrators' answers). */
export async function findSubtype(db: Kysely<Database>, id: number): Promise<SubtypeRow | undefined> {
  return db
    .selectFrom('subtypes as s')
    .innerJoin('integrated_tables as t', 't.id', 's.integrated_table_id')
    .select(['s.id', 's.text', 's.sort_order', 's.category_id', 't.id as sit_id', 't.label as sit_label'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** A subtype row → the spec's Subtype (id, text, order, integratedTable { label, sitId }) plus categoryId. */
export function presentSubtype(row: SubtypeRow): Subtype {
  return {
    id: row.id,
    text: row.text,
    order: Number(row.sort_order),
    integratedTable: { label: row.sit_label, sitId: row.sit_id },
    categoryId: row.category_id,
  };
}
