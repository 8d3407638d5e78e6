import type { HostAttachment } from '../host/HostAdapter';
import type { ApiClient } from './ApiClient';

/** A file the server produced for the browser to save: its bytes and the name to save it under. */
export interface SavedFile {
  blob: Blob;
  fileName: string;
}

/** Options shared by download, print and e-mail. */
export interface ExportRequestOptions {
  /**
   * Burn annotations into the PDF (spec §1). Only an explicit choice is sent: left out, the
   * server's configured default (`DATAHAVEN_EMBED_ANNOTATIONS`) applies.
   */
  embedAnnotations?: boolean;
  signal?: AbortSignal;
}

/** What the server does when a call leaves a choice out (GET /export/defaults). */
export interface ExportDefaults {
  /** Whether annotations are burned in when `embedAnnotations` is not sent. */
  embedAnnotations: boolean;
}

/** Download, print and e-mail (spec §7 "Documents" data calls and "Token and mail" email-link). */
export interface ExportApi {
  /** The server's defaults for the calls below (ours: GET /export/defaults). */
  getDefaults(signal?: AbortSignal): Promise<ExportDefaults>;
  /** The URL of the `.eml` draft of the documents (GET /email-link?docIds[]=…), for a host that fetches it itself. */
  emailLinkUrl(ids: readonly number[], options?: Pick<ExportRequestOptions, 'embedAnnotations'>): string;
  /** One document's bytes as an attachment (GET /documents/{id}/data?download=true&urlEncodeFileName=true). */
  downloadDocument(id: number, options?: ExportRequestOptions): Promise<SavedFile>;
  /** Several documents (at most 10) as one zip (GET /documents/data?docId[]=…). */
  downloadDocuments(ids: readonly number[], options?: ExportRequestOptions): Promise<SavedFile>;
  /** A document as a PDF for printing (GET /documents/{id}/data?asPdf=true). */
  fetchPrintablePdf(id: number, options?: ExportRequestOptions): Promise<Blob>;
  /** An `.eml` draft with the documents attached (GET /email-link?docIds[]=…), for "email draft download". */
  downloadEmailDraft(ids: readonly number[], options?: ExportRequestOptions): Promise<SavedFile>;
  /** A draft in the user's mailbox through Graph (POST /email-link); resolves to the draft's URL. */
  createMailboxDraft(ids: readonly number[], graphToken: string, options?: ExportRequestOptions): Promise<string>;
  /** A document's file as base64 for a host that attaches it (GET /documents/{id}/data/base64). */
  fetchBase64(id: number, options?: ExportRequestOptions): Promise<HostAttachment>;
  /** One document's evidence packet, a PDF (ours: GET /documents/{id}/evidence). */
  downloadEvidencePacket(id: number, signal?: AbortSignal): Promise<SavedFile>;
  /** One evidence packet of 1–100 documents, a section each (ours: POST /documents/evidence `{ docIds }`). */
  downloadEvidencePackets(ids: readonly number[], signal?: AbortSignal): Promise<SavedFile>;
}

/** Header the host's Graph token travels in (the server also reads the spec's `token` query; a header stays out of logs). */
export const GRAPH_TOKEN_HEADER = 'X-Graph-Token';

/** Downloads go on as long as bytes flow; only the wait for the answer's headers is timed. */
const DOWNLOAD_HEADERS_TIMEOUT_MS = 120_000;

/** The name of an RFC 6266 `Content-Disposition` (`filename*` first, then `filename`), or `fallback`. */
export function fileNameOfDisposition(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended !== null) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain !== null && plain[1].trim() !== '' ? plain[1].trim() : fallback;
}

/** The query value of a choice: undefined (left out of the URL, so the server's default applies) unless the user chose. */
function flag(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : value ? 'true' : 'false';
}

/** The download, print and e-mail calls over one ApiClient. */
export function exportApi(client: ApiClient): ExportApi {
  const save = async (url: string, fallback: string, signal?: AbortSignal): Promise<SavedFile> => {
    const response = await client.authorizedFetch(url, { signal, timeoutMs: DOWNLOAD_HEADERS_TIMEOUT_MS });
    return { blob: await response.blob(), fileName: fileNameOfDisposition(response.headers.get('content-disposition'), fallback) };
  };
  const emailLinkUrl = (ids: readonly number[], embedAnnotations: boolean | undefined): string =>
    client.url('/email-link', { 'docIds[]': ids, embedAnnotations: flag(embedAnnotations) });
  return {
    getDefaults: async (signal) => {
      const body = await client.get<Partial<ExportDefaults>>('/export/defaults', { signal });
      return { embedAnnotations: body.embedAnnotations === true };
    },
    emailLinkUrl: (ids, options = {}) => emailLinkUrl(ids, options.embedAnnotations),
    downloadDocument: (id, options = {}) =>
      save(
        client.url(`/documents/${id}/data`, { download: true, urlEncodeFileName: true, embedAnnotations: flag(options.embedAnnotations) }),
        `document-${id}`,
        options.signal,
      ),
    downloadDocuments: (ids, options = {}) =>
      save(
        client.url('/documents/data', { 'docId[]': ids, embedAnnotations: flag(options.embedAnnotations) }),
        'Documents.zip',
        options.signal,
      ),
    fetchPrintablePdf: async (id, options = {}) => {
      const url = client.url(`/documents/${id}/data`, { asPdf: true, embedAnnotations: flag(options.embedAnnotations) });
      const response = await client.authorizedFetch(url, { signal: options.signal, timeoutMs: DOWNLOAD_HEADERS_TIMEOUT_MS });
      return response.blob();
    },
    downloadEmailDraft: (ids, options = {}) => save(emailLinkUrl(ids, options.embedAnnotations), 'Documents.eml', options.signal),
    createMailboxDraft: async (ids, graphToken, options = {}) => {
      const body = new URLSearchParams();
      for (const id of ids) body.append('docIds[]', String(id));
      const embed = flag(options.embedAnnotations);
      if (embed !== undefined) body.append('embedAnnotations', embed);
      const response = await client.authorizedFetch(client.url('/email-link'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', [GRAPH_TOKEN_HEADER]: graphToken, Accept: 'text/plain' },
        body: body.toString(),
        signal: options.signal,
        // Large attachments upload to Graph before the answer comes.
        timeoutMs: DOWNLOAD_HEADERS_TIMEOUT_MS,
      });
      return (await response.text()).trim();
    },
    downloadEvidencePacket: (id, signal) => save(client.url(`/documents/${id}/evidence`), `document-${id} - evidence.pdf`, signal),
    downloadEvidencePackets: async (ids, signal) => {
      const response = await client.authorizedFetch(client.url('/documents/evidence'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
        body: JSON.stringify({ docIds: ids }),
        signal,
        // A packet of many documents is written before the answer starts.
        timeoutMs: DOWNLOAD_HEADERS_TIMEOUT_MS,
      });
      return {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition'), `Evidence packet - ${ids.length} documents.pdf`),
      };
    },
    fetchBase64: async (id, options = {}) => {
      const url = client.url(`/documents/${id}/data/base64`, { embedAnnotations: flag(options.embedAnnotations) });
      const response = await client.authorizedFetch(url, {
        signal: options.signal,
        timeoutMs: DOWNLOAD_HEADERS_TIMEOUT_MS,
        headers: { Accept: 'application/json' },
      });
      const body = (await response.json()) as Partial<HostAttachment>;
      if (typeof body.base64 !== 'string' || typeof body.fileName !== 'string')
        throw new Error(`The server sent no file for document ${id}.`);
      return {
        fileName: body.fileName,
        mediaType: typeof body.mediaType === 'string' ? body.mediaType : 'application/octet-stream',
        // The decoded length when the server leaves the size out: 3 bytes for every 4 characters, less the padding.
        size:
          typeof body.size === 'number'
            ? body.size
            : Math.floor((body.base64.length * 3) / 4) - (body.base64.match(/=*$/)?.[0].length ?? 0),
        base64: body.base64,
      };
    },
  };
}
