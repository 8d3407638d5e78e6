import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import type { Viewer } from '../access';

/**
 * "The viewer has view access through record link `alias`" as SQL (the link half of
 * canSeeDocument): a manager always; otherwise one of their groups may view the link's integrated
 * table in the link's data area (or all areas). Company tags and suggestions use it, so a company
 * is only matched or offered through a link the caller may see.
 */
export function linkVisibleCondition(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  if (viewer.isManager) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`exists (
    select 1 from integrated_table_access la
    inner join user_groups lg on lg.group_id = la.group_id
    where la.integrated_table_id = ${sql.ref(`${alias}.integrated_table_id`)}
      and lg.user_id = ${viewer.userId}
      and la.can_view = 1
      and (la.data_area_id is null or la.data_area_id = ${sql.ref(`${alias}.data_area_id`)}))`;
}
