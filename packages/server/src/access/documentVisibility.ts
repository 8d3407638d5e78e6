import type { PrivilegeName } from '@datahaven/core/model';
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/dialectOf';
import { QUEUE_ACCESS_FLAGS } from './queueAccessFlags';
import { readCallerRights } from './callerRights';
import type { CallerRights } from './callerRights';
import { effectiveQueueAccessSql } from './queueAccess';

/**
 * Who is asking: the user id, whether they hold 'Security: Manager' (sees every document), the
 * database clock (`deps.databaseNow()`) that judges locks and delegate schedules for them, and
 * their privileges and queue grants as read when the viewer was built (once per request: a
 * change of rights applies from the next request on, never from a cache).
 */
export interface Viewer {
  userId: number;
  username: string;
  isManager: boolean;
  databaseNow: RawBuilder<string>;
  /** The privileges the user holds (effectivePrivileges over every name). */
  privileges: ReadonlySet<PrivilegeName>;
  /** See QueueAccessCaller.queueGrants. */
  queueGrants: ReadonlyMap<number, number>;
  /** The user's own data area (users.data_area_id, trimmed), or null: RestrictToDataAreaId holds them to it. */
  ownDataAreaId: string | null;
  /**
   * The language the caller reads ('en', 'de': the request's Accept-Language), set for /api
   * requests; the notices their actions cause for others are worded in it. Absent: English.
   */
  language?: string;
}

/**
 * Builds the `Viewer` for a user from one statement (`readCallerRights`). Routes take the one the
 * auth hook read with the caller (`viewerOf`); without `databaseNow` the database's unshifted
 * clock is used. A user id that names no user gets a viewer with no rights.
 */
export async function viewerFor(db: Kysely<Database>, userId: number, username: string, databaseNow?: RawBuilder<string>): Promise<Viewer> {
  const now = databaseNow ?? databaseNowSql(dialectOf(db));
  const rights = await readCallerRights(db, { userId }, now);
  return viewerOfRights(
    rights ?? { userId, username, disabled: true, ownDataAreaId: null, privileges: new Set(), queueGrants: new Map() },
    now,
  );
}

/** The `Viewer` of rights already read (`readCallerRights`), judged at `databaseNow`. */
export function viewerOfRights(rights: CallerRights, databaseNow: RawBuilder<string>): Viewer {
  const { userId, username, privileges, queueGrants, ownDataAreaId } = rights;
  return { userId, username, isManager: privileges.has('Security: Manager'), databaseNow, privileges, queueGrants, ownDataAreaId };
}

/** Whether the viewer holds one of `names` (as read with the viewer, in this request). */
export function viewerHoldsAny(viewer: Viewer, names: readonly PrivilegeName[]): boolean {
  return names.some((name) => viewer.privileges.has(name));
}

/** The queue access flags that let a caller see the documents in a queue (either one). */
export const QUEUE_VISIBILITY_FLAGS = QUEUE_ACCESS_FLAGS.AccessDocumentWithin | QUEUE_ACCESS_FLAGS.ViewDocumentsWithin;

/**
 * SQL: the ids of the queues whose documents the viewer sees through queue access
 * (AccessDocumentWithin or ViewDocumentsWithin in their effective access). Uncorrelated, so the
 * database computes it once per query over the (few) queues, not once per document.
 */
export function queuesVisibleToSql(viewer: Viewer): RawBuilder<number> {
  return sql<number>`(select vq.id from queues vq
    where (${effectiveQueueAccessSql(viewer, 'vq')} & ${sql.lit(QUEUE_VISIBILITY_FLAGS)}) <> 0)`;
}

type DocumentScope = ExpressionBuilder<Database & { d: Database['documents'] }, 'd'>;

/**
 * The SQL condition "one of the viewer's groups has view access to the integrated table of one of
 * document `d`'s links, in that link's data area (or all areas)" — visibility without queues.
 */
export function integratedTableAccessCondition(eb: DocumentScope, viewer: Viewer): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('record_links as vl')
      .innerJoin('integrated_table_access as va', 'va.integrated_table_id', 'vl.integrated_table_id')
      .innerJoin('user_groups as vg', 'vg.group_id', 'va.group_id')
      .select('vl.id')
      .whereRef('vl.document_id', '=', 'd.id')
      .where('vg.user_id', '=', viewer.userId)
      .where('va.can_view', '=', 1)
      .where((w) => w.or([w('va.data_area_id', 'is', null), w('va.data_area_id', '=', w.ref('vl.data_area_id'))])),
  );
}

/**
 * The SQL condition "the viewer may see document `d`" (DOMAIN invariant 3): not deleted, and
 * either the viewer is a security manager, or they have integrated-table access to one of its
 * links (`integratedTableAccessCondition`), or the document is in a queue where the viewer's
 * effective access has AccessDocumentWithin or ViewDocumentsWithin (delegates included).
 */
export function canSeeDocument(eb: DocumentScope, viewer: Viewer): Expression<SqlBool> {
  const notDeleted = eb('d.deleted_at', 'is', null);
  if (viewer.isManager) return notDeleted;
  return eb.and([notDeleted, eb.or([integratedTableAccessCondition(eb, viewer), eb('d.queue_id', 'in', queuesVisibleToSql(viewer))])]);
}

/** The viewer's groups' `can_upload` grants on an integrated table (`a`; a null data area = all areas): what upload rights are read from. */
export function uploadGrantsOf(db: Kysely<Database>, viewer: Viewer, integratedTableId: number) {
  return db
    .selectFrom('integrated_table_access as a')
    .innerJoin('user_groups as g', 'g.group_id', 'a.group_id')
    .where('g.user_id', '=', viewer.userId)
    .where('a.integrated_table_id', '=', integratedTableId)
    .where('a.can_upload', '=', 1);
}

/**
 * Whether the viewer may upload to an integrated table in a data area: a manager, or a group
 * with `can_upload` on the table for that area (or all areas).
 */
export async function canUploadTo(db: Kysely<Database>, viewer: Viewer, integratedTableId: number, dataAreaId: string): Promise<boolean> {
  if (viewer.isManager) return true;
  const row = await uploadGrantsInArea(db, viewer, integratedTableId, dataAreaId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The viewer's groups' upload grants on an integrated table that cover a data area (theirs, or all areas), as ids. */
export function uploadGrantsInArea(db: Kysely<Database>, viewer: Viewer, integratedTableId: number, dataAreaId: string) {
  return uploadGrantsOf(db, viewer, integratedTableId)
    .select('a.id')
    .where((w) => w.or([w('a.data_area_id', 'is', null), w('a.data_area_id', '=', dataAreaId)]));
}
