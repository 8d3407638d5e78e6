import { hasQueueFeature } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden } from '../errors/DomainError';
import type { Viewer } from './documentVisibility';

/** What the restriction reads of a document: its queue's second feature set (null: in no queue). */
export interface RestrictedDocument {
  queue_id: number | null;
  queue_features2: number | null;
}

/** Ours (the spec words none): a restricted user named a record of another company. */
export function otherCompanyRefusal(action: 'link' | 'unlink', userDataAreaId: string, recordDataAreaId: string): string {
  const verb = action === 'link' ? 'link documents to' : 'break the links of documents to';
  return `In this queue you can ${verb} records of ${userDataAreaId} only; this record belongs to ${recordDataAreaId}.`;
}

/**
 * RestrictToDataAreaId (portal §6, features2 bit 4) on the server: a user with a data area of
 * their own (users.data_area_id, the spec's User.DataAreaId) acting on a document in a queue with
 * the feature may link it to, or unlink it from, records of that data area only (403 otherwise).
 * A user without a data area, or a document outside such a queue, is not restricted. Data areas
 * compare case-insensitively, as BC company names do. docs/UX-DECISIONS.md "Linking".
 */
export async function assertDataAreaAllowed(db: Kysely<Database>, viewer: Viewer, document: RestrictedDocument, action: 'link' | 'unlink', recordDataAreaId: string): Promise<void> {
  if (document.queue_id === null || !hasQueueFeature({ features1: 0, features2: Number(document.queue_features2 ?? 0) }, 'RestrictToDataAreaId')) return;
  const user = await db.selectFrom('users').select('data_area_id').where('id', '=', viewer.userId).executeTakeFirst();
  const own = user?.data_area_id ?? null;
  if (own === null || own.trim() === '') return;
  if (own.trim().toLowerCase() !== recordDataAreaId.trim().toLowerCase()) throw forbidden(otherCompanyRefusal(action, own.trim(), recordDataAreaId));
}
