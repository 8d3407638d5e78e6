import { BUILD, LIMITS } from '../model';
import type { TokenSource } from '../host/HostAdapter';
import { ApiError } from './ApiError';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './idempotencyKey';
import { SHOWN_LANGUAGE } from '../locale/shownLanguage';

/** One query-string value; arrays repeat the key (e.g. `'docId[]': [1, 2]`). Null/undefined are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** Query-string parameters of a call. */
export type Query = Readonly<Record<string, QueryValue>>;

/** Options of one call. */
export interface RequestOptions {
  query?: Query;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** Per-call time-out; defaults to the client's (10 s). 0 turns it off. */
  timeoutMs?: number;
}

/** Progress of an upload in bytes, summed over its files. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The progress fields of an XMLHttpRequest progress event. */
export interface XhrProgressEvent {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

/** The part of XMLHttpRequest uploads use; a real XMLHttpRequest fits, and tests can drive a fake. */
export interface UploadXhr {
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  readonly upload: { addEventListener(type: 'progress' | 'load', listener: (event: XhrProgressEvent) => void): void };
  addEventListener(type: 'load' | 'error' | 'abort', listener: () => void): void;
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getResponseHeader(name: string): string | null;
  send(body: FormData): void;
  abort(): void;
}

/** Creates the request object of one upload attempt. */
export type XhrFactory = () => UploadXhr;

/** Options of an ApiClient. */
export interface ApiClientOptions {
  /** Where bearer tokens come from: the host, or a TokenManager in front of it. */
  tokens: TokenSource;
  /** Web-services base path; '/api' by default. */
  baseUrl?: string;
  /** Request time-out in ms; 10 000 by default (spec §9). */
  timeoutMs?: number;
  /** fetch to use; the global one by default (looked up at call time). */
  fetch?: typeof fetch;
  /** XMLHttpRequest factory for uploads; `new XMLHttpRequest()` by default. */
  createXhr?: XhrFactory;
  /** The pauses before an upload whose outcome is unknown is sent again with its key; 1, 2, 4 and 8 s by default. */
  retryDelaysMs?: readonly number[];
}

/** How long an upload keeps asking, beyond its pauses, while the server says its first send is still being processed. */
const IN_PROGRESS_PATIENCE_MS = 120_000;

/** Waits `ms` (0: not at all); an abort ends the wait as the upload's cancellation. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(ApiError.aborted());
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(ApiError.aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
  contentType: string;
}

/**
 * The one way the core talks to the web services (spec §7): bearer token from the host, 10 s
 * time-out, one re-authentication and one retry on 401, and error bodies mapped to ApiError
 * per spec §8. Scoped to its provider; create one per mounted app.
 */
export class ApiClient {
  /** Web-services base path, e.g. '/api'. */
  readonly baseUrl: string;
  private readonly tokens: TokenSource;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly createXhr: XhrFactory;
  private readonly retryDelaysMs: readonly number[];

  constructor(options: ApiClientOptions) {
    this.tokens = options.tokens;
    this.baseUrl = (options.baseUrl ?? BUILD.apiBasePath).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? LIMITS.requestTimeoutMs;
    this.fetchImpl = options.fetch;
    this.createXhr = options.createXhr ?? (() => new XMLHttpRequest());
    this.retryDelaysMs = options.retryDelaysMs ?? [1000, 2000, 4000, 8000];
  }

  /** The full URL of a path under the base (a path already under the base, or absolute, is kept). */
  url(path: string, query?: Query): string {
    const base = this.isResolved(path) ? path : `${this.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
    const search = query ? toSearch(query) : '';
    if (search === '') return base;
    return `${base}${base.includes('?') ? '&' : '?'}${search}`;
  }

  /** The Authorization header for calls made outside this client (e.g. pdf.js range requests). */
  async authorizationHeaders(options: { forceRefresh: boolean } = { forceRefresh: false }): Promise<Record<string, string>> {
    return { Authorization: `Bearer ${await this.bearer(options.forceRefresh)}` };
  }

  /** GET returning parsed JSON. */
  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.json<T>('GET', path, undefined, options);
  }

  /** GET returning the body as text (e.g. the token endpoint). */
  async getText(path: string, options: RequestOptions = {}): Promise<string> {
    const answer = await this.send('GET', path, undefined, options);
    return answer.text;
  }

  /** POST a JSON body, returning parsed JSON. */
  post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.json<T>('POST', path, body, options);
  }

  /** PUT a JSON body, returning parsed JSON. */
  put<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.json<T>('PUT', path, body, options);
  }

  /** DELETE, returning parsed JSON (or null for an empty answer). */
  delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.json<T>('DELETE', path, undefined, options);
  }

  /**
   * An authorized fetch for bytes (document data, thumbnails). The time-out covers the wait for
   * the response headers only, so a long download keeps streaming. Non-2xx answers throw ApiError.
   */
  async authorizedFetch(pathOrUrl: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
    const url = this.url(pathOrUrl);
    const attempt = async (forceRefresh: boolean): Promise<Response> => {
      const token = await this.bearer(forceRefresh);
      const headers = new Headers(init.headers);
      headers.set('Authorization', `Bearer ${token}`);
      headers.set('Accept-Language', SHOWN_LANGUAGE.current());
      return this.withTimeout(init.timeoutMs ?? this.timeoutMs, init.signal ?? undefined, (signal) =>
        this.fetchFn()(url, { ...init, headers, signal }),
      );
    };
    let response = await attempt(false);
    if (response.status === 401) response = await attempt(true);
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw ApiError.fromResponse(response.status, response.statusText, parseBody(text, response.headers.get('content-type') ?? ''));
    }
    return response;
  }

  /**
   * Uploads files as multipart `file` parts with real progress (XMLHttpRequest upload events),
   * the same bearer and, on each send, the same single 401 retry. No time-out: big files take their time;
   * cancel with the signal. Every upload carries an Idempotency-Key of its own; when no success
   * came back but the server may have stored the files (a broken connection, a gateway's 502/504,
   * 409 'still being processed'), it is sent again with that key after 1, 2, 4 and 8 s (and, while
   * the first is still being processed, every 8 s for two minutes more): the server then answers
   * as the first time instead of storing the files twice.
   */
  async upload<T>(
    path: string,
    files: Blob | readonly Blob[],
    query: Query = {},
    onProgress?: (progress: UploadProgress) => void,
    signal?: AbortSignal,
  ): Promise<T> {
    const list: readonly Blob[] = files instanceof Blob ? [files] : files;
    const total = list.reduce((sum, file) => sum + file.size, 0);
    const url = this.url(path, query);
    const idempotencyKey = newIdempotencyKey();
    const sendOnce = async (forceRefresh: boolean): Promise<RawAnswer> => {
      const token = await this.bearer(forceRefresh);
      const form = new FormData();
      for (const file of list) {
        if (typeof File !== 'undefined' && file instanceof File) form.append('file', file, file.name);
        else form.append('file', file);
      }
      return this.sendXhr(url, form, token, idempotencyKey, total, onProgress, signal);
    };
    for (let retry = 0; ; retry += 1) {
      let answer: RawAnswer | null = null;
      let failure: ApiError | null = null;
      try {
        answer = await sendOnce(false);
        if (answer.status === 401) answer = await sendOnce(true);
        if (answer.status >= 200 && answer.status < 300) return this.finish<T>(answer);
        failure = ApiError.fromResponse(answer.status, answer.statusText, parseBody(answer.text, answer.contentType || 'application/json'));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        failure = error;
      }
      // The files may be stored although no success came back (ApiError.outcomeUnknown): sent
      // again with the same key after a pause, the server answers as it did the first time.
      // While the first is still being processed, it is asked again at the last pause for up to
      // two minutes more: giving up then would invite the user to drop the file again (a new key).
      if (!failure.outcomeUnknown || retry >= this.retryDelaysMs.length + this.inProgressRetries(failure)) throw failure;
      await pause(this.retryDelaysMs[Math.min(retry, this.retryDelaysMs.length - 1)], signal);
    }
  }

  /** Extra sends at the last pause while the server says the first is still being processed (two minutes' worth; none without a pause). */
  private inProgressRetries(failure: ApiError): number {
    const last = this.retryDelaysMs.at(-1) ?? 0;
    if (last <= 0 || failure.status !== 409) return 0;
    return Math.floor(IN_PROGRESS_PATIENCE_MS / last);
  }

  private async json<T>(method: Method, path: string, body: unknown, options: RequestOptions): Promise<T> {
    const answer = await this.send(method, path, body, options);
    const value = parseBody(answer.text, answer.contentType || 'application/json');
    return (answer.text === '' ? null : value) as T;
  }

  private async send(method: Method, path: string, body: unknown, options: RequestOptions): Promise<RawAnswer> {
    const url = this.url(path, options.query);
    const attempt = async (forceRefresh: boolean): Promise<RawAnswer> => {
      const token = await this.bearer(forceRefresh);
      const headers: Record<string, string> = {
        Accept: 'application/json',
        // The server answers its messages in the language the screens show (English where it has no other).
        'Accept-Language': SHOWN_LANGUAGE.current(),
        ...options.headers,
        Authorization: `Bearer ${token}`,
      };
      const init: RequestInit = { method, headers };
      if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
      return this.withTimeout(options.timeoutMs ?? this.timeoutMs, options.signal, async (signal) => {
        const response = await this.fetchFn()(url, { ...init, signal });
        return {
          status: response.status,
          statusText: response.statusText,
          text: await response.text(),
          contentType: response.headers.get('content-type') ?? '',
        };
      });
    };
    let answer = await attempt(false);
    if (answer.status === 401) answer = await attempt(true);
    if (answer.status < 200 || answer.status >= 300) {
      throw ApiError.fromResponse(answer.status, answer.statusText, parseBody(answer.text, answer.contentType));
    }
    return answer;
  }

  private finish<T>(answer: RawAnswer): T {
    const value = parseBody(answer.text, answer.contentType || 'application/json');
    if (answer.status < 200 || answer.status >= 300) throw ApiError.fromResponse(answer.status, answer.statusText, value);
    return (answer.text === '' ? null : value) as T;
  }

  /** Runs one attempt under a time-out linked to the caller's signal; maps aborts to ApiError. */
  private async withTimeout<R>(timeoutMs: number, outer: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<R>): Promise<R> {
    if (outer?.aborted) throw ApiError.aborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    const onOuterAbort = (): void => controller.abort();
    outer?.addEventListener('abort', onOuterAbort);
    try {
      return await run(controller.signal);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw ApiError.timeout();
      if (controller.signal.aborted) throw ApiError.aborted();
      throw ApiError.network();
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  private sendXhr(
    url: string,
    form: FormData,
    token: string,
    idempotencyKey: string,
    total: number,
    onProgress: ((progress: UploadProgress) => void) | undefined,
    signal: AbortSignal | undefined,
  ): Promise<RawAnswer> {
    return new Promise<RawAnswer>((resolve, reject) => {
      if (signal?.aborted) {
        reject(ApiError.aborted());
        return;
      }
      const xhr = this.createXhr();
      const onAbort = (): void => xhr.abort();
      const cleanUp = (): void => signal?.removeEventListener('abort', onAbort);
      xhr.open('POST', url);
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Accept-Language', SHOWN_LANGUAGE.current());
      xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
      xhr.upload.addEventListener('progress', (event) =>
        onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : total }),
      );
      xhr.upload.addEventListener('load', () => onProgress?.({ loaded: total, total }));
      xhr.addEventListener('load', () => {
        cleanUp();
        resolve({
          status: xhr.status,
          statusText: xhr.statusText,
          text: xhr.responseText,
          contentType: xhr.getResponseHeader('content-type') ?? '',
        });
      });
      xhr.addEventListener('error', () => {
        cleanUp();
        reject(ApiError.network());
      });
      xhr.addEventListener('abort', () => {
        cleanUp();
        reject(ApiError.aborted());
      });
      signal?.addEventListener('abort', onAbort);
      onProgress?.({ loaded: 0, total });
      xhr.send(form);
    });
  }

  /** A token from the source; its failures become ApiError of kind 'auth'. */
  private async bearer(forceRefresh: boolean): Promise<string> {
    try {
      return await this.tokens.getToken({ forceRefresh });
    } catch (error) {
      throw ApiError.auth(error);
    }
  }

  private fetchFn(): typeof fetch {
    if (this.fetchImpl) return this.fetchImpl;
    return (input, init) => globalThis.fetch(input, init);
  }

  private isResolved(path: string): boolean {
    return /^https?:\/\//.test(path) || path === this.baseUrl || path.startsWith(`${this.baseUrl}/`) || path.startsWith(`${this.baseUrl}?`);
  }
}

/** Serialises query parameters; arrays repeat their key. */
function toSearch(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number | boolean)[]) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params.toString();
}

/** Parses a body as JSON when it looks like JSON; otherwise keeps the text. */
function parseBody(text: string, contentType: string): unknown {
  if (text === '') return null;
  if (contentType.includes('json') || /^\s*[[{"]/.test(text) || text === 'null') {
    try {
      const value: unknown = JSON.parse(text);
      return value;
    } catch {
      return text;
    }
  }
  return text;
}
