import type { Readable } from 'node:stream';
import { MESSAGES, parseOptions, uploadedByNote, userDateToStored } from '@datahaven/core/rules';
import type { ResolvedRecordContext } from '../db/recordContext';
import { readOptions } from '../db/optionStore';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { HttpError } from '../http/HttpError';
import type { AppDeps } from '../http/AppDeps';
import { sniffFileType } from '../pdf/fileSignature';
import { countPages } from '../pdf/pageCount';
import type { Viewer } from '../policies/documentVisibility';
import { enqueueTextExtraction } from '../search/enqueueTextExtraction';
import { enqueueThumbnails } from '../jobs/thumbnailJob';
import { reindexDocument } from '../search/reindexDocument';
import { runTextExtraction } from '../search/runTextExtraction';
import { cleanFileName } from './fileNames';

/** A file streamed to the store and checked, not yet in the database. */
export interface StagedFile {
  key: string;
  size: number;
  name: string;
  extension: string;
  mediaType: string;
  pages: number;
}

/** Where uploaded documents land: a resolved record context with its record id, and a subtype. */
export interface UploadTarget {
  context: ResolvedRecordContext & { recordId: string };
  subtypeId: number | null;
}

function unsupported(): HttpError {
  return new HttpError(415, 'UnsupportedFileType', MESSAGES.unsupportedFileType);
}

/**
 * Streams one uploaded file into the file store (temp → fsync → rename; over `maxBytes` →
 * FileTooLargeError / 413), then checks its signature against its extension (415 'Unsupported
 * file type!') and counts its pages. Nothing is written to the database here.
 */
export async function stageUpload(deps: Pick<AppDeps, 'fileStore'>, rawName: string, source: Readable, maxBytes: number): Promise<StagedFile> {
  const name = cleanFileName(rawName);
  const stored = await deps.fileStore.put(source, { maxBytes });
  const type = name === '' ? null : sniffFileType(stored.head, name);
  if (type === null || stored.size === 0) throw unsupported();
  let pages: number;
  try {
    pages = await deps.fileStore.withLocalFile(stored.key, (path) => countPages(path, type.extension));
  } catch {
    // Bytes that start like a PDF or TIFF but do not parse are not a document we can serve.
    throw unsupported();
  }
  return { key: stored.key, size: stored.size, name, extension: type.extension, mediaType: type.mediaType, pages: Math.max(1, pages) };
}

/**
 * Commits staged files as documents linked to the target record, each with its 'Uploaded by'
 * system note and search index entry, in one transaction (DOMAIN invariant 1: the files are
 * already durable). PDF page text is extracted right after the commit through a `jobs` row
 * written in the same transaction, and then indexed. Resolves to the new document ids in upload order.
 */
export async function commitUploads(deps: Pick<AppDeps, 'db' | 'now' | 'fileStore'>, viewer: Pick<Viewer, 'userId' | 'username'>, target: UploadTarget, files: readonly StagedFile[]): Promise<number[]> {
  const now = deps.now().toISOString();
  const { context } = target;
  // 'Default User Date to Today': new documents start dated today (the server's UTC day, stored at 12:00 UTC).
  const userDate = parseOptions(await readOptions(deps.db)).defaultUserDateToToday ? userDateToStored(now.slice(0, 10)) : null;
  const ids = await inWriteTransaction(deps.db, async (trx) => {
    const ids: number[] = [];
    for (const file of files) {
      await trx
        .insertInto('files')
        .values({ sha256: file.key, size: file.size, media_type: file.mediaType, page_count: file.pages, created_at: now })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      const document = await trx
        .insertInto('documents')
        .values({
          name: file.name,
          description: '',
          extension: file.extension,
          file_sha256: file.key,
          total_pages: file.pages,
          subtype_id: target.subtypeId,
          user_string1: '',
          user_date1: userDate,
          queue_id: null,
          created_by: viewer.userId,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('record_links')
        .values({
          document_id: document.id,
          data_area_id: context.dataAreaId,
          integrated_table_id: context.sit.id,
          record_id: context.recordId,
          source_type: context.sit.source_type_id,
          source_number: context.sourceNumber,
          table_id: context.sit.external_table_id,
          type_name: context.sit.entity_type_name,
          is_primary: 1,
        })
        .execute();
      await trx
        .insertInto('notes')
        .values({ document_id: document.id, author_id: viewer.userId, kind: 'system', text: uploadedByNote(viewer.username), created_at: now })
        .execute();
      await reindexDocument(trx, document.id);
      if (file.extension === 'pdf') await enqueueTextExtraction(trx, file.key, now);
      await enqueueThumbnails(trx, file.key, file.extension, now);
      ids.push(document.id);
    }
    return ids;
  });
  await runTextExtraction(deps, files.filter((f) => f.extension === 'pdf').map((f) => f.key));
  return ids;
}
