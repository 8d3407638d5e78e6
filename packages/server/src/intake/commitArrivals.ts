import type { Kysely } from 'kysely';
import { parseOptions, uploadedByNote, userDateToStored } from '@datahaven/core/rules';
import { assertNotFinalQueue, importQueueOfTable } from '../access';
import { enqueueCapture } from '../capture';
import type { Viewer } from '../access';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { readOptions } from '../db/optionStore';
import { documentsCommitted, insertDocument, insertNote } from '../documents';
import type { DocumentPlacement } from '../documents';
import type { Database } from '../db/schema';
import type { AppDeps } from '../services/AppDeps';
import { REPAIRED_PDF_KIND } from '../renditions';
import { recordQueueEntry } from '../workflow';
import type { IntakePlace } from './IntakePlace';
import type { StagedFile } from './StagedFile';
import { bytesAddedToday, quotaExceeded } from './uploadAllowance';

/** The system note of a document whose damaged PDF was repaired at intake (its original bytes are kept as sent). */
export const REPAIRED_PDF_NOTE = 'The PDF was damaged and has been repaired.';

/**
 * Records a staged file's repaired copy (already in the store) as its `pdf:repaired` derived file,
 * inside the caller's transaction, so pages, thumbnails and text are read from it from the start.
 */
async function recordRepairedCopy(trx: Kysely<Database>, file: StagedFile, now: string): Promise<void> {
  if (file.repaired === undefined) return;
  const { key, size, pages } = file.repaired;
  await trx
    .insertInto('files')
    .values({ sha256: key, size, media_type: 'application/pdf', page_count: pages, created_at: now })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  await trx
    .insertInto('derived_files')
    .values({ source_sha256: file.key, kind: REPAIRED_PDF_KIND, derived_sha256: key, created_at: now })
    .onConflict((oc) => oc.columns(['source_sha256', 'kind']).doUpdateSet({ derived_sha256: key, created_at: now }))
    .execute();
}

/**
 * Commits staged files (DOMAIN invariant 1: already durable in the store) as documents in one
 * transaction, each with its 'Uploaded by' system note and search index entry:
 * - on a record: linked to it with the subtype named, and — when the record's integrated table
 *   names an import queue (its import settings) — in that queue with the entry's system note and
 *   history row ('upload');
 * - in a queue: unlinked and without a subtype, with the entry's note and history row ('import').
 * A final queue (Approved, Rejected: access/finalQueues) takes no arrival → 403 in words, nothing
 * committed: asked here, in the transaction, whatever the caller checked before; so is the user's
 * daily upload quota (413 in words: concurrent uploads counted one after the other).
 * 'Default User Date to Today' dates them today. Their slow work (page text, thumbnails, image
 * conversion, ERP facts, capture of invoice facts) is left to jobs written in the same transaction and started once it
 * commits, so the caller answers as soon as the files and rows are safe. Resolves to the new
 * document ids in the files' order.
 */
export async function commitArrivals(
  deps: Pick<AppDeps, 'db' | 'now'> & Partial<Pick<AppDeps, 'jobSignal' | 'config' | 'dialect'>>,
  viewer: Pick<Viewer, 'userId' | 'username'>,
  place: IntakePlace,
  files: readonly StagedFile[],
): Promise<number[]> {
  const now = deps.now().toISOString();
  // 'Default User Date to Today': new documents start dated today (the server's UTC day, stored at 12:00 UTC).
  const userDate = parseOptions(await readOptions(deps.db)).defaultUserDateToToday ? userDateToStored(now.slice(0, 10)) : null;
  const ids = await inWriteTransaction(deps.db, async (trx) => {
    let links: DocumentPlacement['links'] = [];
    let subtypeId: number | null = null;
    let entered = place.kind === 'queue' ? place.queue : null;
    if (place.kind === 'record') {
      const { context } = place.target;
      links = [
        {
          data_area_id: context.dataAreaId,
          integrated_table_id: context.sit.id,
          record_id: context.recordId,
          source_type: context.sit.source_type_id,
          source_number: context.sourceNumber,
          table_id: context.sit.external_table_id,
          type_name: context.sit.entity_type_name,
          is_primary: 1,
        },
      ];
      subtypeId = place.target.subtypeId;
      // Read in the transaction: the import settings the documents enter by are the ones they commit with.
      entered = await importQueueOfTable(trx, context.sit.id);
    }
    if (entered !== null) await assertNotFinalQueue(trx, entered);
    const quota = deps.config?.uploadDailyQuotaBytes ?? 0;
    if (quota > 0) {
      // The user's row is held first on PostgreSQL, so two uploads of one user count one after the other (SQLite has one writer anyway).
      const user = trx.selectFrom('users').select('id').where('id', '=', viewer.userId);
      await (deps.dialect === 'postgres' ? user.forUpdate() : user).execute();
      const adding = files.reduce((sum, file) => sum + file.size, 0);
      if ((await bytesAddedToday(trx, viewer.userId, new Date(now))) + adding > quota) throw quotaExceeded(quota);
    }
    const ids: number[] = [];
    for (const file of files) {
      const id = await insertDocument(
        trx,
        {
          fileKey: file.key,
          size: file.size,
          mediaType: file.mediaType,
          extension: file.extension,
          pages: file.pages,
          name: file.name,
          placement: { links, subtypeId, queueId: entered?.id ?? null },
          userDate,
        },
        viewer.userId,
        now,
      );
      await insertNote(trx, id, viewer.userId, 'system', uploadedByNote(viewer.username), now);
      // Every arrival has its invoice facts read (capture/): an e-invoice at once, other documents by later capture steps.
      await enqueueCapture(trx, id, now);
      if (file.repaired !== undefined) {
        await recordRepairedCopy(trx, file, now);
        await insertNote(trx, id, viewer.userId, 'system', REPAIRED_PDF_NOTE, now);
      }
      if (entered !== null) await recordQueueEntry(trx, id, entered, place.kind === 'record' ? 'upload' : 'import', viewer, now);
      ids.push(id);
    }
    return ids;
  });
  documentsCommitted(deps);
  return ids;
}
