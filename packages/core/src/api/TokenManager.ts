import { decodeToken, type TokenPayload } from '../model';
import { refreshDelayMs, tokenNeedsRefresh } from '../rules';
import type { TokenRequest, TokenSource } from '../host/HostAdapter';
import { ApiError } from './ApiError';

/** Time functions the manager uses; injectable so tests control time. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock, looked up at call time so fake timers apply. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Options of a TokenManager. */
export interface TokenManagerOptions {
  clock?: Clock;
  /** Called when a scheduled refresh fails (it is retried after the fallback delay). */
  onRefreshError?: (error: unknown) => void;
}

/** A token source that may also push tokens (ERP: parent 'PUT /user/token'). */
export type PushingTokenSource = TokenSource & { onTokenPushed?(listener: (token: string) => void): () => void };

/**
 * Keeps one valid token for the ApiClient (spec §4 "Auth token lifecycle"): answers from the
 * cached token while it has 60 s or more left, asks the host for a new one otherwise (one
 * request at a time), and schedules the next refresh at expiry minus 60 s (5 s fallback).
 * Failures come out as ApiError of kind 'auth'.
 */
export class TokenManager implements TokenSource {
  private readonly source: PushingTokenSource;
  private readonly clock: Clock;
  private readonly onRefreshError: ((error: unknown) => void) | undefined;
  private token: string | null = null;
  private payload: TokenPayload | null = null;
  private inFlight: Promise<string> | null = null;
  private timer: unknown = null;
  private unsubscribePush: (() => void) | null = null;
  private running = false;

  constructor(source: PushingTokenSource, options: TokenManagerOptions = {}) {
    this.source = source;
    this.clock = options.clock ?? systemClock;
    this.onRefreshError = options.onRefreshError;
  }

  /** Starts listening to pushed tokens and keeps the token refreshed on schedule. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribePush = this.source.onTokenPushed?.((token) => this.setToken(token)) ?? null;
    if (this.payload) this.schedule();
  }

  /** Stops the schedule and the push listener (on unmount). */
  stop(): void {
    this.running = false;
    this.unsubscribePush?.();
    this.unsubscribePush = null;
    this.cancelTimer();
  }

  /** The current token's payload, if there is one. */
  get current(): TokenPayload | null {
    return this.payload;
  }

  /** A usable bearer token; with forceRefresh a new one from the host (re-authentication). */
  getToken(options: TokenRequest = { forceRefresh: false }): Promise<string> {
    if (!options.forceRefresh && this.token !== null && this.payload !== null && !tokenNeedsRefresh(this.payload, this.clock.now())) {
      return Promise.resolve(this.token);
    }
    return this.fetchToken(options.forceRefresh);
  }

  /** Takes a token pushed by the host. A token that cannot be read is refused. */
  setToken(token: string): void {
    const payload = decodeToken(token);
    if (payload === null) {
      this.onRefreshError?.(ApiError.auth());
      return;
    }
    this.token = token;
    this.payload = payload;
    if (this.running) this.schedule();
  }

  private fetchToken(forceRefresh: boolean): Promise<string> {
    if (this.inFlight) return this.inFlight;
    const request = this.source
      .getToken({ forceRefresh })
      .then((token) => {
        const payload = decodeToken(token);
        if (payload === null) throw ApiError.auth();
        this.token = token;
        this.payload = payload;
        if (this.running) this.schedule();
        return token;
      })
      .catch((error: unknown) => {
        throw ApiError.auth(error);
      })
      .finally(() => {
        this.inFlight = null;
      });
    this.inFlight = request;
    return request;
  }

  private schedule(delay: number = refreshDelayMs(this.payload, this.clock.now())): void {
    this.cancelTimer();
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.fetchToken(true).catch((error: unknown) => {
        this.onRefreshError?.(error);
        if (this.running) this.schedule(refreshDelayMs(null, this.clock.now()));
      });
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
