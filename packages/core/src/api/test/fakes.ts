import { encodeBase64Url } from '../../model';
import type { TokenRequest, TokenSource } from '../../host/HostAdapter';
import { ApiClient } from '../ApiClient';
import type { UploadXhr, XhrProgressEvent } from '../ApiClient';
import { apiServices } from '../apiServices';
import type { ApiServices } from '../apiServices';

/** A two-part token whose payload expires at `expiresAt` (signature is not checked client-side). */
export function makeToken(expiresAt: number, username = 'clerk'): string {
  const payload = { username, expiration: new Date(expiresAt).toISOString(), passthroughResources: [] };
  return `${encodeBase64Url(JSON.stringify(payload))}.${encodeBase64Url(`sig-${username}-${expiresAt}`)}`;
}

/** A token source that hands out 'token-1', 'token-2', … and records each request. */
export class CountingTokens implements TokenSource {
  readonly requests: TokenRequest[] = [];
  private issued = 0;

  getToken(options: TokenRequest): Promise<string> {
    this.requests.push(options);
    if (options.forceRefresh || this.issued === 0) this.issued++;
    return Promise.resolve(`token-${this.issued}`);
  }
}

/** Every resource over one client on `fetch` with `CountingTokens`: what code outside api/ tests with (it never holds the client). */
export function servicesOverFetch(fetch: typeof globalThis.fetch): ApiServices {
  return apiServices(new ApiClient({ tokens: new CountingTokens(), fetch }));
}

/** A JSON response. */
export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

/** The recorded arguments of one fake-fetch call. */
export interface FetchCall {
  url: string;
  init: RequestInit;
  authorization: string | null;
}

/** A fetch that answers from a queue of handlers, one per call, and records calls. */
export function scriptedFetch(...answers: ((call: FetchCall) => Response | Promise<Response>)[]): {
  fetch: typeof fetch;
  calls: FetchCall[];
} {
  const calls: FetchCall[] = [];
  const fetchFn: typeof fetch = (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = { url, init, authorization: new Headers(init.headers).get('Authorization') };
    calls.push(call);
    const answer = answers[calls.length - 1];
    if (!answer) return Promise.reject(new Error(`unexpected fetch #${calls.length} to ${url}`));
    return Promise.resolve(answer(call));
  };
  return { fetch: fetchFn, calls };
}

/** A fetch that never answers until its signal aborts, like a server that hangs. */
export function hangingFetch(): { fetch: typeof fetch; calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  const fetchFn: typeof fetch = (input, init = {}) => {
    calls.push({ url: String(input), init, authorization: new Headers(init.headers).get('Authorization') });
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
  };
  return { fetch: fetchFn, calls };
}

type Listener<E> = (event: E) => void;

/** A scriptable XMLHttpRequest stand-in for uploads. */
export class FakeXhr implements UploadXhr {
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  sentBody: FormData | null = null;
  aborted = false;
  private responseHeaders: Record<string, string> = {};
  private readonly uploadListeners: { progress: Listener<XhrProgressEvent>[]; load: Listener<XhrProgressEvent>[] } = {
    progress: [],
    load: [],
  };
  private readonly listeners: { load: (() => void)[]; error: (() => void)[]; abort: (() => void)[] } = { load: [], error: [], abort: [] };

  readonly upload = {
    addEventListener: (type: 'progress' | 'load', listener: Listener<XhrProgressEvent>): void => {
      this.uploadListeners[type].push(listener);
    },
  };

  addEventListener(type: 'load' | 'error' | 'abort', listener: () => void): void {
    this.listeners[type].push(listener);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: FormData): void {
    this.sentBody = body;
  }

  abort(): void {
    this.aborted = true;
    for (const listener of this.listeners.abort) listener();
  }

  /** Reports upload progress. */
  progress(loaded: number, total: number): void {
    for (const listener of this.uploadListeners.progress) listener({ loaded, total, lengthComputable: true });
  }

  /** All bytes sent; then the server answers. */
  respond(status: number, body: unknown, statusText = ''): void {
    for (const listener of this.uploadListeners.load) listener({ loaded: 0, total: 0, lengthComputable: false });
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = { 'content-type': 'application/json' };
    for (const listener of this.listeners.load) listener();
  }

  /** The connection failed. */
  fail(): void {
    for (const listener of this.listeners.error) listener();
  }
}

/** Lets pending promise callbacks run. */
export async function flushPromises(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
