import type { LiveChangeEvent, LiveChangeKind } from '@datahaven/core/contract';
import { LIVE_CHANGE_KINDS } from '@datahaven/core/contract';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { findVisibleDocuments, queuesVisibleToSql } from '../access';
import type { Viewer } from '../access';
import type { Database } from '../db/schema';
import type { LiveChange } from './LiveChange';

/** The queue ids among `ids` whose documents the viewer sees (a security manager sees every one). */
async function visibleQueueIds(db: Kysely<Database>, viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  if (viewer.isManager) return new Set(ids);
  const rows = await sql<{
    id: number;
  }>`select q.id from queues q where q.id in (${sql.join(ids)}) and q.id in ${queuesVisibleToSql(viewer)}`.execute(db);
  return new Set(rows.rows.map((row) => Number(row.id)));
}

/** Who made a change, as the stream names them. */
export interface ChangeActor {
  byUserId: number | null;
  byName: string;
}

/** The name of a change's user as the product shows people ("First Last", else the user name). */
export async function actorOf(db: Kysely<Database>, userId: number | null): Promise<ChangeActor> {
  if (userId === null) return { byUserId: null, byName: '' };
  const user = await db.selectFrom('users').select(['username', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  if (user === undefined) return { byUserId: userId, byName: '' };
  const name = `${user.first_name} ${user.last_name}`.trim();
  return { byUserId: userId, byName: name === '' ? user.username : name };
}

function kindOf(kind: string): LiveChangeKind | null {
  return (LIVE_CHANGE_KINDS as readonly string[]).includes(kind) ? (kind as LiveChangeKind) : null;
}

/**
 * What `viewer` may learn of `change`, or null for nothing at all. Judged per event with the
 * viewer's rights as read now: a queue id only of a queue whose documents they see; the document
 * id and who acted only when they see the document now (a deleted one: when they see the queue it
 * was in, where it was in their list). A change touching nothing they see is not sent, so a
 * user without access to a queue learns neither its documents nor that its count moved.
 */
export async function visibleChange(
  db: Kysely<Database>,
  viewer: Viewer,
  change: LiveChange,
  actor: ChangeActor,
): Promise<LiveChangeEvent | null> {
  const kind = kindOf(change.kind);
  if (kind === null) return null;
  const queueIds = [change.from_queue_id, change.to_queue_id].filter((id): id is number => id !== null);
  const queues = await visibleQueueIds(db, viewer, [...new Set(queueIds)]);
  const fromQueueId = change.from_queue_id !== null && queues.has(change.from_queue_id) ? change.from_queue_id : null;
  const toQueueId = change.to_queue_id !== null && queues.has(change.to_queue_id) ? change.to_queue_id : null;
  // A deleted document is visible to nobody; its id goes to whoever saw the queue it was in.
  const documentVisible =
    kind === 'delete' ? fromQueueId !== null : (await findVisibleDocuments(db, viewer, [change.document_id])).length > 0;
  if (!documentVisible && fromQueueId === null && toQueueId === null) return null;
  return {
    id: change.id,
    kind,
    documentId: documentVisible ? change.document_id : null,
    fromQueueId,
    toQueueId,
    byUserId: documentVisible ? actor.byUserId : null,
    byName: documentVisible ? actor.byName : '',
    byYou: change.user_id !== null && change.user_id === viewer.userId,
    at: change.at,
  };
}
