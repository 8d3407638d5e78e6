import type { Readable } from 'node:stream';

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

/** A created draft: its Graph id and the Outlook on the web link that opens it. */
export interface GraphDraft {
  id: string;
  webLink: string;
}

/**
 * The port mail drafts go through (HOSTS.md "Microsoft Graph": create draft, add attachment,
 * upload session), so the Graph implementation can change without touching the routes.
 */
export interface MailDraftPort {
  createDraft(request: GraphDraftRequest): Promise<GraphDraft>;
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
 * the file as they are sent (one chunk in memory). The token is the user's delegated Graph
 * token; the upload URL is pre-authenticated, so it gets no Authorization header.
 */
export class GraphMailClient implements MailDraftPort {
  readonly #baseUrl: string;
  readonly #token: string;
  readonly #fetch: typeof fetch | undefined;
  readonly #timeoutMs: number;

  constructor(options: GraphMailClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.accessToken;
    this.#fetch = options.fetch;
    this.#timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** Creates the draft with every attachment and resolves to its id and webLink. */
  async createDraft(request: GraphDraftRequest): Promise<GraphDraft> {
    for (const attachment of request.attachments) {
      if (attachment.size > MAX_ATTACHMENT_SIZE) {
        throw new GraphError(413, 'AttachmentSizeExceeded', `${attachment.name} is larger than the 150 MB an Outlook attachment may be.`);
      }
    }
    const message = await this.#graph<{ id?: unknown; webLink?: unknown }>('POST', '/v1.0/me/messages', {
      subject: request.subject,
      body: { contentType: 'Text', content: request.text },
      toRecipients: [],
    });
    if (typeof message.id !== 'string' || typeof message.webLink !== 'string') throw new GraphError(502, 'BadResponse', 'Microsoft Graph did not return the draft.');
    const draft = { id: message.id, webLink: message.webLink };
    for (const attachment of request.attachments) {
      if (attachment.size < INLINE_ATTACHMENT_LIMIT) await this.#attachInline(draft.id, attachment);
      else await this.#attachByUploadSession(draft.id, attachment);
    }
    return draft;
  }

  async #attachInline(messageId: string, attachment: GraphAttachmentSource): Promise<void> {
    const bytes = await readAll(await attachment.open());
    await this.#graph('POST', `/v1.0/me/messages/${encodeURIComponent(messageId)}/attachments`, {
      '@odata.type': '#microsoft.graph.fileAttachment',
      name: attachment.name,
      contentType: attachment.mediaType,
      contentBytes: bytes.toString('base64'),
    });
  }

  async #attachByUploadSession(messageId: string, attachment: GraphAttachmentSource): Promise<void> {
    const session = await this.#graph<{ uploadUrl?: unknown }>('POST', `/v1.0/me/messages/${encodeURIComponent(messageId)}/attachments/createUploadSession`, {
      AttachmentItem: { attachmentType: 'file', name: attachment.name, size: attachment.size, contentType: attachment.mediaType },
    });
    if (typeof session.uploadUrl !== 'string') throw new GraphError(502, 'BadResponse', 'Microsoft Graph did not return an upload URL.');
    const uploadUrl = this.#checkedUploadUrl(session.uploadUrl);
    const source = await attachment.open();
    let offset = 0;
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
      }
    } finally {
      source.destroy();
    }
    if (offset !== attachment.size) throw new GraphError(500, 'SizeMismatch', `${attachment.name} is shorter than its recorded size.`);
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
    if (!sameOrigin && !microsoft) throw new GraphError(502, 'BadResponse', `Microsoft Graph returned an upload URL on an unexpected host (${url.host}).`);
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

  async #send(url: string, init: RequestInit): Promise<Response> {
    const fetchImpl = this.#fetch ?? fetch;
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.#timeoutMs), redirect: 'error' });
    } catch (error) {
      throw new GraphError(504, 'Unreachable', `Microsoft Graph could not be reached: ${error instanceof Error ? error.message : String(error)}`);
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
