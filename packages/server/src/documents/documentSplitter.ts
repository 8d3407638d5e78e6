import { LIMITS } from '@datahaven/core/model';
import { MESSAGES, formatPageSpans, pageSpansOf, parsePageRanges } from '@datahaven/core/rules';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { assertDocumentWriteAllowed, assertQueueFlagsOnRows, isSplittable } from '../access';
import type { DocumentDetailRow, QueueAccessFlag, Viewer } from '../access';
import type { AppDeps } from '../services/AppDeps';
import { conflict, invalid } from '../errors/DomainError';
import { splitPdf } from '../pdf/splitPdf';
import { pdfSourceKey } from '../renditions';
import { reindexDocument } from '../search';
import { documentsCommitted, insertDocument, placementOf } from './documentCreator';
import { cleanFileName } from './fileNames';
import { insertNote } from './noteWriter';

/** The validated body of POST /api/documents/{id}/split. */
export interface SplitRequest {
  /** The spec's page-range text, e.g. "1-3;4;5-10" (one new document per group). */
  ranges: string;
  /** Soft-delete the original once the parts exist. */
  deleteOriginal: boolean;
}

/** Reads the JSON body `{ ranges, deleteOriginal? }`; a missing or non-text range → the spec's split message. */
export function parseSplitRequest(body: unknown): SplitRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('A JSON object is required.');
  const record = body as Record<string, unknown>;
  if (typeof record.ranges !== 'string') throw invalid(MESSAGES.splitSelectionInvalid);
  const deleteOriginal = record.deleteOriginal ?? false;
  if (typeof deleteOriginal !== 'boolean') throw invalid('deleteOriginal must be true or false.');
  return { ranges: record.ranges, deleteOriginal };
}

/** A part written to the file store, not yet in the database. */
interface StagedPart {
  key: string;
  size: number;
  pages: number[];
  name: string;
  label: string;
}

/** 'pages 1-3' / 'page 4' / 'pages 1-3,5'. */
function pagesLabel(pages: readonly number[]): string {
  return `${pages.length === 1 ? 'page' : 'pages'} ${formatPageSpans(pageSpansOf(pages))}`;
}

function baseName(name: string): string {
  return name.replace(/\.(pdf|tiff?)$/i, '');
}

function noteText(text: string): string {
  const chars = Array.from(text);
  return chars.length <= LIMITS.noteMaxLength ? text : `${chars.slice(0, LIMITS.noteMaxLength - 1).join('')}…`;
}

/** Writes each part to the file store, one part's pages in memory at a time (files before rows). */
async function stageParts(deps: AppDeps, original: DocumentDetailRow, groups: readonly number[][]): Promise<StagedPart[]> {
  // A TIFF is split through its converted PDF (cached; every page), so its parts are PDFs.
  const pdfKey = await pdfSourceKey(deps, original);
  if (pdfKey === null) throw invalid(MESSAGES.notSplittable);
  return deps.fileStore.withLocalFile(pdfKey, async (path) => {
    const parts = splitPdf(path, groups);
    const staged: StagedPart[] = [];
    for (const pages of groups) {
      let next: IteratorResult<Buffer, void>;
      try {
        next = await parts.next();
      } catch {
        // The stored PDF does not parse (damaged, encrypted) or disagrees with its page count.
        throw invalid(MESSAGES.splitError);
      }
      if (next.done === true) throw new Error('splitPdf ended before the last group.');
      const stored = await deps.fileStore.putBuffer(next.value);
      const label = pagesLabel(pages);
      staged.push({ key: stored.key, size: stored.size, pages, label, name: cleanFileName(`${baseName(original.name)} (${label}).pdf`) });
    }
    return staged;
  });
}

/**
 * Splits a visible PDF into one new document per page group of `request.ranges` (spec §5
 * grammar: bad ranges → 400 with the spec's message or the out-of-range report; not a PDF of more
 * than one page → 400). The parts' files are written first; then one transaction inserts the
 * documents (inheriting the original's links, subtype and queue, and their pages' annotations), a
 * 'Split from …' note on each and a 'Split into …' note on the original, and, when asked,
 * soft-deletes the original. The original's update is conditional on the row version read (409
 * on a race). A document in a queue needs the queue access flag Split (and Delete to delete the
 * original) → 403, checked before any file work and again in the transaction; another user's live
 * lock on the original → 409 'The document has been locked by another user.'. Resolves to the new
 * document ids in group order.
 */
export async function splitDocument(deps: AppDeps, viewer: Viewer, original: DocumentDetailRow, request: SplitRequest): Promise<number[]> {
  const flags: QueueAccessFlag[] = request.deleteOriginal ? ['Split', 'Delete'] : ['Split'];
  const action = request.deleteOriginal ? 'splitting the document and deleting it' : 'splitting the document';
  assertQueueFlagsOnRows([original], flags, action);
  if (!isSplittable(original)) throw invalid(MESSAGES.notSplittable);
  const parsed = parsePageRanges(request.ranges, original.total_pages);
  if (!parsed.valid) throw invalid(parsed.message);
  const parts = await stageParts(deps, original, parsed.groups);
  const now = deps.now().toISOString();
  const created = await inWriteTransaction(deps.db, async (trx) => {
    await assertDocumentWriteAllowed(trx, deps, viewer, [original.id], flags, action);
    const updated = await trx
      .updateTable('documents')
      .set((eb) => ({ updated_at: now, row_version: eb('row_version', '+', 1), ...(request.deleteOriginal ? { deleted_at: now } : {}) }))
      .where('id', '=', original.id)
      .where('row_version', '=', original.row_version)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw conflict('The document was changed by someone else. Reload it and try again.');
    }
    const ids: number[] = [];
    const placement = await placementOf(trx, original.id);
    for (const part of parts) {
      const sourcePages = part.pages.map((page) => ({ documentId: original.id, page }));
      const id = await insertDocument(
        trx,
        {
          fileKey: part.key,
          size: part.size,
          mediaType: 'application/pdf',
          extension: 'pdf',
          pages: part.pages.length,
          name: part.name,
          placement,
          userDate: null,
          sourcePages,
        },
        viewer.userId,
        now,
      );
      await insertNote(
        trx,
        id,
        viewer.userId,
        'system',
        noteText(`Split from '${original.name}' (document ${original.id}), ${part.label}, by ${viewer.username}.`),
        now,
      );
      ids.push(id);
    }
    const into = parts.map((part, index) => `'${part.name}' (document ${ids[index]})`).join(', ');
    await insertNote(trx, original.id, viewer.userId, 'system', noteText(`Split into ${into} by ${viewer.username}.`), now);
    if (request.deleteOriginal) await insertNote(trx, original.id, viewer.userId, 'system', `Deleted by ${viewer.username}`, now);
    if (request.deleteOriginal) await reindexDocument(trx, original.id);
    return ids;
  });
  documentsCommitted(deps);
  return created;
}
