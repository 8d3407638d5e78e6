import type { DmsDocument } from '../model';
import type { ApiClient } from './ApiClient';
import type { MergeRequest } from '../contract';

/** A run of pages of one source document, both ends inclusive and 1-based (spec §7 recombination part). */
export interface RecombinationPart {
  documentId: number;
  firstPage: number;
  lastPage: number;
}

/** One new document of a recombination: its pages are the parts' pages in the order given. */
export interface RecombinedDocument {
  parts: readonly RecombinationPart[];
  /** The new document's name; the server adds '.pdf' and picks a default when absent. */
  name?: string;
}

/** A recombination request (POST /documents/recombination). */
export interface RecombinationRequest {
  documents: readonly RecombinedDocument[];
  /** Soft-delete every source document once the new ones exist. */
  delete: boolean;
}

/** A merge request (POST /documents/merge; the request contract's type). */
export type { MergeRequest };

/**
 * Page work can take longer than the client's usual 10 s on big scans (the server builds every
 * part before it answers), so these calls wait up to two minutes.
 */
export const PAGE_WORK_TIMEOUT_MS = 120_000;

/** Split, recombination and merge of documents (spec §5, §7; docs/API.md). */
export interface PageWorkApi {
  /** Splits a PDF into one new document per semicolon-separated group of `ranges` ("1-3;4;5-10"); answers them in group order. */
  split(docId: number, ranges: string, deleteOriginal: boolean): Promise<DmsDocument[]>;
  /** Builds one new PDF per entry from runs of pages of one or more documents; answers them in request order. */
  recombine(request: RecombinationRequest): Promise<DmsDocument[]>;
  /** Joins whole documents in `docIds` order into one new document. */
  merge(request: MergeRequest): Promise<DmsDocument>;
}

/** Creates the page-work resource over an ApiClient. */
export function pageWorkApi(client: ApiClient): PageWorkApi {
  const options = { timeoutMs: PAGE_WORK_TIMEOUT_MS };
  return {
    split: (docId, ranges, deleteOriginal) => client.post<DmsDocument[]>(`/documents/${docId}/split`, { ranges, deleteOriginal }, options),
    recombine: (request) =>
      client.post<DmsDocument[]>(
        '/documents/recombination',
        {
          documents: request.documents.map((document) => ({
            parts: document.parts.map(({ documentId, firstPage, lastPage }) => ({ documentId, firstPage, lastPage })),
            ...(document.name !== undefined && document.name.trim() !== '' ? { name: document.name.trim() } : {}),
          })),
          delete: request.delete,
        },
        options,
      ),
    merge: (request) =>
      client.post<DmsDocument>(
        '/documents/merge',
        {
          docIds: [...request.docIds],
          ...(request.name !== undefined && request.name.trim() !== '' ? { name: request.name.trim() } : {}),
          deleteOriginals: request.deleteOriginals,
        },
        options,
      ),
  };
}
