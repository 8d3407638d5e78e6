import type { Readable } from 'node:stream';
import { LargeFileUploadTask, ResponseType } from '@microsoft/microsoft-graph-client';
import type { Client, FileObject, Range } from '@microsoft/microsoft-graph-client';
import { DelegatedTokenAuthenticationProvider, GraphCallState, createGraphSdkClient } from '../graph';
import type { GraphSdkClientOptions } from '../graph';
import { sleepMs } from '../retry';
import type { Wording } from '../errors/Wording';
import { mailRefusalsFor } from './mailRefusalsFor';

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

/**
 * Graph refused or failed a request; `message` is Graph's own words where it gave some (as they
 * came, in Graph's language), ours as a `Wording` (`wording`, see errors/DomainError) otherwise.
 */
export class GraphError extends Error {
  readonly status: number;
  readonly code: string;
  /** Our words in any language; null for Graph's own. */
  readonly wording: Wording | null;

  constructor(status: number, code: string, message: string | Wording) {
    super(typeof message === 'string' ? message : message('en'));
    this.name = 'GraphError';
    this.status = status;
    this.code = code;
    this.wording = typeof message === 'string' ? null : message;
  }

  /** The message in `language`: ours worded in it, Graph's as it came. */
  messageIn(language: string): string {
    return this.wording === null ? this.message : this.wording(language);
  }
}

/** Refuses a file Outlook could never take before anything is sent. */
function checkSizes(attachments: readonly GraphAttachmentSource[]): void {
  for (const attachment of attachments) {
    if (attachment.size > MAX_ATTACHMENT_SIZE) {
      const name = attachment.name;
      throw new GraphError(413, 'AttachmentSizeExceeded', (language) => mailRefusalsFor(language).attachmentTooLarge(name));
    }
  }
}

async function readAll(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How a call that got no yes from Graph ended, in Graph's words where it gave some. */
function failureOf(state: GraphCallState, error: unknown): unknown {
  if (state.unreachable !== null) {
    const cause = state.unreachable.error;
    const detail = cause instanceof Error ? cause.message : String(cause);
    return new GraphError(504, 'Unreachable', (language) => mailRefusalsFor(language).graphUnreachable(detail));
  }
  if (state.refusal === null) return state.thrown ?? error;
  const { status, statusText, text } = state.refusal;
  let code = `Http${status}`;
  let message = `Microsoft Graph answered ${status} ${statusText}.`.replace(' .', '.');
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.code === 'string') code = parsed.error.code;
    if (typeof parsed.error?.message === 'string' && parsed.error.message !== '') message = parsed.error.message;
  } catch {
    // Not Graph's JSON error body: keep the status line.
  }
  const stopped = state.stopped;
  if (stopped === null) return new GraphError(status, code, message);
  const why =
    stopped.kind === 'exhausted'
      ? `Gave up after ${stopped.attempts} attempts.`
      : `Graph asked to wait ${Math.ceil(stopped.ms / 1000)} s; try again later.`;
  return new GraphError(status, code, `${message.replace(/\.?$/, '.')} ${why}`);
}

/**
 * An attachment's bytes as the library's LargeFileUploadTask asks for them, range after range,
 * read from the file as they are sent (one chunk in memory). The ranges must continue where the
 * last one ended, and the file must be exactly its recorded size: either way off fails in words
 * before a wrong byte is sent.
 */
class AttachmentSlices implements FileObject<Readable> {
  readonly content: Readable;
  readonly name: string;
  readonly size: number;
  readonly #chunks: AsyncIterator<unknown>;
  #pending: Buffer[] = [];
  #pendingLength = 0;
  #sent = 0;

  constructor(attachment: GraphAttachmentSource, content: Readable) {
    this.content = content;
    this.name = attachment.name;
    this.size = attachment.size;
    this.#chunks = content[Symbol.asyncIterator]();
  }

  /** Bytes sent so far. */
  get sent(): number {
    return this.#sent;
  }

  /** The bytes of `range`, which must start where the last one ended. */
  async sliceFile(range: Range): Promise<Buffer> {
    if (range.minValue !== this.#sent)
      throw new GraphError(
        502,
        'BadResponse',
        `Microsoft Graph asked for ${this.name} from byte ${range.minValue}, but ${this.#sent} bytes were sent.`,
      );
    const length = range.maxValue - range.minValue + 1;
    const bytes = await this.#read(length);
    if (bytes.length < length) throw new GraphError(500, 'SizeMismatch', `${this.name} is shorter than its recorded size.`);
    this.#sent += length;
    if (this.#sent === this.size && (await this.#read(1)).length > 0)
      throw new GraphError(500, 'SizeMismatch', `${this.name} is larger than its recorded size.`);
    return bytes;
  }

  /** Up to `length` bytes (fewer only at the end of the file). */
  async #read(length: number): Promise<Buffer> {
    while (this.#pendingLength < length) {
      const next = await this.#chunks.next();
      if (next.done === true) break;
      const chunk = next.value as Buffer;
      this.#pending.push(chunk);
      this.#pendingLength += chunk.length;
    }
    const all = Buffer.concat(this.#pending);
    const bytes = all.subarray(0, length);
    const rest = all.subarray(bytes.length);
    this.#pending = rest.length > 0 ? [rest] : [];
    this.#pendingLength = rest.length;
    return bytes;
  }
}

/**
 * Microsoft Graph mail drafts through @microsoft/microsoft-graph-client with the server's
 * middleware (graph/createGraphSdkClient: the user's delegated token, Graph's Retry-After within
 * the retry policy, a time-out per request, no redirects), against the configured Graph base URL:
 * `POST /v1.0/me/messages` creates the draft (→ id, webLink); each attachment under 3 MB is a
 * `fileAttachment` with `contentBytes`, larger ones (to 150 MB) go through
 * `attachments/createUploadSession` and the library's LargeFileUploadTask: PUTs of at most 4 MB
 * with `Content-Range`, read from the file as they are sent. `createReplyDraft` starts from
 * `…/createReply` instead. Every request, the PUTs too, is sent again on 429/503/504 after
 * Graph's Retry-After; a wait longer than `maxWaitMs` or the last attempt fails in words. The
 * upload URL is pre-authenticated, so its PUTs go through a client without Authorization.
 */
export class GraphMailClient implements MailDraftPort {
  readonly #baseUrl: string;
  readonly #transport: Omit<GraphSdkClientOptions, 'baseUrl' | 'authentication'>;
  readonly #client: Client;

  constructor(options: GraphMailClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#transport = {
      retry: {
        maxAttempts: Math.max(1, options.maxAttempts ?? 4),
        maxWaitMs: options.maxWaitMs ?? 10_000,
        backoffMs: options.backoffMs ?? 500,
      },
      timeoutMs: options.timeoutMs ?? 60_000,
      // The user waits: a Graph that does not answer is said at once.
      retryUnreachable: false,
      sleep: options.sleep ?? sleepMs,
    };
    this.#client = createGraphSdkClient({
      ...this.#transport,
      baseUrl: this.#baseUrl,
      authentication: new DelegatedTokenAuthenticationProvider(options.accessToken),
    });
  }

  /** Creates the draft with every attachment and resolves to its id and webLink. */
  async createDraft(request: GraphDraftRequest): Promise<GraphDraft> {
    checkSizes(request.attachments);
    const message = await this.#graph<{ id?: unknown; webLink?: unknown }>('/v1.0/me/messages', {
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
    await this.#graph(`/v1.0/me/messages/${encodeURIComponent(messageId)}/attachments`, {
      '@odata.type': '#microsoft.graph.fileAttachment',
      name: attachment.name,
      contentType: attachment.mediaType,
      contentBytes: bytes.toString('base64'),
    });
    return 1;
  }

  /** Attaches the file through an upload session and the library's LargeFileUploadTask; resolves to the number of PUTs. */
  async #attachByUploadSession(messageId: string, attachment: GraphAttachmentSource): Promise<number> {
    const session = await this.#graph<{ uploadUrl?: unknown; expirationDateTime?: unknown }>(
      `/v1.0/me/messages/${encodeURIComponent(messageId)}/attachments/createUploadSession`,
      {
        AttachmentItem: { attachmentType: 'file', name: attachment.name, size: attachment.size, contentType: attachment.mediaType },
      },
    );
    if (typeof session.uploadUrl !== 'string') throw new GraphError(502, 'BadResponse', 'Microsoft Graph did not return an upload URL.');
    const uploadUrl = this.#checkedUploadUrl(session.uploadUrl);
    // The library's PUTs carry no state of their own: this one is theirs, read when one fails.
    const state = new GraphCallState();
    const uploads = createGraphSdkClient({ ...this.#transport, baseUrl: uploadUrl.origin, authentication: 'none', callState: state });
    const file = new AttachmentSlices(attachment, await attachment.open());
    let puts = 0;
    const task = new LargeFileUploadTask(
      uploads,
      file,
      {
        // Relative to the client's base (the URL's origin): the library reads only https URLs as absolute.
        url: `${uploadUrl.pathname}${uploadUrl.search}`,
        expiry: new Date(typeof session.expirationDateTime === 'string' ? session.expirationDateTime : Date.now()),
      },
      { rangeSize: UPLOAD_CHUNK_SIZE, uploadEventHandlers: { progress: () => void (puts += 1) } },
    );
    try {
      await task.upload();
    } catch (error) {
      if (error instanceof GraphError) throw error;
      const failure = failureOf(state, error);
      if (failure instanceof GraphError) throw failure;
      throw new GraphError(
        502,
        'BadResponse',
        `The upload session of ${attachment.name} failed: ${failure instanceof Error ? failure.message : String(failure)}`,
      );
    } finally {
      file.content.destroy();
    }
    if (file.sent !== attachment.size) throw new GraphError(500, 'SizeMismatch', `${attachment.name} is shorter than its recorded size.`);
    return puts;
  }

  /** The upload URL Graph gave, refused unless it is HTTPS on Microsoft's mail hosts or on the configured Graph origin. */
  #checkedUploadUrl(text: string): URL {
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
    return url;
  }

  /** POSTs `body` as JSON to `path` and resolves to Graph's JSON answer; anything but a 2xx is a GraphError in words. */
  async #graph<T = unknown>(path: string, body: unknown): Promise<T> {
    const state = new GraphCallState();
    let response: Response;
    try {
      response = await this.#client
        .api(path)
        .header('Accept', 'application/json')
        .middlewareOptions([state])
        .responseType(ResponseType.RAW)
        .post(body);
    } catch (error) {
      throw failureOf(state, error);
    }
    if (state.refusal !== null) {
      await response.arrayBuffer().catch(() => undefined);
      throw failureOf(state, null);
    }
    const text = await response.text();
    return (text === '' ? {} : JSON.parse(text)) as T;
  }
}
