import type { Readable } from 'node:stream';
import { MESSAGES, parseOptions, uploadedByNote, userDateToStored } from '@datahaven/core/rules';
import type { ResolvedRecordContext } from '../db/recordContext';
import { readOptions } from '../db/optionStore';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { unsupportedFileType } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';
import type { AppDeps } from '../services/AppDeps';
import { checkImageLimits } from '../pdf/checkImageLimits';
import { sniffFileType } from '../pdf/fileSignature';
import { countPages } from '../pdf/pageCount';
import { importQueueOfTable } from '../access';
import type { Viewer } from '../access';
import { cleanFileName, documentsCommitted, insertDocument } from '../documents';
import { recordQueueEntry } from '../workflow';
import type { StagedFile } from './StagedFile';

/** Where uploaded documents land: a resolved record context with its record id, and a subtype. */
export interface UploadTarget {
  context: ResolvedRecordContext & { recordId: string };
  subtypeId: number | null;
}

function unsupported(): DomainError {
  return unsupportedFileType(MESSAGES.unsupportedFileType);
}

/**
 * Streams one uploaded file into the file store (temp → fsync → rename; over `maxBytes` →
 * FileTooLargeError / 413), then checks its signature against its extension (415 'Unsupported
 * file type!'), refuses images over the pixel limit and TIFFs over the page limit from their
 * headers (413, in words) and counts its pages. Nothing is written to the database here.
 */
export async function stageUpload(
  deps: Pick<AppDeps, 'fileStore'>,
  rawName: string,
  source: Readable,
  maxBytes: number,
): Promise<StagedFile> {
  const name = cleanFileName(rawName);
  const stored = await deps.fileStore.put(source, { maxBytes });
  const type = name === '' ? null : sniffFileType(stored.head, name);
  if (type === null || stored.size === 0) throw unsupported();
  // One local copy for both checks (a remote store downloads it once).
  const pages = await deps.fileStore.withLocalFile(stored.key, async (path) => {
    // Before anything decodes it: a bomb costs a few header reads, never a decode (SECURITY.md row 7).
    await checkImageLimits(path, type.extension);
    try {
      return await countPages(path, type.extension);
    } catch {
      // Bytes that start like a PDF or TIFF but do not parse are not a document we can serve.
      throw unsupported();
    }
  });
  return { key: stored.key, size: stored.size, name, extension: type.extension, mediaType: type.mediaType, pages: Math.max(1, pages) };
}

/**
 * Commits staged files as documents linked to the target record, each with its 'Uploaded by'
 * system note and search index entry — and, when the record's integrated table names an import
 * queue (its import settings), in that queue with the entry's system note and history row — in
 * one transaction (DOMAIN invariant 1: the files are
 * already durable). Their slow work (PDF page text for search, page thumbnails, image
 * conversion) is left to jobs written in the same transaction and started once it commits, so
 * the upload answers as soon as the files and rows are safe. Resolves to the new document ids in
 * upload order.
 */
export async function commitUploads(
  deps: Pick<AppDeps, 'db' | 'now'> & Partial<Pick<AppDeps, 'jobSignal'>>,
  viewer: Pick<Viewer, 'userId' | 'username'>,
  target: UploadTarget,
  files: readonly StagedFile[],
): Promise<number[]> {
  const now = deps.now().toISOString();
  const { context } = target;
  // 'Default User Date to Today': new documents start dated today (the server's UTC day, stored at 12:00 UTC).
  const userDate = parseOptions(await readOptions(deps.db)).defaultUserDateToToday ? userDateToStored(now.slice(0, 10)) : null;
  const link = {
    data_area_id: context.dataAreaId,
    integrated_table_id: context.sit.id,
    record_id: context.recordId,
    source_type: context.sit.source_type_id,
    source_number: context.sourceNumber,
    table_id: context.sit.external_table_id,
    type_name: context.sit.entity_type_name,
    is_primary: 1,
  };
  const ids = await inWriteTransaction(deps.db, async (trx) => {
    const queue = await importQueueOfTable(trx, context.sit.id);
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
          placement: { links: [link], subtypeId: target.subtypeId, queueId: queue?.id ?? null },
          userDate,
        },
        viewer.userId,
        now,
      );
      await trx
        .insertInto('notes')
        .values({ document_id: id, author_id: viewer.userId, kind: 'system', text: uploadedByNote(viewer.username), created_at: now })
        .execute();
      if (queue !== null) await recordQueueEntry(trx, id, queue, 'upload', viewer, now);
      ids.push(id);
    }
    return ids;
  });
  documentsCommitted(deps);
  return ids;
}
