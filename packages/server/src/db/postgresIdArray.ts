import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

/** The largest value of PostgreSQL's `integer`, the type of every id column: no row has a larger id. */
export const MAX_POSTGRES_INTEGER = 2_147_483_647;

/**
 * `ids` as the text of one PostgreSQL `integer[]` parameter (`{1,2,3}`), whatever their number.
 * An id no row can have (not a whole number from 1 to 2,147,483,647: a request body may say
 * `1e20`) is left out, as an id that names nothing is: in the array it would make PostgreSQL
 * refuse the whole statement.
 */
export function postgresIdArray(ids: readonly number[]): string {
  return `{${ids.filter((id) => Number.isInteger(id) && id >= 1 && id <= MAX_POSTGRES_INTEGER).join(',')}}`;
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
