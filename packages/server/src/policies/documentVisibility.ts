import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { hasPrivilege } from './privileges';

/** Who is asking: the user id and whether they hold 'Security: Manager' (sees every document). */
export interface Viewer {
  userId: number;
  username: string;
  isManager: boolean;
}

/** Builds the `Viewer` for a user (one privilege query). */
export async function viewerFor(db: Kysely<Database>, userId: number, username: string): Promise<Viewer> {
  return { userId, username, isManager: await hasPrivilege(db, userId, 'Security: Manager') };
}

type DocumentScope = ExpressionBuilder<Database & { d: Database['documents'] }, 'd'>;

/**
 * The SQL condition "the viewer may see document `d`" (DOMAIN invariant 3): not deleted, and
 * either the viewer is a security manager or one of their groups has view access to the
 * integrated table of one of the document's links, in that link's data area (or all areas).
 * The workflow issue adds queue access as a further OR branch.
 */
export function canSeeDocument(eb: DocumentScope, viewer: Viewer): Expression<SqlBool> {
  const notDeleted = eb('d.deleted_at', 'is', null);
  if (viewer.isManager) return notDeleted;
  return eb.and([
    notDeleted,
    eb.exists(
      eb
        .selectFrom('record_links as vl')
        .innerJoin('integrated_table_access as va', 'va.integrated_table_id', 'vl.integrated_table_id')
        .innerJoin('user_groups as vg', 'vg.group_id', 'va.group_id')
        .select('vl.id')
        .whereRef('vl.document_id', '=', 'd.id')
        .where('vg.user_id', '=', viewer.userId)
        .where('va.can_view', '=', 1)
        .where((w) => w.or([w('va.data_area_id', 'is', null), w('va.data_area_id', '=', w.ref('vl.data_area_id'))])),
    ),
  ]);
}

/**
 * Whether the viewer may upload to an integrated table in a data area: a manager, or a group
 * with `can_upload` on the table for that area (or all areas).
 */
export async function canUploadTo(db: Kysely<Database>, viewer: Viewer, integratedTableId: number, dataAreaId: string): Promise<boolean> {
  if (viewer.isManager) return true;
  const row = await db
    .selectFrom('integrated_table_access as a')
    .innerJoin('user_groups as g', 'g.group_id', 'a.group_id')
    .select('a.id')
    .where('g.user_id', '=', viewer.userId)
    .where('a.integrated_table_id', '=', integratedTableId)
    .where('a.can_upload', '=', 1)
    .where((w) => w.or([w('a.data_area_id', 'is', null), w('a.data_area_id', '=', dataAreaId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
