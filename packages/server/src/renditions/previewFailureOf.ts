import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { PREVIEW_NOT_AVAILABLE, THUMBNAIL_JOB } from './thumbnailJob';

/**
 * Why the file `sha256` has no preview, in words ("Preview not available: …"), when its
 * thumbnails job failed by the file's fault; null otherwise. Routes answer it instead of trying
 * the same conversion or render again on a request.
 */
export async function previewFailureOf(db: Kysely<Database>, sha256: string): Promise<string | null> {
  const row = await db
    .selectFrom('jobs')
    .select('last_error')
    .where('kind', '=', THUMBNAIL_JOB)
    .where('subject', '=', sha256)
    .where('state', '=', 'failed')
    .where('last_error', 'like', `${PREVIEW_NOT_AVAILABLE}%`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.last_error ?? null;
}
