import { messageTimedOut } from '@datahaven/core';
import { OriginAllowList } from './OriginAllowList';
import {
  parseParentFrameMessage,
  serializeParentFrameMessage,
  type ParentFrameAnswer,
  type ParentFrameMethod,
  type ParentFrameRequest,
} from './ParentFrameMessage';

/** How long a request waits for its answer; the spec's request time-out (§9). */
export const PARENT_FRAME_TIMEOUT_MS = 10_000;

/** Handles a request the parent sends; the returned value becomes the answer's body. */
export type ParentFrameRequestHandler = (body: unknown, request: ParentFrameRequest) => unknown;

/** Settings of a channel. */
export interface ParentFrameChannelOptions {
  /** Origins allowed to be the parent (exact origins or `https://*.domain`). */
  allowedOrigins: readonly string[];
  /** Time-out per request in milliseconds. */
  timeoutMs?: number;
  /** Where dropped messages and handler failures are reported. */
  log?: (message: string, detail?: unknown) => void;
}

/** A request the parent answered with a status outside 2xx. */
export class ParentFrameError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
  ) {
    super(`The parent frame answered ${status} to ${path}.`);
    this.name = 'ParentFrameError';
  }
}

interface Pending {
  path: string;
  resolve: (body: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The iframe's side of the parent-frame protocol (spec §7): JSON-string requests with ids,
 * answers matched by id, a time-out per request, a ready handshake, and messages accepted
 * only from the parent window at an allowed origin (SECURITY.md row 17). Never posts to '*'.
 */
export class ParentFrameChannel {
  private readonly allowList: OriginAllowList;
  private readonly timeoutMs: number;
  private readonly log: (message: string, detail?: unknown) => void;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, ParentFrameRequestHandler>();
  private nextId = 1;
  private parentOrigin: string | null;
  private ready: Promise<void> | null = null;
  private listening = false;

  constructor(
    private readonly win: Window,
    options: ParentFrameChannelOptions,
  ) {
    this.allowList = new OriginAllowList(options.allowedOrigins);
    this.timeoutMs = options.timeoutMs ?? PARENT_FRAME_TIMEOUT_MS;
    this.log = options.log ?? ((message, detail) => console.warn(message, detail));
    this.parentOrigin = this.hasParent() ? this.allowList.parentOriginOf(win) : null;
  }

  /** Starts listening for the parent's messages. */
  start(): void {
    if (this.listening) return;
    this.win.addEventListener('message', this.onMessage);
    this.listening = true;
  }

  /** Stops listening and fails every request still waiting. */
  stop(): void {
    this.win.removeEventListener('message', this.onMessage);
    this.listening = false;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new Error('The parent-frame channel was closed.'));
    }
    this.pending.clear();
    this.ready = null;
  }

  /** The parent's origin once known (from the browser or from its first trusted message). */
  get origin(): string | null {
    return this.parentOrigin;
  }

  /** Answers the parent's `method path` requests; returns a function that removes the handler. */
  on(method: ParentFrameMethod, path: string, handler: ParentFrameRequestHandler): () => void {
    const key = `${method} ${path}`;
    this.handlers.set(key, handler);
    return () => {
      if (this.handlers.get(key) === handler) this.handlers.delete(key);
    };
  }

  /** The ready handshake: `POST /ready`, answered by the parent. Later calls share the first. */
  connect(): Promise<void> {
    if (!this.ready) {
      this.ready = this.send('POST', '/ready', undefined).then(
        () => undefined,
        (error: unknown) => {
          this.ready = null;
          throw error;
        },
      );
    }
    return this.ready;
  }

  /**
   * Sends a request to the parent after the handshake; resolves with the answer's body. A request
   * whose answer takes long by nature (the parent fetching documents) may set its own time-out.
   */
  async request(method: ParentFrameMethod, path: string, body?: unknown, options: { timeoutMs?: number } = {}): Promise<unknown> {
    await this.connect();
    return this.send(method, path, body, options.timeoutMs);
  }

  private hasParent(): boolean {
    return this.win.parent !== this.win;
  }

  private send(method: ParentFrameMethod, path: string, body: unknown, timeoutMs = this.timeoutMs): Promise<unknown> {
    this.start();
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const targets = this.targetOrigins();
      if (!this.hasParent() || targets.length === 0) {
        reject(new Error(this.hasParent() ? 'The parent frame origin is not allowed.' : 'There is no parent frame.'));
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(messageTimedOut(id)));
      }, timeoutMs);
      this.pending.set(id, { path, resolve, reject, timer });
      const text = serializeParentFrameMessage({ id, method, path, body });
      // Before the parent is known, posting to each exact allowed origin is safe: the browser
      // delivers a message only when its target origin matches the parent's.
      for (const origin of targets) this.win.parent.postMessage(text, origin);
    });
  }

  private targetOrigins(): string[] {
    return this.parentOrigin ? [this.parentOrigin] : this.allowList.exactOrigins();
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (!this.hasParent() || event.source !== this.win.parent) return;
    if (!this.allowList.allows(event.origin)) {
      this.log('Ignored a message from a foreign origin.', event.origin);
      return;
    }
    if (this.parentOrigin && event.origin.toLowerCase() !== this.parentOrigin) return;
    const message = parseParentFrameMessage(event.data);
    if (!message) return;
    this.parentOrigin ??= event.origin.toLowerCase();
    if (message.kind === 'answer') this.settle(message.answer);
    else void this.answer(message.request);
  };

  private settle(answer: ParentFrameAnswer): void {
    const entry = this.pending.get(answer.id);
    if (!entry) return;
    this.pending.delete(answer.id);
    clearTimeout(entry.timer);
    if (answer.status >= 200 && answer.status < 300) entry.resolve(answer.body);
    else entry.reject(new ParentFrameError(answer.status, answer.body, entry.path));
  }

  private async answer(request: ParentFrameRequest): Promise<void> {
    const handler = this.handlers.get(`${request.method} ${request.path}`);
    let answer: ParentFrameAnswer;
    if (!handler) {
      answer = { id: request.id, status: 404 };
    } else {
      try {
        const body: unknown = await handler(request.body, request);
        answer = body === undefined ? { id: request.id, status: 200 } : { id: request.id, status: 200, body };
      } catch (error) {
        this.log(`The ${request.method} ${request.path} message from the parent frame failed.`, error);
        answer = { id: request.id, status: 500 };
      }
    }
    if (this.parentOrigin) this.win.parent.postMessage(serializeParentFrameMessage(answer), this.parentOrigin);
  }
}
