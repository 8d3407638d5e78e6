import {
  DEFAULT_DISPLAY_TYPE,
  type DmsDocument,
  type DocumentAccess,
  type DocumentErpStatus,
  type DocumentLink,
  type ErpContext,
  type FolderConstraints,
  type FolderEntry,
  type PossibleDuplicate,
} from '../model';
import type { ApiClient, UploadProgress } from './ApiClient';
import { RELATED_UNAVAILABLE_HEADER, type DocumentChanges } from '../contract';
import { DEFAULT_THUMBNAIL_WIDTH } from '../contract/thumbnailWidth';

/** What GET /documents/{id}/view answers. */
export interface DocumentView {
  document: DmsDocument;
  /** Relative URL of the bytes to show, e.g. '/api/documents/7/data?asPdf=true' for a TIFF. */
  dataUrl: string;
  viewable: boolean;
}

/** Fields PUT /documents/{id} may change (the request contract's type); each needs its privilege. */
export type { DocumentChanges };

/** A record's folder tree and, when the ERP could not name its related records, the ERP's words. */
export interface FolderTreeAnswer {
  entries: FolderEntry[];
  /** E.g. 'Business Central cannot be reached right now. Please try again later.'; null when the ERP answered. */
  relatedUnavailable: string | null;
}

/** Options of a data URL. */
export interface DataUrlOptions {
  asPdf?: boolean;
  download?: boolean;
  urlEncodeFileName?: boolean;
}

/** A byte range, both ends inclusive (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end?: number;
}

/** Options of fetchData. */
export interface FetchDataOptions extends DataUrlOptions {
  range?: ByteRange;
  signal?: AbortSignal;
}

/** The documents resource of the web services (spec §7 "Documents", "Folders"). */
export interface DocumentsApi {
  /** The record's display folders with their documents (GET /folder-structure). */
  getFolderStructure(context: ErpContext, expandToDocId?: number, signal?: AbortSignal): Promise<FolderEntry[]>;
  /** The same tree with what the server says beside it: the ERP's words when its related records are left out. */
  getFolderTree(context: ErpContext, expandToDocId?: number, signal?: AbortSignal): Promise<FolderTreeAnswer>;
  /** Uploads one file into a folder of a record (POST /documents); answers the created documents. */
  uploadDocument(
    file: Blob,
    folder: FolderConstraints,
    onProgress?: (progress: UploadProgress) => void,
    signal?: AbortSignal,
  ): Promise<DmsDocument[]>;
  /**
   * Imports one file into a workflow queue (POST /queues/{id}/documents: the queue's import, the
   * same upload as the folders' with its progress and cancellation); answers the created documents.
   */
  importToQueue(queueId: number, file: Blob, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<DmsDocument[]>;
  getDocument(id: number, signal?: AbortSignal): Promise<DmsDocument>;
  /** The visible ones of the given documents (GET /documents?docId[]=…). */
  getDocuments(ids: readonly number[], signal?: AbortSignal): Promise<DmsDocument[]>;
  /** Opens a document for viewing; the server records a 'VIEWED' note. */
  viewDocument(id: number, signal?: AbortSignal): Promise<DocumentView>;
  updateDocument(id: number, changes: DocumentChanges): Promise<DmsDocument>;
  deleteDocuments(ids: readonly number[]): Promise<{ deleted: number[] }>;
  getAccess(id: number, signal?: AbortSignal): Promise<DocumentAccess>;
  getLink(id: number, signal?: AbortSignal): Promise<DocumentLink | null>;
  /** Where the write-back of the document's latest decision to its linked purchase invoice stands (GET /documents/{id}/erp-status); null when none was owed. */
  getErpStatus(id: number, signal?: AbortSignal): Promise<DocumentErpStatus | null>;
  /** The documents this one may duplicate (GET /documents/{id}/duplicates; issue 35); [] when none. */
  getPossibleDuplicates(id: number, signal?: AbortSignal): Promise<PossibleDuplicate[]>;
  /** URL of the bytes (needs the bearer: fetch it with fetchData or authorizedFetch). */
  dataUrl(id: number, options?: DataUrlOptions): string;
  /** URL of a page thumbnail (1-based page; needs the bearer). */
  thumbnailUrl(id: number, page: number, width?: number): string;
  /** Fetches the bytes with the bearer, optionally one range (206). */
  fetchData(id: number, options?: FetchDataOptions): Promise<Response>;
  /** Fetches a page thumbnail with the bearer. */
  fetchThumbnail(id: number, page: number, width?: number, signal?: AbortSignal): Promise<Blob>;
  /** Any authorized fetch (e.g. the dataUrl a view answered). */
  authorizedFetch(url: string, init?: RequestInit): Promise<Response>;
}

/** Default thumbnail width in CSS pixels (declared once, in the request contract). */
export { DEFAULT_THUMBNAIL_WIDTH };

/** Query parameters that carry a context or folder to the server. */
function contextQuery(context: ErpContext & FolderConstraints): Record<string, string | number | undefined> {
  return {
    dataAreaId: context.dataAreaId,
    tableId: context.tableId,
    recordId: context.recordId,
    sourceType: context.sourceType,
    typeName: context.typeName,
    sitId: context.sitId,
  };
}

/** A URI-encoded header value as text; a value that is not (a proxy's rewrite) is shown as it came. */
function decodeHeader(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Creates the documents resource over an ApiClient. */
export function documentsApi(client: ApiClient): DocumentsApi {
  const dataUrl = (id: number, options: DataUrlOptions = {}): string =>
    client.url(`/documents/${id}/data`, {
      asPdf: options.asPdf ?? false,
      download: options.download ?? false,
      urlEncodeFileName: options.urlEncodeFileName,
    });
  const thumbnailUrl = (id: number, page: number, width: number = DEFAULT_THUMBNAIL_WIDTH): string =>
    client.url(`/documents/${id}/pages/${page}/thumbnail`, { width });

  return {
    getFolderStructure: (context, expandToDocId, signal) =>
      client.get<FolderEntry[]>('/folder-structure', {
        query: { displayType: DEFAULT_DISPLAY_TYPE, ...contextQuery(context), expandToDocId },
        signal,
      }),
    getFolderTree: async (context, expandToDocId, signal) => {
      // A fetch rather than get: the ERP's words travel in a header beside the spec's list of entries.
      const response = await client.authorizedFetch(
        client.url('/folder-structure', { displayType: DEFAULT_DISPLAY_TYPE, ...contextQuery(context), expandToDocId }),
        { headers: { Accept: 'application/json' }, signal },
      );
      const header = response.headers.get(RELATED_UNAVAILABLE_HEADER);
      return {
        entries: (await response.json()) as FolderEntry[],
        relatedUnavailable: header === null || header === '' ? null : decodeHeader(header),
      };
    },
    uploadDocument: (file, folder, onProgress, signal) =>
      client.upload<DmsDocument[]>(
        '/documents',
        file,
        { displayType: DEFAULT_DISPLAY_TYPE, ...contextQuery(folder), subtypeId: folder.subtypeId },
        onProgress,
        signal,
      ),
    importToQueue: (queueId, file, onProgress, signal) =>
      client.upload<DmsDocument[]>(`/queues/${queueId}/documents`, file, {}, onProgress, signal),
    getDocument: (id, signal) => client.get<DmsDocument>(`/documents/${id}`, { signal }),
    getDocuments: (ids, signal) =>
      ids.length === 0 ? Promise.resolve([]) : client.get<DmsDocument[]>('/documents', { query: { 'docId[]': ids }, signal }),
    viewDocument: (id, signal) => client.get<DocumentView>(`/documents/${id}/view`, { signal }),
    updateDocument: (id, changes) => client.put<DmsDocument>(`/documents/${id}`, changes),
    deleteDocuments: (ids) => client.delete<{ deleted: number[] }>('/documents', { query: { 'docId[]': ids } }),
    getAccess: (id, signal) => client.get<DocumentAccess>(`/documents/${id}/access`, { signal }),
    getLink: (id, signal) => client.get<DocumentLink | null>(`/documents/${id}/link`, { signal }),
    getErpStatus: (id, signal) => client.get<DocumentErpStatus | null>(`/documents/${id}/erp-status`, { signal }),
    getPossibleDuplicates: (id, signal) => client.get<PossibleDuplicate[]>(`/documents/${id}/duplicates`, { signal }),
    dataUrl,
    thumbnailUrl,
    fetchData: (id, options = {}) => {
      const headers: Record<string, string> = {};
      if (options.range) headers.Range = `bytes=${options.range.start}-${options.range.end ?? ''}`;
      return client.authorizedFetch(dataUrl(id, options), { headers, signal: options.signal });
    },
    fetchThumbnail: async (id, page, width, signal) => {
      const response = await client.authorizedFetch(thumbnailUrl(id, page, width), { signal });
      return response.blob();
    },
    authorizedFetch: (url, init) => client.authorizedFetch(url, init),
  };
}
