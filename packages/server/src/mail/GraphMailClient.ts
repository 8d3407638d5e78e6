import type { Readable } from 'node:stream';
import { RETRIABLE_GRAPH_STATUSES, decideRetry, sleepMs } from '../retry';
import type { RetrySettings } from '../retry';

/** A file to attach to a mailbox draft. */
export interface GraphAttachmentSource {
  name: string;
  mediaType: string;
  /** Exact size in bytes (decides inline or upload session, and the Content-Range totals). */
  size: number;
  open(): Readable | Promise<Readable>;
}

/** The draft to create in the signed-in user's mailbox. */
export interface GraphDraftRequest {
  subject: string;
  /** Plain-text body. */
  text: string;
  attachments: readonly GraphAttachmentSource[];
}

/** A reply draft to the message being read, with files attached. */
export interface GraphReplyRequest {
  /** The Graph REST id of the message replied to. */
  messageId: string;
  /** Text put above the quoted message ('' for none). */
  comment: string;
  attachments: readonly GraphAttachmentSource[];
}

/** How one attachment reached the draft. */
export interface GraphAttachmentResult {
  name: string;
  size: number;
  /** `inline`: one fileAttachment under 3 MB; `uploadSession`: PUTs of at most 4 MB. */
  via: 'inline' | 'uploadSession';
  /** Requests that carried its bytes: 1 inline, the number of PUTs otherwise. */
  chunks: number;
}

/** A created draft: its Graph id, the Outlook on the web link that opens it, and how each attachment went. */
export interface GraphDraft {
  id: string;
  webLink: string;
  attachments: GraphAttachmentResult[];
}

/**
 * The port mail drafts go through (HOSTS.md "Microsoft Graph": create draft, add attachment,
 * upload session), so the Graph implementation can change without touching the routes.
 */
export interface MailDraftPort {
  createDraft(request: GraphDraftRequest): Promise<GraphDraft>;
  createReplyDraft(request: GraphReplyRequest): Promise<GraphDraft>;
}

/** Options of a GraphMailClient. */
export interface GraphMailClientOptions {
  /** Graph's base URL without the version, e.g. https://graph.microsoft.com (DATAHAVEN_GRAPH_BASE_URL). */
  baseUrl: string;
  /** The delegated access token (Mail.ReadWrite) the host obtained for the user. */
  accessToken: string;
  /** fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** Time-out of one Graph request (default 60 s). */
  timeoutMs?: number;
  /** Attempts in all when Graph answers 429, 503 or 504 (default 4). */
  maxAttempts?: number;
  /** The longest Retry-After waited for while the user waits (default 10 s); longer fails in words. */
  maxWaitMs?: number;
  /** Wait before a retry Graph gave no Retry-After for; doubled each time (default 500 ms). */
  backoffMs?: number;
  /** How to wait (tests may count the waits). */
  sleep?: (ms: number) => Promise<void>;
}

/** Attachments below this size go inline as `fileAttachment` (HOSTS.md: under 3 MB). */
export const INLINE_ATTACHMENT_LIMIT = 3 * 1024 * 1024;
/** Largest attachment Graph takes through an upload session (150 MB). */
export const MAX_ATTACHMENT_SIZE = 150 * 1024 * 1024;
/** Bytes per PUT of an upload session (HOSTS.md: at most 4 MB). */
export const UPLOAD_CHUNK_SIZE = 4 * 1024 * 1024;

/** Hosts an upload session's URL may point at besides Graph's own: Outlook's attachment session endpoints. */
const UPLOAD_HOST_SUFFIXES = ['.office.com', '.office365.com', '.outlook.com', '.microsoft.com', '.cloud.microsoft'];

/** Graph refused or failed a request; `message` is Graph's own words where it gave some. */
export class GraphError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'GraphError';
    this.status = status;
    this.code = code;
  }
}

/** Refuses a file Outlook could never take before anything is sent. */
function checkSizes(attachments: readonly GraphAttachmentSource[]): void {
  for (const attachment of attachments) {
    if (attachment.size > MAX_ATTACHMENT_SIZE) {
      throw new GraphError(413, 'AttachmentSizeExceeded', `${attachment.name} is larger than the 150 MB an Outlook attachment may be.`);
    }
  }
}

async function readAll(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The stream cut into buffers of exactly `size` bytes (the last may be shorter). */
async function* fixedChunks(source: Readable, size: number): AsyncGenerator<Buffer, void, undefined> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  for await (const chunk of source) {
    let buffer = chunk as Buffer;
    while (pendingLength + buffer.length >= size) {
      const take = size - pendingLength;
      pending.push(buffer.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      pendingLength = 0;
      buffer = buffer.subarray(take);
    }
    if (buffer.length > 0) {
      pending.push(buffer);
      pendingLength += buffer.length;
    }
  }
  if (pendingLength > 0) yield Buffer.concat(pending);
}

/**
 * Microsoft Graph mail drafts over plain fetch (HOSTS.md: the Graph SDK is unmaintained):
 * `POST /v1.0/me/messages` creates the draft (→ id, webLink); each attachment under 3 MB is a
 * `fileAttachment` with `contentBytes`, larger ones (to 150 MB) go through
 * `attachments/createUploadSession` and PUTs of at most 4 MB with `Content-Range`, read from
 * the file as they are sent (one chunk in memory). `createReplyDraft` starts from
 * `…/createReply` instead. Every request is sent again on 429/503/504 after Graph's Retry-After
 * (retry/retryPolicy). The token is the user's delegated Graph token; the upload URL is
 * pre-authenticated, so it gets no Authorization header.
 */
export class GraphMailClient implements MailDraftPort {
  readonly #baseUrl: string;
  readonly #token: string;
  readonly #fetch: typeof fetch | undefined;
  readonly #timeoutMs: number;
  readonly #retry: RetrySettings;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: GraphMailClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.accessToken;
    this.#fetch = options.fetch;
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#retry = {
      maxAttempts: Math.max(1, options.maxAttempts ?? 4),
      maxWaitMs: options.maxWaitMs ?? 10_000,
      backoffMs: options.backoffMs ?? 500,
    };
    this.#sleep = options.sleep ?? sleepMs;
  }

  /** Creates the draft with every attachment and resolves to its id and webLink. */
  async createDraft(request: GraphDraftRequest): Promise<GraphDraft> {
    checkSizes(request.attachments);
    const message = await this.#graph<{ id?: unknown; webLink?: unknown }>('POST', '/v1.0/me/messages', {
      subject: request.subject,
      body: { contentType: 'Text', content: request.text },
      toRecipients: [],
    });
    return this.#attachAll(message, request.attachments);
  }

  /**
   * Creates a reply draft to the message `messageId` (`POST /v1.0/me/messages/{id}/createReply`
   * with `{ comment }`: Outlook fills in the recipient, the "RE:" subject and the quoted
   * message), attaches every file as `createDraft` does and resolves to the draft's id and webLink.
   */
  async createReplyDraft(request: GraphReplyRequest): Promise<GraphDraft> {
    checkSizes(request.attachments);
    const message = await this.#graph<{ id?: unknown; webLink?: unknown }>(
      'POST',
      `/v1.0/me/messages/${encodeURIComponent(request.messageId)}/createReply`,
      { comment: request.comment },
    );
    return this.#attachAll(message, request.attachments);
  }

  async #attachAll(message: { id?: unknown; webLink?: unknown }, attachments: readonly GraphAttachmentSource[]): Promise<GraphDraft> {
    if (typeof message.id !== 'string' || typeof message.webLink !== 'string')
      throw new GraphError(502, 'BadResponse', 'Microsoft Graph did not return the draft.');
    const draft: GraphDraft = { id: message.id, webLink: message.webLink, attachments: [] };
    for (const attachment of attachments) {
      const inline = attachment.size < INLINE_ATTACHMENT_LIMIT;
      const chunks = inline ? await this.#attachInline(draft.id, attachment) : await this.#attachByUploadSession(draft.id, attachment);
      draft.attachments.push({ name: attachment.name, size: attachment.size, via: inline ? 'inline' : 'uploadSession', chunks });
    }
    return draft;
  }

  /** Attaches the file as one fileAttachment; resolves to 1 (the requests that carried its bytes). */
  async #attachInline(messageId: string, attachment: GraphAttachmentSource): Promise<number> {
    const bytes = await readAll(await attachment.open());
    await this.#graph('POST', `/v1.0/me/messages/${encodeURIComponent(messageId)}/attachments`, {
      '@odata.type': '#microsoft.graph.fileAttachment',
      name: attachment.name,
      contentType: attachment.mediaType,
      contentBytes: bytes.toString('base64'),
    });
    return 1;
  }

  /** Attaches the file through an upload session; resolves to the number of PUTs. */
  async #attachByUploadSession(messageId: string, attachment: GraphAttachmentSource): Promise<number> {
    const session = await this.#graph<{ uploadUrl?: unknown }>(
      'POST',
      `/v1.0/me/messages/${encodeURIComponent(messageId)}/attachments/createUploadSession`,
      {
        AttachmentItem: { attachmentType: 'file', name: attachment.name, size: attachment.size, contentType: attachment.mediaType },
      },
    );
    if (typeof session.uploadUrl !== 'string') throw new GraphError(502, 'BadResponse', 'Microsoft Graph did not return an upload URL.');
    const uploadUrl = this.#checkedUploadUrl(session.uploadUrl);
    const source = await attachment.open();
    let offset = 0;
    let puts = 0;
    try {
      for await (const chunk of fixedChunks(source, UPLOAD_CHUNK_SIZE)) {
        const end = offset + chunk.length - 1;
        if (end >= attachment.size) throw new GraphError(500, 'SizeMismatch', `${attachment.name} is larger than its recorded size.`);
        const response = await this.#send(uploadUrl, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes ${offset}-${end}/${attachment.size}` },
          body: new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length),
        });
        if (!response.ok) throw await this.#errorOf(response);
        await response.arrayBuffer();
        offset = end + 1;
        puts += 1;
      }
    } finally {
      source.destroy();
    }
    if (offset !== attachment.size) throw new GraphError(500, 'SizeMismatch', `${attachment.name} is shorter than its recorded size.`);
    return puts;
  }

  /** The upload URL Graph gave, refused unless it is HTTPS on Microsoft's mail hosts or on the configured Graph origin. */
  #checkedUploadUrl(text: string): string {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new GraphError(502, 'BadResponse', 'Microsoft Graph returned an upload URL that is not a URL.');
    }
    const sameOrigin = url.origin === new URL(this.#baseUrl).origin;
    const microsoft = url.protocol === 'https:' && UPLOAD_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix));
    // The bytes of a document go only where the user's mailbox is: never to a host Graph did not vouch for.
    if (!sameOrigin && !microsoft)
      throw new GraphError(502, 'BadResponse', `Microsoft Graph returned an upload URL on an unexpected host (${url.host}).`);
    return url.toString();
  }

  async #graph<T = unknown>(method: 'POST', path: string, body: unknown): Promise<T> {
    const response = await this.#send(`${this.#baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.#token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw await this.#errorOf(response);
    const text = await response.text();
    return (text === '' ? {} : JSON.parse(text)) as T;
  }

  /**
   * One request, sent again while Graph answers 429, 503 or 504, after its Retry-After (the
   * retry policy the app-only GraphClient follows too); the last answer is returned as it is,
   * except that attempts spent or a wait too long become a GraphError in words.
   */
  async #send(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      const response = await this.#sendOnce(url, init);
      if (!RETRIABLE_GRAPH_STATUSES.has(response.status)) return response;
      const decision = decideRetry(this.#retry, attempt, response.headers.get('retry-after'), Date.now());
      if (decision.kind === 'wait') {
        // The refusal's body is read so the connection is free for the next attempt.
        await response.arrayBuffer().catch(() => undefined);
        await this.#sleep(decision.ms);
        continue;
      }
      const failure = await this.#errorOf(response);
      const why =
        decision.kind === 'exhausted'
          ? `Gave up after ${decision.attempts} attempts.`
          : `Graph asked to wait ${Math.ceil(decision.ms / 1000)} s; try again later.`;
      throw new GraphError(failure.status, failure.code, `${failure.message.replace(/\.?$/, '.')} ${why}`);
    }
  }

  async #sendOnce(url: string, init: RequestInit): Promise<Response> {
    const fetchImpl = this.#fetch ?? fetch;
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.#timeoutMs), redirect: 'error' });
    } catch (error) {
      throw new GraphError(
        504,
        'Unreachable',
        `Microsoft Graph could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async #errorOf(response: Response): Promise<GraphError> {
    const text = await response.text().catch(() => '');
    let code = `Http${response.status}`;
    let message = `Microsoft Graph answered ${response.status} ${response.statusText}.`.replace(' .', '.');
    try {
      const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
      if (typeof parsed.error?.code === 'string') code = parsed.error.code;
      if (typeof parsed.error?.message === 'string' && parsed.error.message !== '') message = parsed.error.message;
    } catch {
      // Not Graph's JSON error body: keep the status line.
    }
    return new GraphError(response.status, code, message);
  }
}
