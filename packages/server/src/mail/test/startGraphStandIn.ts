import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
export interface GraphCall {
  method: string;
  path: string;
  authorization: string | undefined;
  contentRange: string | undefined;
  contentType: string | undefined;
  /** Parsed JSON for JSON bodies, else null. */
  json: unknown;
  bodyLength: number;
}

/** A draft as the stand-in holds it: its fields and attachments reassembled. */
export interface StandInDraft {
  id: string;
  subject: string;
  body: { contentType: string; content: string };
  attachments: { name: string; contentType: string; bytes: Buffer; via: 'inline' | 'uploadSession' }[];
  /** The message it replies to (createReply), with the comment it was given. */
  replyTo?: { messageId: string; comment: string };
}

/** A local Microsoft Graph stand-in for the mail draft calls of HOSTS.md. */
export interface GraphStandIn {
  /** http://127.0.0.1:<port>: what DATAHAVEN_GRAPH_BASE_URL points at in tests. */
  baseUrl: string;
  calls: GraphCall[];
  drafts: Map<string, StandInDraft>;
  /** Shape violations seen (a test expects none). */
  violations: string[];
  /** The token the stand-in accepts. */
  token: string;
  /** The REST id of a received message in the mailbox (what createReply replies to). */
  readMessageId: string;
  /**
   * Makes the next `count` requests answer `status` (429 or 503) with `Retry-After: retryAfterSeconds`;
   * with `only: 'uploads'`, the next `count` upload-session PUTs.
   */
  throttle(count: number, status: 429 | 503, retryAfterSeconds: number, only?: 'uploads'): void;
  /** Requests answered by `throttle` so far. */
  throttled(): number;
  close(): Promise<void>;
}

/** The received message the stand-in's mailbox holds. */
const READ_MESSAGE = { id: 'AAMkAD-received-1=', subject: 'Invoice 4711' };

const MAX_CHUNK = 4 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Starts a stand-in for Graph's mail endpoints on 127.0.0.1 that checks the request shapes of
 * HOSTS.md "Outlook add-in / Read mode": `POST /v1.0/me/messages` (bearer, JSON subject and body)
 * → id + webLink; `POST …/attachments` with a `#microsoft.graph.fileAttachment` under 3 MB;
 * `POST …/attachments/createUploadSession` with `AttachmentItem {attachmentType: 'file', name, size}`
 * → an uploadUrl; PUTs to it without Authorization, each at most 4 MB with a `Content-Range`
 * that continues where the last one ended (200 with nextExpectedRanges, 201 at the end);
 * `POST /v1.0/me/messages/{id}/createReply` `{ comment }` on its one received message → a reply
 * draft. Shape violations are answered 400 and recorded; `throttle` makes the next requests 429/503.
 */
export async function startGraphStandIn(token = 'graph-token-for-tests'): Promise<GraphStandIn> {
  const calls: GraphCall[] = [];
  const drafts = new Map<string, StandInDraft>();
  const violations: string[] = [];
  const sessions = new Map<
    string,
    { draftId: string; name: string; size: number; contentType: string; received: Buffer[]; next: number }
  >();
  let counter = 0;
  let baseUrl = '';
  let throttleLeft = 0;
  let throttleStatus: 429 | 503 = 429;
  let throttleSeconds = 0;
  let throttleOnlyUploads = false;
  let throttledCount = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', baseUrl);
      let json: unknown = null;
      if ((request.headers['content-type'] ?? '').startsWith('application/json')) {
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          violations.push(`${request.method} ${url.pathname}: body is not JSON`);
        }
      }
      calls.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
        contentRange: request.headers['content-range'],
        contentType: request.headers['content-type'],
        json,
        bodyLength: body.length,
      });
      const refuse = (why: string): void => {
        violations.push(`${request.method} ${url.pathname}: ${why}`);
        send(response, 400, { error: { code: 'BadRequest', message: why } });
      };
      if (throttleLeft > 0 && (!throttleOnlyUploads || url.pathname.startsWith('/upload/'))) {
        throttleLeft -= 1;
        throttledCount += 1;
        response.writeHead(throttleStatus, { 'content-type': 'application/json', 'retry-after': String(throttleSeconds) });
        return response.end(
          JSON.stringify({
            error: {
              code: throttleStatus === 429 ? 'TooManyRequests' : 'ServiceUnavailable',
              message: throttleStatus === 429 ? 'Application is over its MailboxConcurrency limit.' : 'Service unavailable.',
            },
          }),
        );
      }

      const upload = /^\/upload\/([a-z0-9-]+)$/.exec(url.pathname);
      if (upload !== null) {
        const session = sessions.get(upload[1]);
        if (request.method !== 'PUT' || session === undefined) return refuse('unknown upload session');
        if (request.headers.authorization !== undefined) return refuse('an upload session PUT must not carry Authorization');
        const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(request.headers['content-range'] ?? '');
        if (range === null) return refuse('Content-Range missing or malformed');
        const [start, end, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
        if (start !== session.next || total !== session.size || end - start + 1 !== body.length)
          return refuse('Content-Range does not continue the upload');
        if (body.length > MAX_CHUNK) return refuse('chunk larger than 4 MB');
        session.received.push(body);
        session.next = end + 1;
        if (session.next < session.size)
          return send(response, 200, { expirationDateTime: '2099-01-01T00:00:00Z', nextExpectedRanges: [`${session.next}-`] });
        drafts.get(session.draftId)?.attachments.push({
          name: session.name,
          contentType: session.contentType,
          bytes: Buffer.concat(session.received),
          via: 'uploadSession',
        });
        sessions.delete(upload[1]);
        response.writeHead(201, { location: `${baseUrl}/v1.0/me/messages/${session.draftId}/attachments/${counter}` });
        return response.end();
      }

      if (request.headers.authorization !== `Bearer ${token}`) {
        return send(response, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty or invalid.' } });
      }
      if (request.method === 'POST' && url.pathname === '/v1.0/me/messages') {
        if (
          !isRecord(json) ||
          typeof json.subject !== 'string' ||
          !isRecord(json.body) ||
          typeof json.body.content !== 'string' ||
          !['Text', 'HTML', 'text', 'html'].includes(String(json.body.contentType))
        ) {
          return refuse('a message needs subject and body { contentType, content }');
        }
        counter += 1;
        const id = `AAMkAD${counter}-draft=`;
        drafts.set(id, {
          id,
          subject: json.subject,
          body: { contentType: String(json.body.contentType), content: json.body.content },
          attachments: [],
        });
        return send(response, 201, {
          id,
          isDraft: true,
          webLink: `https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(id)}&exvsurl=1&viewmodel=ReadMessageItem`,
        });
      }
      const reply = /^\/v1\.0\/me\/messages\/([^/]+)\/createReply$/.exec(url.pathname);
      if (request.method === 'POST' && reply !== null) {
        const messageId = decodeURIComponent(reply[1]);
        if (messageId !== READ_MESSAGE.id)
          return send(response, 404, { error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' } });
        if (!isRecord(json) || (json.comment !== undefined && typeof json.comment !== 'string'))
          return refuse('createReply takes { comment }');
        counter += 1;
        const id = `AAMkAD${counter}-reply=`;
        const comment = typeof json.comment === 'string' ? json.comment : '';
        drafts.set(id, {
          id,
          subject: `RE: ${READ_MESSAGE.subject}`,
          body: { contentType: 'HTML', content: comment },
          attachments: [],
          replyTo: { messageId, comment },
        });
        return send(response, 201, {
          id,
          isDraft: true,
          subject: `RE: ${READ_MESSAGE.subject}`,
          webLink: `https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(id)}&exvsurl=1&viewmodel=ReadMessageItem`,
        });
      }
      const attachments = /^\/v1\.0\/me\/messages\/([^/]+)\/attachments(\/createUploadSession)?$/.exec(url.pathname);
      if (request.method === 'POST' && attachments !== null) {
        const draft = drafts.get(decodeURIComponent(attachments[1]));
        if (draft === undefined)
          return send(response, 404, { error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' } });
        if (attachments[2] === undefined) {
          if (
            !isRecord(json) ||
            json['@odata.type'] !== '#microsoft.graph.fileAttachment' ||
            typeof json.name !== 'string' ||
            typeof json.contentBytes !== 'string'
          ) {
            return refuse('a fileAttachment needs @odata.type, name and contentBytes');
          }
          const bytes = Buffer.from(json.contentBytes, 'base64');
          if (bytes.length >= 3 * 1024 * 1024) return refuse('a fileAttachment must be under 3 MB');
          draft.attachments.push({ name: json.name, contentType: String(json.contentType ?? ''), bytes, via: 'inline' });
          return send(response, 201, { id: `att-${draft.attachments.length}`, name: json.name, size: bytes.length });
        }
        const item = isRecord(json) ? json.AttachmentItem : undefined;
        if (!isRecord(item) || item.attachmentType !== 'file' || typeof item.name !== 'string' || typeof item.size !== 'number') {
          return refuse('createUploadSession needs AttachmentItem { attachmentType: file, name, size }');
        }
        if (item.size < 3 * 1024 * 1024 || item.size > 150 * 1024 * 1024) return refuse('upload sessions are for 3 to 150 MB');
        counter += 1;
        const sessionId = `s-${counter}`;
        sessions.set(sessionId, {
          draftId: draft.id,
          name: item.name,
          size: item.size,
          contentType: String(item.contentType ?? ''),
          received: [],
          next: 0,
        });
        return send(response, 201, {
          uploadUrl: `${baseUrl}/upload/${sessionId}`,
          expirationDateTime: '2099-01-01T00:00:00Z',
          nextExpectedRanges: ['0-'],
        });
      }
      return refuse('unexpected request');
    })().catch((error: unknown) => {
      violations.push(`stand-in failed: ${String(error)}`);
      send(response, 500, { error: { code: 'StandInFailed', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    calls,
    drafts,
    violations,
    token,
    readMessageId: READ_MESSAGE.id,
    throttle: (count, status, retryAfterSeconds, only) => {
      throttleLeft = count;
      throttleStatus = status;
      throttleSeconds = retryAfterSeconds;
      throttleOnlyUploads = only === 'uploads';
    },
    throttled: () => throttledCount,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
