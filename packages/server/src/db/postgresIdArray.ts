import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

/** `ids` as the text of one PostgreSQL `integer[]` parameter (`{1,2,3}`), whatever their number. */
export function postgresIdArray(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new TypeError(`An id must be a whole number: ${id}`);
  return `{${ids.join(',')}}`;
}

/**
 * SQL: `column` is one of the ids in `idArray` (a `postgresIdArray` value, or a statement shape's
 * stand-in for one), for statements run with any number of ids. Why not `in ($1, $2, …)`: each
 * list length was a statement of its own, and every one's first five runs on each connection were
 * planned afresh (2.5–5 ms of PostgreSQL's CPU for the document query, which runs in 0.3 ms).
 * Why the sub-select: PostgreSQL then sees the array only as an InitPlan's value, so a run's
 * custom plan estimates the same rows as the generic plan, and the prepared statement settles on
 * the generic one (index lookups by id) instead of planning each run for its exact length.
 */
export function isAnyOfPostgresIdArray(column: string, idArray: unknown): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = any((select cast(${idArray} as integer[]))::integer[])`;
}
