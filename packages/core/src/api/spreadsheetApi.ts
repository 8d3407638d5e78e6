import type { SearchTag } from '../model';
import type { ApiClient, Query } from './ApiClient';
import { fileNameOfDisposition, type SavedFile } from './exportApi';
import { encodeSearchTags, type SearchSortKey } from './searchApi';
import type { QueueDocumentsSort } from './workflowApi';

/** The two kinds of file a list exports to. */
export type SpreadsheetFormat = 'xlsx' | 'csv';

/** What every export asks for: the file kind, the visible columns in their order, and how the user writes numbers, dates and times. */
export interface SpreadsheetRequest {
  format: SpreadsheetFormat;
  /** The column keys the list shows, in its order; the server refuses one the list does not have. */
  columns: readonly string[];
  /** BCP 47 tag whose number and date formats the file uses (de-DE: `;` lists, `1.234,50 €`, 22.11.2025). */
  locale: string;
  /** IANA time zone instants are written in (the browser's). */
  timeZone?: string;
  /** Bytes received so far, as the file streams in (a 10,000-row list takes a while). */
  onProgress?(bytes: number): void;
  signal?: AbortSignal;
}

/** The queue list's filter and order, as GET /queues/{id}/workflow takes them. */
export interface QueueExportQuery {
  q?: string;
  sort?: QueueDocumentsSort | null;
  desc?: boolean;
}

/** The search's words, tags and order, as GET /documents/search takes them. */
export interface SearchExportQuery {
  q?: string;
  tags?: readonly SearchTag[];
  sort?: SearchSortKey;
  desc?: boolean;
}

/** Lists as spreadsheets (issue 40 item 7): the server streams the whole list, not a page. */
export interface SpreadsheetApi {
  /** A queue's documents (GET /queues/{id}/documents/export). */
  queueDocuments(queueId: number, query: QueueExportQuery, request: SpreadsheetRequest): Promise<SavedFile>;
  /** Every search result (GET /documents/search/export). */
  searchResults(query: SearchExportQuery, request: SpreadsheetRequest): Promise<SavedFile>;
  /** A document's approval history (GET /documents/{id}/history/export). */
  history(documentId: number, request: SpreadsheetRequest): Promise<SavedFile>;
}

/** Only the wait for the answer's headers is timed: a big list streams as long as it takes. */
const HEADERS_TIMEOUT_MS = 120_000;

/** The body read to the end, reporting the bytes received as they come. */
async function readWithProgress(response: Response, onProgress: ((bytes: number) => void) | undefined): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (onProgress === undefined || response.body === null) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(parts as BlobPart[], { type });
}

/** The spreadsheet exports over one ApiClient. */
export function spreadsheetApi(client: ApiClient): SpreadsheetApi {
  const save = async (
    path: string,
    query: Record<string, Query[string]>,
    request: SpreadsheetRequest,
    fallback: string,
  ): Promise<SavedFile> => {
    const url = client.url(path, {
      ...query,
      format: request.format,
      columns: request.columns.join(','),
      locale: request.locale,
      timeZone: request.timeZone,
    });
    const response = await client.authorizedFetch(url, { signal: request.signal, timeoutMs: HEADERS_TIMEOUT_MS });
    const blob = await readWithProgress(response, request.onProgress);
    return { blob, fileName: fileNameOfDisposition(response.headers.get('content-disposition'), `${fallback}.${request.format}`) };
  };
  return {
    queueDocuments: (queueId, query, request) =>
      save(
        `/queues/${queueId}/documents/export`,
        {
          q: query.q !== undefined && query.q.trim() !== '' ? query.q : undefined,
          sort: query.sort ?? undefined,
          desc: query.sort === undefined || query.sort === null ? undefined : (query.desc ?? false),
        },
        request,
        'Queue',
      ),
    searchResults: (query, request) =>
      save(
        '/documents/search/export',
        {
          q: query.q !== undefined && query.q.trim() !== '' ? query.q : undefined,
          'tag[]': encodeSearchTags(query.tags),
          sort: query.sort,
          desc: query.sort === undefined ? undefined : (query.desc ?? false),
        },
        request,
        'Search results',
      ),
    history: (documentId, request) => save(`/documents/${documentId}/history/export`, {}, request, 'History'),
  };
}
