import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { viewerOf } from '../../access';
import type { Viewer } from '../../access';
import { EXPORT_ID_PARAMETERS, documentsForExport, exportedFilesOf, wantsEmbeddedAnnotations } from '../../documents';
import type { ExportedFile } from '../../documents';
import { attachmentHeaders } from '../../http/attachmentHeaders';
import { HttpError, badRequest } from '../../http/HttpError';
import { mailRefusalsFor } from '../mailRefusalsFor';
import { parseDocumentIdList, queryOf, queryString } from '../../http/requestHelpers';
import type { RawQuery } from '../../http/requestHelpers';
import type { AppDeps } from '../../services/AppDeps';
import { GraphError, GraphMailClient } from '../GraphMailClient';
import { mailDraftTextFor } from '../mailDraftTextFor';
import { writeEmlDraft } from '../writeEmlDraft';

/** File name of a downloaded e-mail draft. */
export const EML_FILE_NAME = 'Documents.eml';
/** The header our client sends the host's Graph token in (kept out of URLs and logs; the spec's `token` query works too). */
export const GRAPH_TOKEN_HEADER = 'x-graph-token';

const EMAIL_FORBIDDEN = "E-mailing documents needs the 'Cabinet: Email' privilege.";

/** The draft's subject in the caller's language: the first three names, then how many more. */
function subjectOf(files: readonly ExportedFile[], language: string): string {
  const names = files.slice(0, 3).map((file) => file.name);
  return mailDraftTextFor(language).subject(names.join(', '), Math.max(0, files.length - 3));
}

function textOf(files: readonly ExportedFile[], language: string): string {
  return [mailDraftTextFor(language).intro, ...files.map((file) => `- ${file.name}`), ''].join('\r\n');
}

async function sendEmlDraft(
  deps: AppDeps,
  viewer: Viewer,
  files: readonly ExportedFile[],
  reply: FastifyReply,
  language: string,
): Promise<FastifyReply> {
  const user = await deps.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', viewer.userId)
    .executeTakeFirst();
  const address = user?.email.trim() ?? '';
  const stream = writeEmlDraft({
    from: address === '' ? null : { name: `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim(), address },
    subject: subjectOf(files, language),
    text: textOf(files, language),
    date: deps.now(),
    attachments: files.map((file) => ({ name: file.name, mediaType: file.mediaType, open: file.open })),
  });
  return attachmentHeaders(reply, EML_FILE_NAME, 'message/rfc822').send(stream);
}

/** Creates the mailbox draft through Graph; its failures become 502 (413 for a too-large file) with Graph's words. */
async function createGraphDraft(deps: AppDeps, token: string, files: readonly ExportedFile[], language: string): Promise<string> {
  const client = new GraphMailClient({ baseUrl: deps.config.graphBaseUrl, accessToken: token });
  try {
    const draft = await client.createDraft({
      subject: subjectOf(files, language),
      text: textOf(files, language),
      attachments: files.map((file) => ({ name: file.name, mediaType: file.mediaType, size: file.size, open: file.open })),
    });
    return draft.webLink;
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    // Never 401: the client would take it for its own token and sign in again.
    if (error.status === 413) throw new HttpError(413, 'PayloadTooLarge', (language) => error.messageIn(language));
    throw new HttpError(502, 'GraphError', (language) => mailRefusalsFor(language).mailDraftFailed(error.messageIn(language)));
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
  // The per-document `email` access flag is this privilege on a visible document (access/accessPresenter.ts).
  const rows = await documentsForExport(deps, viewer, parseDocumentIdList(query, EXPORT_ID_PARAMETERS), {
    privilege: 'Cabinet: Email',
    forbiddenMessage: EMAIL_FORBIDDEN,
  });
  const files = await exportedFilesOf(deps, rows, wantsEmbeddedAnnotations(queryString(query, 'embedAnnotations')));
  // The draft is the caller's to send: it is worded in the language they read.
  if (token === undefined) return sendEmlDraft(deps, viewer, files, reply, request.language);
  const url = await createGraphDraft(deps, token, files, request.language);
  return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(url);
}

/**
 * E-mail documents (issue 4 item 5):
 * - `GET /email-link?docIds[]=…&embedAnnotations=` — an `.eml` draft with the documents attached;
 *   with the host's Graph token (`X-Graph-Token` header or `token` query) a mailbox draft instead,
 *   answered with its URL as text.
 * - `POST /email-link` (form body `docIds[]=…`) creates the mailbox draft.
 */
export function registerEmailLinkRoutes(app: FastifyInstance, deps: AppDeps): void {
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
      if (token === undefined) throw badRequest((language) => mailRefusalsFor(language).emailLinkNeedsToken);
      return emailLink(deps, request, reply, merged, token);
    });
  });
}
