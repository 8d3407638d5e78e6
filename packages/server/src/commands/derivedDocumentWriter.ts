import type { Kysely } from 'kysely';
import { copyAnnotationsToPages } from '../annotations/copyAnnotationsToPages';
import type { SourcePage } from '../annotations/copyAnnotationsToPages';
import type { Database } from '../db/schema';
import { enqueueTextExtraction } from '../search/enqueueTextExtraction';
import { enqueueThumbnails } from '../jobs/thumbnailJob';
import { reindexDocument } from '../search/reindexDocument';

/** A PDF the server made from other documents' pages (a split part, a recombined or merged file). */
export interface DerivedPdf {
  /** FileStore key of the bytes, already written (files first, then rows). */
  key: string;
  size: number;
  pages: number;
  name: string;
  /** Where each page came from, in page order: the source pages' annotations follow them here. */
  sourcePages: readonly SourcePage[];
}

/**
 * Inserts a document for a derived PDF inside the caller's transaction: its `files` row, the
 * document inheriting subtype and queue from `inheritFrom`, copies of all its record links and of
 * its source pages' annotations (each on the page that source page became), the search index
 * entry and the text-extraction job. Split and recombination both write through here, so a
 * derived document looks the same whichever way it was made.
 */
export async function insertDerivedDocument(
  trx: Kysely<Database>,
  file: DerivedPdf,
  inheritFrom: number,
  createdBy: number,
  now: string,
): Promise<number> {
  const source = await trx.selectFrom('documents').select(['subtype_id', 'queue_id']).where('id', '=', inheritFrom).executeTakeFirstOrThrow();
  const links = await trx.selectFrom('record_links').selectAll().where('document_id', '=', inheritFrom).orderBy('id').execute();
  await trx
    .insertInto('files')
    .values({ sha256: file.key, size: file.size, media_type: 'application/pdf', page_count: file.pages, created_at: now })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const { id } = await trx
    .insertInto('documents')
    .values({
      name: file.name,
      description: '',
      extension: 'pdf',
      file_sha256: file.key,
      total_pages: file.pages,
      subtype_id: source.subtype_id,
      user_string1: '',
      user_date1: null,
      queue_id: source.queue_id,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const link of links) {
    const { id: _linkId, document_id: _documentId, ...copy } = link;
    await trx.insertInto('record_links').values({ ...copy, document_id: id }).execute();
  }
  await copyAnnotationsToPages(trx, id, file.sourcePages);
  await reindexDocument(trx, id);
  await enqueueTextExtraction(trx, file.key, now);
  await enqueueThumbnails(trx, file.key, 'pdf', now);
  return id;
}
