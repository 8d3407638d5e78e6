import type { MergeRequest, MergeRequestBody, RecombinationRequestBody } from '@datahaven/core/contract';
import { LIMITS } from '@datahaven/core/model';
import type { DocumentLink } from '@datahaven/core/model';
import { MESSAGES, formatPageSpans, mergeAvailability, pageSpansOf } from '@datahaven/core/rules';
import type { SourcePage } from './annotations/copyAnnotationsToPages';
import { inWriteTransaction } from '../db/inWriteTransaction';
import {
  PAGED_EXTENSIONS,
  QUEUE_ACTION_POLICY,
  assertDocumentWriteAllowed,
  assertFinalQueueTakesOnlyItsOwn,
  assertQueueFlagsOnRows,
  findVisibleDocuments,
  presentDocumentLink,
} from '../access';
import type { DocumentDetailRow, QueueAccessFlag, Viewer } from '../access';
import { readNumberOption } from '../db/optionStore';
import type { AppDeps } from '../services/AppDeps';
import { notFound, conflict, invalid } from '../errors/DomainError';
import { recombinePdf } from '../pdf/recombinePdf';
import type { PdfPageRun } from '../pdf/recombinePdf';
import { cleanFileName } from './fileNames';
import { withLocalFiles } from '../storage/withLocalFiles';
import { documentsCommitted, insertDocument, placementOf } from './documentCreator';
import { insertNote } from './noteWriter';
import { pdfSourceKey } from '../renditions';
import { reindexDocument } from '../search';

/** Pages `firstPage..lastPage` (1-based, inclusive) of a source document. */
export interface RecombinationPart {
  documentId: number;
  firstPage: number;
  lastPage: number;
}

/** One output document: its parts in order and an optional name. */
export interface RecombinationOutput {
  parts: RecombinationPart[];
  name?: string;
}

/** The validated body of POST /api/documents/recombination. */
export interface RecombinationRequest {
  documents: RecombinationOutput[];
  /** Soft-delete every source document once the outputs exist. */
  delete: boolean;
}

/** How the notes and default names word the action. */
type Wording = 'recombination' | 'merge';

const MERGE_ERROR = 'An error occurred when merging the documents.';

function optionalName(value: string | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value.trim() === '') throw invalid('name must be a non-empty text when given.');
  return value.trim();
}

/**
 * The recombination a checked body asks for (the request contract has checked the types, at least
 * one document of at least one part, page numbers ≥ 1): each range must run forwards; a blank name → 400.
 */
export function recombinationRequestOf(body: RecombinationRequestBody): RecombinationRequest {
  const documents = body.documents.map((output): RecombinationOutput => {
    const parts = output.parts.map((part): RecombinationPart => {
      if (part.firstPage > part.lastPage)
        throw invalid(`Pages ${part.firstPage}-${part.lastPage} are not a valid range: firstPage must not be after lastPage.`);
      return part;
    });
    const name = optionalName(output.name);
    return { parts, ...(name === undefined ? {} : { name }) };
  });
  return { documents, delete: body.delete ?? false };
}

/**
 * The merge a checked body asks for (the request contract has checked the types and that no id
 * repeats): fewer than two documents → the spec's merge message; a blank name → 400.
 */
export function mergeRequestOf(body: MergeRequestBody): MergeRequest {
  if (body.docIds.length < 2) throw invalid(MESSAGES.mergeNeedsTwoDocuments);
  const name = optionalName(body.name);
  return { docIds: body.docIds, ...(name === undefined ? {} : { name }), deleteOriginals: body.deleteOriginals ?? false };
}

/** The visible documents among `ids` by id; one missing or invisible → 404 before anything is read from a file. */
async function loadSources(deps: Pick<AppDeps, 'db'>, viewer: Viewer, ids: readonly number[]): Promise<Map<number, DocumentDetailRow>> {
  const unique = [...new Set(ids)];
  const rows = await findVisibleDocuments(deps.db, viewer, unique);
  if (rows.length !== unique.length) throw notFound(MESSAGES.documentNotFound);
  return new Map(rows.map((row) => [row.id, row]));
}

function baseName(name: string): string {
  return name.replace(/\.(pdf|tiff?)$/i, '');
}

function pdfName(name: string): string {
  return cleanFileName(name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`);
}

function pagesLabel(part: RecombinationPart): string {
  const pages = Array.from({ length: part.lastPage - part.firstPage + 1 }, (_, offset) => part.firstPage + offset);
  return `${pages.length === 1 ? 'page' : 'pages'} ${formatPageSpans(pageSpansOf(pages))}`;
}

function noteText(text: string): string {
  const chars = Array.from(text);
  return chars.length <= LIMITS.noteMaxLength ? text : `${chars.slice(0, LIMITS.noteMaxLength - 1).join('')}…`;
}

/** The output's name: the requested one, or the first source's name with the pages or '(merged)'. */
function outputName(output: RecombinationOutput, sources: ReadonlyMap<number, DocumentDetailRow>, wording: Wording): string {
  if (output.name !== undefined) return pdfName(output.name);
  const first = output.parts[0];
  const base = baseName(sources.get(first.documentId)?.name ?? 'Document');
  if (wording === 'merge') return pdfName(`${base} (merged)`);
  const label = output.parts.length === 1 ? pagesLabel(first) : 'recombined';
  return pdfName(`${base} (${label})`);
}

/** The output's pages in order, each as the source page it is (annotations follow them). */
function sourcePagesOf(output: RecombinationOutput): SourcePage[] {
  return output.parts.flatMap((part) =>
    Array.from({ length: part.lastPage - part.firstPage + 1 }, (_, offset) => ({
      documentId: part.documentId,
      page: part.firstPage + offset,
    })),
  );
}

/** A source's name and id, as notes cite it. */
function cite(row: DocumentDetailRow): string {
  return `'${row.name}' (document ${row.id})`;
}

interface StagedOutput {
  key: string;
  size: number;
  pages: number;
  name: string;
}

/** Writes each output to the file store (files before rows), one source PDF in memory at a time. */
async function stageOutputs(
  deps: AppDeps,
  sources: ReadonlyMap<number, DocumentDetailRow>,
  outputs: readonly RecombinationOutput[],
  wording: Wording,
): Promise<StagedOutput[]> {
  // TIFF sources take part through their converted PDFs (cached), PDFs as they are.
  const pdfKeys = new Map<number, string>();
  for (const source of sources.values()) {
    const key = await pdfSourceKey(deps, source);
    if (key === null) throw invalid(`${cite(source)} has no pages to take.`);
    pdfKeys.set(source.id, key);
  }
  return withLocalFiles(deps.fileStore, [...pdfKeys.values()], async (paths) => {
    const runs = outputs.map((output) =>
      output.parts.map((part): PdfPageRun => {
        const key = pdfKeys.get(part.documentId);
        const path = key === undefined ? undefined : paths.get(key);
        if (path === undefined) throw notFound(MESSAGES.documentNotFound);
        return { path, firstPage: part.firstPage, lastPage: part.lastPage };
      }),
    );
    const built = recombinePdf(runs);
    const staged: StagedOutput[] = [];
    for (const output of outputs) {
      let next: IteratorResult<Buffer, void>;
      try {
        next = await built.next();
      } catch {
        // A stored PDF does not parse (damaged, encrypted) or disagrees with its page count.
        throw invalid(wording === 'merge' ? MERGE_ERROR : MESSAGES.splitError);
      }
      if (next.done === true) throw new Error('recombinePdf ended before the last output.');
      const stored = await deps.fileStore.putBuffer(next.value);
      const pages = output.parts.reduce((sum, part) => sum + part.lastPage - part.firstPage + 1, 0);
      staged.push({ key: stored.key, size: stored.size, pages, name: outputName(output, sources, wording) });
    }
    return staged;
  });
}

/** 400 unless every source is a PDF or TIFF and every part lies within its source's pages. */
function checkParts(sources: ReadonlyMap<number, DocumentDetailRow>, outputs: readonly RecombinationOutput[], wording: Wording): void {
  for (const source of sources.values()) {
    if (!PAGED_EXTENSIONS.has(source.extension)) {
      throw invalid(`Only PDF and TIFF documents can be ${wording === 'merge' ? 'merged' : 'recombined'}; ${cite(source)} is neither.`);
    }
  }
  for (const output of outputs) {
    for (const part of output.parts) {
      const source = sources.get(part.documentId);
      if (source === undefined) throw notFound(MESSAGES.documentNotFound);
      if (part.lastPage > source.total_pages) {
        throw invalid(`Pages ${part.firstPage}-${part.lastPage} are outside the ${source.total_pages} pages of document ${source.id}.`);
      }
    }
  }
}

/**
 * The queue access flags a recombination or merge needs on each queued source (403 otherwise):
 * SplitAdvanced (the visual / advanced split tools) or Merge, plus Delete when the sources go.
 */
function flagsFor(wording: Wording, deleteSources: boolean): { flags: QueueAccessFlag[]; action: string } {
  // THE queue policy's rows (access/queueActionPolicy): merge → Merge; recombination → Split and SplitAdvanced.
  const flags: QueueAccessFlag[] = [...QUEUE_ACTION_POLICY[wording === 'merge' ? 'merge' : 'splitAdvanced'].allOf];
  if (deleteSources) flags.push('Delete');
  const verb = wording === 'merge' ? 'merging' : 'recombining';
  return { flags, action: deleteSources ? `${verb} the documents and deleting them` : `${verb} the documents` };
}

/**
 * Writes the outputs, then in one transaction: the sources' rows locked, their queues' access
 * flags (flagsFor → 403) and another user's live lock on any source (409 — always, for every
 * source gets a new row version and a note even when kept), then bumps every source's row version
 * (conditional on the version read → 409; soft-deleted when `deleteSources`), inserts the outputs
 * with the first part's document's links, subtype and queue, and the system notes on both sides.
 * The callers check the queue flags on the loaded rows too, before any file is read, so a refused
 * request costs no PDF work.
 */
async function recombineLoaded(
  deps: AppDeps,
  viewer: Viewer,
  sources: ReadonlyMap<number, DocumentDetailRow>,
  outputs: readonly RecombinationOutput[],
  deleteSources: boolean,
  wording: Wording,
): Promise<number[]> {
  const { flags, action } = flagsFor(wording, deleteSources);
  checkParts(sources, outputs, wording);
  const staged = await stageOutputs(deps, sources, outputs, wording);
  const now = deps.now().toISOString();
  const created = await inWriteTransaction(deps.db, async (trx) => {
    await assertDocumentWriteAllowed(trx, deps, viewer, [...sources.keys()], flags, action);
    for (const source of sources.values()) {
      const updated = await trx
        .updateTable('documents')
        .set((eb) => ({ updated_at: now, row_version: eb('row_version', '+', 1), ...(deleteSources ? { deleted_at: now } : {}) }))
        .where('id', '=', source.id)
        .where('row_version', '=', source.row_version)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        throw conflict(`Document ${source.id} was changed by someone else. Reload it and try again.`);
      }
    }
    const ids: number[] = [];
    for (const [index, output] of outputs.entries()) {
      const file = staged[index];
      const firstId = output.parts[0].documentId;
      const placement = await placementOf(trx, firstId);
      // Pages from other queues never enter a final queue this way (issue 35: only through the workflow).
      await assertFinalQueueTakesOnlyItsOwn(
        trx,
        placement.queueId,
        output.parts.map((part) => sources.get(part.documentId)?.queue_id ?? null),
      );
      const id = await insertDocument(
        trx,
        {
          fileKey: file.key,
          size: file.size,
          mediaType: 'application/pdf',
          extension: 'pdf',
          pages: file.pages,
          name: file.name,
          placement,
          userDate: null,
          sourcePages: sourcePagesOf(output),
        },
        viewer.userId,
        now,
      );
      const from = output.parts
        .map((part) => {
          const source = sources.get(part.documentId);
          if (source === undefined) throw notFound(MESSAGES.documentNotFound);
          return wording === 'merge' ? cite(source) : `${cite(source)} ${pagesLabel(part)}`;
        })
        .join(', ');
      const verb = wording === 'merge' ? 'Merged' : 'Recombined';
      await insertNote(trx, id, viewer.userId, 'system', noteText(`${verb} from ${from} by ${viewer.username}.`), now);
      ids.push(id);
    }
    for (const source of sources.values()) {
      const into = outputs
        .map((output, index) =>
          output.parts.some((part) => part.documentId === source.id) ? `'${staged[index].name}' (document ${ids[index]})` : undefined,
        )
        .filter((text): text is string => text !== undefined)
        .join(', ');
      const verb = wording === 'merge' ? 'Merged' : 'Pages recombined';
      await insertNote(trx, source.id, viewer.userId, 'system', noteText(`${verb} into ${into} by ${viewer.username}.`), now);
      if (deleteSources) await insertNote(trx, source.id, viewer.userId, 'system', `Deleted by ${viewer.username}`, now);
      if (deleteSources) await reindexDocument(trx, source.id);
    }
    return ids;
  });
  documentsCommitted(deps);
  return created;
}

/**
 * Builds one new PDF document per `request.documents` entry from page runs of visible PDF
 * documents (SECURITY row 11: a source the caller cannot see → 404 before any file is read, so
 * no page leaks). A queued source without SplitAdvanced (and Delete when deleting) in the caller's
 * queue access → 403. Parts outside their source → 400; a damaged source → 400. Files are written
 * first, then one transaction (see recombineLoaded). Resolves to the new ids in request order.
 * Privileges are the route's to check.
 */
export async function recombineDocuments(deps: AppDeps, viewer: Viewer, request: RecombinationRequest): Promise<number[]> {
  const ids = request.documents.flatMap((output) => output.parts.map((part) => part.documentId));
  const sources = await loadSources(deps, viewer, ids);
  const { flags, action } = flagsFor('recombination', request.delete);
  assertQueueFlagsOnRows([...sources.values()], flags, action);
  return recombineLoaded(deps, viewer, sources, request.documents, request.delete, 'recombination');
}

/**
 * Merges whole visible documents, in `request.docIds` order, into one new PDF document: a queued
 * document without Merge (and Delete when deleting) in the caller's queue access → 403; the spec's
 * availability (more than one document, all PDFs, all with the same link → 400 otherwise; an
 * invisible one → 404) and the combined file size at most the 'Maximum PDF size in bytes' option
 * (→ 400 'Merge file size greater than the maximum'), checked before anything is written; then a
 * recombination with each document as one part. Resolves to the new document's id.
 */
export async function mergeDocuments(deps: AppDeps, viewer: Viewer, request: MergeRequest): Promise<number> {
  const sources = await loadSources(deps, viewer, request.docIds);
  const { flags, action } = flagsFor('merge', request.deleteOriginals);
  assertQueueFlagsOnRows([...sources.values()], flags, action);
  const ordered = request.docIds.map((id) => sources.get(id)).filter((row): row is DocumentDetailRow => row !== undefined);
  const notPdf = ordered.find((row) => !PAGED_EXTENSIONS.has(row.extension));
  if (notPdf !== undefined) throw invalid(`Only PDF and TIFF documents can be merged; ${cite(notPdf)} is neither.`);
  const links: (DocumentLink | null)[] = ordered.map(presentDocumentLink);
  const availability = mergeAvailability(links.map((link) => ({ access: { merge: true }, link })));
  if (!availability.allowed) throw invalid(availability.message);
  const maximum = await readNumberOption(deps.db, 'Maximum PDF size in bytes');
  const combined = ordered.reduce((sum, row) => sum + Number(row.size), 0);
  if (combined > maximum) throw invalid(MESSAGES.mergeTooBig);
  const output: RecombinationOutput = {
    parts: ordered.map((row) => ({ documentId: row.id, firstPage: 1, lastPage: row.total_pages })),
    ...(request.name === undefined ? {} : { name: request.name }),
  };
  const [id] = await recombineLoaded(deps, viewer, sources, [output], request.deleteOriginals, 'merge');
  return id;
}
