import type { Insertable, Kysely } from 'kysely';
import { copyAnnotationsToPages } from './annotations/copyAnnotationsToPages';
import type { SourcePage } from './annotations/copyAnnotationsToPages';
import type { Database, RecordLinksTable } from '../db/schema';
import type { AppDeps } from '../services/AppDeps';
import { enqueueThumbnails } from '../renditions';
import { enqueueTextExtraction, reindexDocument } from '../search';
import { enqueueLinkedRecordFacts } from '../erp';

/** A record link of a new document: a `record_links` row without its id and document. */
export type NewRecordLink = Omit<Insertable<RecordLinksTable>, 'id' | 'document_id'>;

/** Where a new document is filed: its record links, subtype and queue. */
export interface DocumentPlacement {
  links: readonly NewRecordLink[];
  subtypeId: number | null;
  queueId: number | null;
}

/** Everything a new document is made of; its file is already durable in the file store. */
export interface NewDocument {
  /** FileStore key (SHA-256) of the content, written before the transaction (files first, then rows). */
  fileKey: string;
  size: number;
  mediaType: string;
  extension: string;
  pages: number;
  name: string;
  placement: DocumentPlacement;
  /** 'User Date 1' as stored, or null. */
  userDate: string | null;
  /** Pages of other documents this one's pages came from, in page order: their annotations follow. */
  sourcePages?: readonly SourcePage[];
}

/**
 * Where a document derived from `documentId` (a split part, a recombined or merged file) is
 * filed: copies of all its record links, its subtype and its queue.
 */
export async function placementOf(trx: Kysely<Database>, documentId: number): Promise<DocumentPlacement> {
  const source = await trx
    .selectFrom('documents')
    .select(['subtype_id', 'queue_id'])
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const rows = await trx.selectFrom('record_links').selectAll().where('document_id', '=', documentId).orderBy('id').execute();
  const links = rows.map(({ id: _id, document_id: _documentId, ...link }) => link);
  return { links, subtypeId: source.subtype_id, queueId: source.queue_id };
}

/**
 * The one way a document comes into being (upload, split, recombination, merge, demo seed):
 * inside the caller's transaction, its `files` row (shared by identical content), the document,
 * its record links, the annotations of its source pages (each on the page that source page
 * became), the search index entry, and the jobs for its slow work (PDF page text, page
 * thumbnails; image conversions happen in the thumbnail job). The jobs run after the commit, so
 * the caller answers as soon as the file and rows are safe; it calls `documentsCommitted`
 * afterwards to start them at once. Resolves to the new document's id.
 */
export async function insertDocument(trx: Kysely<Database>, document: NewDocument, createdBy: number, now: string): Promise<number> {
  await trx
    .insertInto('files')
    .values({ sha256: document.fileKey, size: document.size, media_type: document.mediaType, page_count: document.pages, created_at: now })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const { id } = await trx
    .insertInto('documents')
    .values({
      name: document.name,
      description: '',
      extension: document.extension,
      file_sha256: document.fileKey,
      total_pages: document.pages,
      subtype_id: document.placement.subtypeId,
      user_string1: '',
      user_date1: document.userDate,
      queue_id: document.placement.queueId,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const link of document.placement.links) {
    await trx
      .insertInto('record_links')
      .values({ ...link, document_id: id })
      .execute();
    if (link.is_primary === 1)
      await enqueueLinkedRecordFacts(
        trx,
        { integratedTableId: link.integrated_table_id, dataAreaId: link.data_area_id, recordId: link.record_id },
        now,
      );
  }
  if (document.sourcePages !== undefined) await copyAnnotationsToPages(trx, id, document.sourcePages);
  await reindexDocument(trx, id);
  if (document.extension === 'pdf') await enqueueTextExtraction(trx, document.fileKey, now);
  await enqueueThumbnails(trx, document.fileKey, document.extension, now);
  return id;
}

/** After the transaction that inserted documents committed: wakes this process's job runner for their jobs. */
export function documentsCommitted(deps: Partial<Pick<AppDeps, 'jobSignal'>>): void {
  deps.jobSignal?.notify();
}
