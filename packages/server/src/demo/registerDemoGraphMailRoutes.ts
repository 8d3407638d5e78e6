import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/Config';
import { demoGraphTokenCheck } from './demoGraphTokenCheck';
import { DEMO_GRAPH_MAIL_SCOPE } from './demoOnBehalfOfGrant';
import { demoReadMessage } from './outlook/demoReadMessage';

/** One attachment of a demo draft, as the stand-in received it. */
export interface DemoDraftAttachment {
  name: string;
  contentType: string;
  size: number;
  via: 'inline' | 'uploadSession';
  /** Bytes of each request that carried it (one for inline). */
  chunkSizes: number[];
}

/** A draft in a demo mailbox. */
export interface DemoDraft {
  id: string;
  /** The mailbox owner's Entra object id (from the token). */
  userId: string;
  subject: string;
  /** The received message it replies to (createReply), else null. */
  replyTo: string | null;
  comment: string;
  webLink: string;
  createdAt: string;
  attachments: DemoDraftAttachment[];
}

/** Graph's audiences for its own tokens, by URI and by app id. */
const INLINE_LIMIT = 3 * 1024 * 1024;
const MAX_CHUNK = 4 * 1024 * 1024;
const MAX_ATTACHMENT = 150 * 1024 * 1024;
/** Drafts kept at most (oldest dropped first): the demo runs for days. */
const MAX_DRAFTS = 200;

interface UploadSession {
  draft: DemoDraft;
  name: string;
  contentType: string;
  size: number;
  next: number;
  chunkSizes: number[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function graphError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.status(status).header('Cache-Control', 'no-store').send({ error: { code, message } });
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The origin a loopback client reaches a listening server at (an unspecified address means every interface). */
function loopbackOriginOf(address: AddressInfo): string {
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * The demo's Microsoft Graph mailbox (issue 15 item 3; demo and tests, inside the demo's
 * loopback-only scope), under `/demo/graph/v1.0/me/messages`: every demo user's mailbox holds the
 * message the /demo/outlook simulator reads (demoReadMessage: DEMO_READ_MESSAGE_ID, or the one per
 * invoice number the simulator shows). Takes only a delegated token
 * of the demo Entra ID for Graph with `Mail.ReadWrite` (signature by its key set, issuer,
 * audience, expiry; else 401/403 as Graph words them) and checks request shapes as Graph does:
 * `…/{id}/createReply` `{ comment }` and `POST /me/messages` make drafts; `…/attachments` takes a
 * `#microsoft.graph.fileAttachment` under 3 MB; `…/attachments/createUploadSession` an
 * `AttachmentItem` of 3–150 MB, whose upload URL takes PUTs without Authorization, each at most
 * 4 MB with a Content-Range continuing the last. Violations are answered 400 and recorded.
 * `GET /demo/graph/drafts` lists drafts (attachments' names, sizes, via, chunk sizes) and the
 * violations; a draft's webLink is `/demo/graph/drafts/{id}`, a page showing it;
 * `POST /demo/graph/mail/throttle` `{ count, status: 429|503, retryAfterSeconds }` makes the next
 * mail requests answer that status with Retry-After; `DELETE /demo/graph/drafts` clears.
 * While DATAHAVEN_GRAPH_BASE_URL is unset the demo's mail drafts come here (settled to the
 * listening origin).
 */
export async function registerDemoGraphMailRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const drafts = new Map<string, DemoDraft>();
  const sessions = new Map<string, UploadSession>();
  const violations: string[] = [];
  let throttle: { left: number; status: 429 | 503; seconds: number } = { left: 0, status: 429, seconds: 0 };
  let throttled = 0;

  const demoDefault = `${config.publicUrl}/demo/graph`;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    // Only the demo's default moves; a configured Graph URL stays as it was set.
    if (address !== null && typeof address !== 'string' && config.graphBaseUrl === demoDefault)
      config.graphBaseUrl = `${loopbackOriginOf(address)}/demo/graph`;
  });

  const checkToken = demoGraphTokenCheck(() => config.entra.authority);

  const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`;

  const violation = (reply: FastifyReply, request: FastifyRequest, why: string): FastifyReply => {
    violations.push(`${request.method} ${request.url.split('?')[0]}: ${why}`);
    if (violations.length > 500) violations.splice(0, violations.length - 500);
    return graphError(reply, 400, 'BadRequest', why);
  };

  /** Answers the throttled status when the switch says so; true when it did. */
  const throttledReply = (reply: FastifyReply): FastifyReply | null => {
    if (throttle.left <= 0) return null;
    throttle.left -= 1;
    throttled += 1;
    const words =
      throttle.status === 429
        ? ['TooManyRequests', 'Application is over its MailboxConcurrency limit.']
        : ['ServiceUnavailable', 'The service is temporarily unavailable.'];
    return graphError(reply.header('Retry-After', String(throttle.seconds)), throttle.status, words[0], words[1]);
  };

  /** The mailbox owner of a valid delegated Mail.ReadWrite token, or the refusal sent. */
  const ownerOf = async (request: FastifyRequest, reply: FastifyReply): Promise<string | FastifyReply> => {
    const token = await checkToken(request.headers.authorization);
    if ('refused' in token) return graphError(reply, 401, 'InvalidAuthenticationToken', token.refused);
    const { claims } = token;
    const scopes = typeof claims.scp === 'string' ? claims.scp.split(' ') : [];
    const oid = typeof claims.oid === 'string' ? claims.oid : '';
    // /me needs a user: an app token (roles, no scp) is refused as Graph refuses it.
    if (scopes.length === 0 || oid === '')
      return graphError(reply, 400, 'BadRequest', '/me request is only valid with delegated authentication flow.');
    if (!scopes.includes(DEMO_GRAPH_MAIL_SCOPE))
      return graphError(reply, 403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
    return oid;
  };

  /** The caller's mailbox (a valid delegated token) past the throttle switch, or the refusal sent. */
  const admitted = async (request: FastifyRequest, reply: FastifyReply): Promise<string | FastifyReply> => {
    const owner = await ownerOf(request, reply);
    if (typeof owner !== 'string') return owner;
    return throttledReply(reply) ?? owner;
  };

  /** One of the caller's own drafts, admitted as above, or the refusal sent (404 for another's or a missing one). */
  const ownDraft = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
  ): Promise<{ draft: DemoDraft } | { sent: FastifyReply }> => {
    const owner = await admitted(request, reply);
    if (typeof owner !== 'string') return { sent: owner };
    const draft = drafts.get(id);
    if (draft === undefined || draft.userId !== owner)
      return { sent: graphError(reply, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.') };
    return { draft };
  };

  const newDraft = (request: FastifyRequest, userId: string, subject: string, replyTo: string | null, comment: string): DemoDraft => {
    const id = `AAMkADemoDraft-${randomUUID()}`;
    const draft: DemoDraft = {
      id,
      userId,
      subject,
      replyTo,
      comment,
      // App-relative: the server reaches this mailbox on its loopback address, the user's browser on
      // another (localhost, a public name); an absolute link would be another origin, whose frame the
      // simulator's page may not show (frame-ancestors 'self'). The pane makes it absolute against its own.
      webLink: `/demo/graph/drafts/${id}`,
      createdAt: new Date().toISOString(),
      attachments: [],
    };
    drafts.set(id, draft);
    while (drafts.size > MAX_DRAFTS) drafts.delete(drafts.keys().next().value as string);
    return draft;
  };

  const draftAnswer = (draft: DemoDraft): Record<string, unknown> => ({
    id: draft.id,
    isDraft: true,
    subject: draft.subject,
    webLink: draft.webLink,
  });

  await app.register(async (mail) => {
    mail.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 2 * MAX_CHUNK }, (_request, body, done) =>
      done(null, body),
    );

    mail.post('/demo/graph/v1.0/me/messages', async (request, reply) => {
      const owner = await admitted(request, reply);
      if (typeof owner !== 'string') return owner;
      const body = request.body;
      if (!isRecord(body) || typeof body.subject !== 'string' || !isRecord(body.body) || typeof body.body.content !== 'string') {
        return violation(reply, request, 'A message needs subject and body { contentType, content }.');
      }
      return reply.status(201).send(draftAnswer(newDraft(request, owner, body.subject, null, body.body.content)));
    });

    mail.post<{ Params: { id: string } }>('/demo/graph/v1.0/me/messages/:id/createReply', async (request, reply) => {
      const owner = await admitted(request, reply);
      if (typeof owner !== 'string') return owner;
      const message = demoReadMessage(request.params.id);
      if (message === null) return graphError(reply, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      const body = request.body ?? {};
      if (!isRecord(body) || (body.comment !== undefined && typeof body.comment !== 'string'))
        return violation(reply, request, 'createReply takes { comment } (a string).');
      const comment = typeof body.comment === 'string' ? body.comment : '';
      return reply.status(201).send(draftAnswer(newDraft(request, owner, `RE: ${message.subject}`, message.id, comment)));
    });

    // Base64 of an attachment just under 3 MB is about 4 MB of JSON.
    mail.post<{ Params: { id: string } }>(
      '/demo/graph/v1.0/me/messages/:id/attachments',
      { bodyLimit: 6 * 1024 * 1024 },
      async (request, reply) => {
        const own = await ownDraft(request, reply, request.params.id);
        if ('sent' in own) return own.sent;
        const { draft } = own;
        const body = request.body;
        if (
          !isRecord(body) ||
          body['@odata.type'] !== '#microsoft.graph.fileAttachment' ||
          typeof body.name !== 'string' ||
          body.name === '' ||
          typeof body.contentBytes !== 'string'
        ) {
          return violation(reply, request, 'A fileAttachment needs @odata.type #microsoft.graph.fileAttachment, name and contentBytes.');
        }
        const size = Buffer.from(body.contentBytes, 'base64').length;
        if (size >= INLINE_LIMIT)
          return violation(reply, request, `A fileAttachment must be under 3 MB (${body.name} is ${size} bytes): use an upload session.`);
        draft.attachments.push({
          name: body.name,
          contentType: typeof body.contentType === 'string' ? body.contentType : '',
          size,
          via: 'inline',
          chunkSizes: [size],
        });
        return reply
          .status(201)
          .send({ '@odata.type': '#microsoft.graph.fileAttachment', id: `att-${draft.attachments.length}`, name: body.name, size });
      },
    );

    mail.post<{ Params: { id: string } }>('/demo/graph/v1.0/me/messages/:id/attachments/createUploadSession', async (request, reply) => {
      const own = await ownDraft(request, reply, request.params.id);
      if ('sent' in own) return own.sent;
      const { draft } = own;
      const item = isRecord(request.body) ? request.body.AttachmentItem : undefined;
      if (
        !isRecord(item) ||
        item.attachmentType !== 'file' ||
        typeof item.name !== 'string' ||
        item.name === '' ||
        typeof item.size !== 'number' ||
        !Number.isInteger(item.size)
      ) {
        return violation(reply, request, 'createUploadSession needs AttachmentItem { attachmentType: file, name, size }.');
      }
      if (item.size < INLINE_LIMIT || item.size > MAX_ATTACHMENT)
        return violation(reply, request, `Upload sessions are for attachments of 3 to 150 MB (${item.name} is ${item.size} bytes).`);
      const sessionId = randomUUID();
      sessions.set(sessionId, {
        draft,
        name: item.name,
        contentType: typeof item.contentType === 'string' ? item.contentType : '',
        size: item.size,
        next: 0,
        chunkSizes: [],
      });
      const expires = new Date(Date.now() + 15 * 60 * 1000).toISOString();
      return reply.status(201).send({
        uploadUrl: `${originOf(request)}/demo/graph/upload/${sessionId}`,
        expirationDateTime: expires,
        nextExpectedRanges: ['0-'],
      });
    });

    mail.put<{ Params: { session: string } }>('/demo/graph/upload/:session', async (request, reply) => {
      const stopped = throttledReply(reply);
      if (stopped !== null) return stopped;
      const session = sessions.get(request.params.session);
      if (session === undefined) return graphError(reply, 404, 'ErrorItemNotFound', 'The upload session does not exist or has expired.');
      // The upload URL is pre-authenticated: a bearer token sent there would leak to Outlook's attachment host.
      if (request.headers.authorization !== undefined)
        return violation(reply, request, 'An upload session PUT must not carry Authorization.');
      const body = Buffer.isBuffer(request.body) ? request.body : null;
      if (body === null) return violation(reply, request, 'An upload session PUT sends application/octet-stream bytes.');
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(request.headers['content-range'] ?? ''));
      if (range === null) return violation(reply, request, 'Content-Range is missing or malformed.');
      const [start, end, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
      if (start !== session.next || total !== session.size || end - start + 1 !== body.length) {
        return violation(
          reply,
          request,
          `Content-Range ${start}-${end}/${total} does not continue the upload at ${session.next} of ${session.size} with ${body.length} bytes.`,
        );
      }
      if (body.length > MAX_CHUNK) return violation(reply, request, `A chunk is at most 4 MB (this one is ${body.length} bytes).`);
      session.chunkSizes.push(body.length);
      session.next = end + 1;
      if (session.next < session.size) {
        return reply
          .status(200)
          .send({ expirationDateTime: new Date(Date.now() + 15 * 60 * 1000).toISOString(), nextExpectedRanges: [`${session.next}-`] });
      }
      sessions.delete(request.params.session);
      session.draft.attachments.push({
        name: session.name,
        contentType: session.contentType,
        size: session.size,
        via: 'uploadSession',
        chunkSizes: session.chunkSizes,
      });
      return reply
        .status(201)
        .header(
          'Location',
          `${originOf(request)}/demo/graph/v1.0/me/messages/${session.draft.id}/attachments/att-${session.draft.attachments.length}`,
        )
        .send();
    });
  });

  app.get('/demo/graph/drafts', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ drafts: [...drafts.values()], violations, throttled }),
  );

  app.delete('/demo/graph/drafts', async (_request, reply) => {
    drafts.clear();
    sessions.clear();
    violations.length = 0;
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>('/demo/graph/drafts/:id', async (request, reply) => {
    const draft = drafts.get(request.params.id);
    const page = (title: string, body: string): string =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
    const headers = { 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'" };
    if (draft === undefined)
      return reply
        .status(404)
        .headers(headers)
        .type('text/html; charset=utf-8')
        .send(page('Draft not found', '<h1>Draft not found</h1><p>The demo mailbox holds no such draft.</p>'));
    const rows = draft.attachments
      .map(
        (a) =>
          `<li><span class="name">${escapeHtml(a.name)}</span> — <span class="size">${escapeHtml(sizeText(a.size))}</span> (${a.size} bytes, ${a.via === 'inline' ? 'inline' : `upload session, ${a.chunkSizes.length} chunks`})</li>`,
      )
      .join('');
    const repliedTo = draft.replyTo === null ? null : demoReadMessage(draft.replyTo);
    const body =
      `<h1>${escapeHtml(draft.subject)}</h1>` +
      `<p>Draft in the demo mailbox${repliedTo === null ? '' : `, replying to “${escapeHtml(repliedTo.subject)}” from ${escapeHtml(repliedTo.from.name)} &lt;${escapeHtml(repliedTo.from.address)}&gt;`}.</p>` +
      (draft.comment === '' ? '' : `<p class="comment">${escapeHtml(draft.comment)}</p>`) +
      `<h2>Attachments (${draft.attachments.length})</h2><ul>${rows}</ul>`;
    return reply.headers(headers).type('text/html; charset=utf-8').send(page(draft.subject, body));
  });

  app.post('/demo/graph/mail/throttle', async (request, reply) => {
    // JSON only: a cross-site form cannot send it without a CORS preflight, which this server never grants.
    if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
      return graphError(reply, 415, 'UnsupportedMediaType', 'Send JSON.');
    const body = isRecord(request.body) ? request.body : {};
    const { count, status, retryAfterSeconds } = body;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 20)
      return graphError(reply, 400, 'BadRequest', 'count must be a whole number from 0 to 20.');
    if (status !== 429 && status !== 503) return graphError(reply, 400, 'BadRequest', 'status must be 429 or 503.');
    if (typeof retryAfterSeconds !== 'number' || !Number.isInteger(retryAfterSeconds) || retryAfterSeconds < 0 || retryAfterSeconds > 120) {
      return graphError(reply, 400, 'BadRequest', 'retryAfterSeconds must be a whole number of seconds from 0 to 120.');
    }
    throttle = { left: count, status, seconds: retryAfterSeconds };
    return reply.status(204).send();
  });
}
