import { ExportDefaultsAnswer, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { embedAnnotationsByDefault, wantsEmbeddedAnnotations } from '../annotations/annotatedPdf';
import { contentDisposition } from '../fileNames';
import type { DocumentDetailRow } from '../../access/documentQueries';
import { GraphError, GraphMailClient } from '../../mail/GraphMailClient';
import { writeEmlDraft } from '../../mail/writeEmlDraft';
import type { Viewer } from '../../access/documentVisibility';
import { writeZip } from '../../zip/writeZip';
import type { AppDeps } from '../../services/AppDeps';
import { HttpError, badRequest } from '../../http/HttpError';
import { parseDocumentId, queryList, queryOf, queryString } from '../../http/requestHelpers';
import { viewerOf } from '../../auth/http/authPlugin';
import type { RawQuery } from '../../http/requestHelpers';
import { documentsForExport, exportedFileOf, uniqueFileNames } from '../exportedFiles';
import type { ExportedFile } from '../exportedFiles';

/** File name of the archive of a multi-document download. */
export const ZIP_FILE_NAME = 'Documents.zip';
/** File name of a downloaded e-mail draft. */
export const EML_FILE_NAME = 'Documents.eml';
/** The header our client sends the host's Graph token in (kept out of URLs and logs; the spec's `token` query works too). */
export const GRAPH_TOKEN_HEADER = 'x-graph-token';

/** Extensions whose content is already compressed: stored in the zip as they are. */
const STORED_EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff', 'docx', 'xlsx', 'pptx', 'zip']);

/** The 403's words when 'Cabinet: Export Documents' is missing (downloads and reply drafts). */
export const EXPORT_FORBIDDEN = "Downloading documents needs the 'Cabinet: Export Documents' privilege.";
const EMAIL_FORBIDDEN = "E-mailing documents needs the 'Cabinet: Email' privilege.";

/** Document ids from `name[]` / `name` (the spec says `docId` for downloads and `docIds` for e-mail; both are read). */
function idsOf(query: RawQuery): number[] {
  const raw = [...queryList(query, 'docIds'), ...queryList(query, 'docId')];
  if (raw.length > 500) throw badRequest('At most 500 document ids per request.');
  return [...new Set(raw.map(parseDocumentId))];
}

async function exportedFiles(deps: AppDeps, rows: readonly DocumentDetailRow[], embedAnnotations: boolean): Promise<ExportedFile[]> {
  const files: ExportedFile[] = [];
  for (const row of rows) files.push(await exportedFileOf(deps, row, { embedAnnotations }));
  const names = uniqueFileNames(files.map((file) => file.name));
  return files.map((file, index) => ({ ...file, name: names[index] }));
}

/** The headers of a file the browser saves (SECURITY row 4: exact type, nosniff, attachment, RFC 6266 name). */
function attachmentHeaders(reply: FastifyReply, fileName: string, mediaType: string): FastifyReply {
  return reply
    .header('Content-Disposition', contentDisposition(fileName, true, false))
    .header('Content-Security-Policy', 'sandbox')
    .header('Cache-Control', 'private, no-store')
    .type(mediaType);
}

function subjectOf(files: readonly ExportedFile[]): string {
  const names = files.slice(0, 3).map((file) => file.name);
  const more = files.length > 3 ? ` and ${files.length - 3} more` : '';
  return `Documents: ${names.join(', ')}${more}`;
}

function textOf(files: readonly ExportedFile[]): string {
  return ['Attached from Datahaven Documents:', ...files.map((file) => `- ${file.name}`), ''].join('\r\n');
}

async function sendEmlDraft(deps: AppDeps, viewer: Viewer, files: readonly ExportedFile[], reply: FastifyReply): Promise<FastifyReply> {
  const user = await deps.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', viewer.userId)
    .executeTakeFirst();
  const address = user?.email.trim() ?? '';
  const stream = writeEmlDraft({
    from: address === '' ? null : { name: `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim(), address },
    subject: subjectOf(files),
    text: textOf(files),
    date: deps.now(),
    attachments: files.map((file) => ({ name: file.name, mediaType: file.mediaType, open: file.open })),
  });
  return attachmentHeaders(reply, EML_FILE_NAME, 'message/rfc822').send(stream);
}

/** Creates the mailbox draft through Graph; its failures become 502 (413 for a too-large file) with Graph's words. */
async function createGraphDraft(deps: AppDeps, token: string, files: readonly ExportedFile[]): Promise<string> {
  const client = new GraphMailClient({ baseUrl: deps.config.graphBaseUrl, accessToken: token });
  try {
    const draft = await client.createDraft({
      subject: subjectOf(files),
      text: textOf(files),
      attachments: files.map((file) => ({ name: file.name, mediaType: file.mediaType, size: file.size, open: file.open })),
    });
    return draft.webLink;
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    // Never 401: the client would take it for its own token and sign in again.
    if (error.status === 413) throw new HttpError(413, 'PayloadTooLarge', error.message);
    throw new HttpError(502, 'GraphError', `The mail draft could not be created: ${error.message}`);
  }
}

/** The host's Graph token: our header, else the spec's `token` query parameter. */
function graphTokenOf(request: FastifyRequest, query: RawQuery): string | undefined {
  const header = request.headers[GRAPH_TOKEN_HEADER];
  const fromHeader = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
  return fromHeader !== '' ? fromHeader : queryString(query, 'token');
}

async function emailLink(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  query: RawQuery,
  token: string | undefined,
): Promise<FastifyReply> {
  const viewer = viewerOf(request);
  // The per-document `email` access flag is this privilege on a visible document (presenters/accessPresenter.ts).
  const rows = await documentsForExport(deps, viewer, idsOf(query), { privilege: 'Cabinet: Email', forbiddenMessage: EMAIL_FORBIDDEN });
  const files = await exportedFiles(deps, rows, wantsEmbeddedAnnotations(queryString(query, 'embedAnnotations')));
  if (token === undefined) return sendEmlDraft(deps, viewer, files, reply);
  const url = await createGraphDraft(deps, token, files);
  return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(url);
}

/**
 * Download, print and e-mail (issue 4 item 5):
 * - `GET /documents/data?docId[]=…&embedAnnotations=` — up to 10 documents as one streamed zip
 *   (unique names; 'Cabinet: Export Documents', which is every document's `exportFileData`).
 *   One document downloads through `GET /documents/{id}/data?download=true`.
 * - `GET /email-link?docIds[]=…&embedAnnotations=` — an `.eml` draft with the documents attached;
 *   with the host's Graph token (`X-Graph-Token` header or `token` query) a mailbox draft instead,
 *   answered with its URL as text. `POST /email-link` (form body `docIds[]=…`) creates the mailbox draft.
 * - `GET /export/defaults` — `{ embedAnnotations }`: what the calls above do without `embedAnnotations=`
 *   (`DATAHAVEN_EMBED_ANNOTATIONS`), so the client can show the "With annotations" choice as it will apply.
 */
export function registerExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/export/defaults', { schema: { response: okAnswer(ExportDefaultsAnswer) } }, async (request, reply) => {
    viewerOf(request);
    return reply.header('Cache-Control', 'private, no-store').send({ embedAnnotations: embedAnnotationsByDefault() });
  });

  app.get('/documents/data', async (request, reply) => {
    const query = queryOf(request);
    const viewer = viewerOf(request);
    const rows = await documentsForExport(deps, viewer, idsOf(query), {
      privilege: 'Cabinet: Export Documents',
      forbiddenMessage: EXPORT_FORBIDDEN,
    });
    const files = await exportedFiles(deps, rows, wantsEmbeddedAnnotations(queryString(query, 'embedAnnotations')));
    const stream: Readable = writeZip(
      files.map((file) => ({
        name: file.name.replace(/[\\/]/g, '_'),
        open: file.open,
        store: STORED_EXTENSIONS.has(file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()),
      })),
    );
    return attachmentHeaders(reply, ZIP_FILE_NAME, 'application/zip').send(stream);
  });

  app.get('/email-link', async (request, reply) => {
    const query = queryOf(request);
    return emailLink(deps, request, reply, query, graphTokenOf(request, query));
  });

  // The spec's POST takes a non-JSON body: a form, parsed in this scope only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      const form: RawQuery = {};
      for (const [key, value] of new URLSearchParams(String(body))) {
        const existing = form[key];
        form[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
      done(null, form);
    });
    scope.post('/email-link', async (request, reply) => {
      const query = queryOf(request);
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as RawQuery;
      const merged: RawQuery = { ...query, ...body };
      const token = graphTokenOf(request, merged);
      if (token === undefined) throw badRequest('POST /email-link creates a mailbox draft and needs the Graph token of the host (token).');
      return emailLink(deps, request, reply, merged, token);
    });
  });
}
