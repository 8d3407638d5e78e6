import { MESSAGES } from '../rules';
import type { TokenRequest } from '../host/HostAdapter';
import { ApiError } from './ApiError';
import { TokenManager } from './TokenManager';
import { flushPromises, makeToken } from './test/fakes';

const START = Date.parse('2030-01-01T10:00:00.000Z');
const HOUR = 3_600_000;

/** A host whose tokens live one hour from the (fake) current time. */
class HourTokens {
  readonly requests: TokenRequest[] = [];
  fail = false;
  private listener: ((token: string) => void) | null = null;

  getToken(options: TokenRequest): Promise<string> {
    this.requests.push(options);
    if (this.fail) return Promise.reject(new Error('parent did not answer'));
    return Promise.resolve(makeToken(Date.now() + HOUR));
  }

  onTokenPushed(listener: (token: string) => void): () => void {
    this.listener = listener;
    return () => {
      this.listener = null;
    };
  }

  push(token: string): void {
    this.listener?.(token);
  }
}

describe('TokenManager', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(START);
  });
  afterEach(() => jest.useRealTimers());

  it('asks the host once and answers from the cached token afterwards', async () => {
    const host = new HourTokens();
    const manager = new TokenManager(host);
    const first = await manager.getToken();
    expect(await manager.getToken()).toBe(first);
    expect(host.requests).toEqual([{ forceRefresh: false }]);
  });

  it('asks for one token even when several calls wait at once', async () => {
    const host = new HourTokens();
    const manager = new TokenManager(host);
    const tokens = await Promise.all([manager.getToken(), manager.getToken(), manager.getToken()]);
    expect(new Set(tokens).size).toBe(1);
    expect(host.requests).toHaveLength(1);
  });

  it('passes forceRefresh through for re-authentication', async () => {
    const host = new HourTokens();
    const manager = new TokenManager(host);
    await manager.getToken();
    await manager.getToken({ forceRefresh: true });
    expect(host.requests).toEqual([{ forceRefresh: false }, { forceRefresh: true }]);
  });

  it('refreshes at expiry minus 60 s, not earlier', async () => {
    const host = new HourTokens();
    const manager = new TokenManager(host);
    manager.start();
    await manager.getToken();
    await jest.advanceTimersByTimeAsync(HOUR - 60_000 - 1);
    expect(host.requests).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(host.requests).toEqual([{ forceRefresh: false }, { forceRefresh: true }]);
    // The new token is scheduled in turn.
    await jest.advanceTimersByTimeAsync(HOUR - 60_000);
    expect(host.requests).toHaveLength(3);
    manager.stop();
  });

  it('retries a failed refresh after the 5 s fallback delay', async () => {
    const host = new HourTokens();
    const errors: unknown[] = [];
    const manager = new TokenManager(host, { onRefreshError: (e) => errors.push(e) });
    manager.start();
    await manager.getToken();
    host.fail = true;
    await jest.advanceTimersByTimeAsync(HOUR - 60_000);
    expect(host.requests).toHaveLength(2);
    expect(errors).toHaveLength(1);
    host.fail = false;
    await jest.advanceTimersByTimeAsync(4_999);
    expect(host.requests).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(host.requests).toHaveLength(3);
    manager.stop();
  });

  it('fetches a new token when the cached one has under 60 s left', async () => {
    const host = new HourTokens();
    const manager = new TokenManager(host);
    manager.setToken(makeToken(START + 59_000));
    await manager.getToken();
    expect(host.requests).toEqual([{ forceRefresh: false }]);
    manager.setToken(makeToken(START + 61_000));
    await manager.getToken();
    expect(host.requests).toHaveLength(1);
  });

  it('takes tokens the host pushes and reschedules from them', async () => {
    const host = new HourTokens();
    const manager = new TokenManager(host);
    manager.start();
    const pushed = makeToken(START + 2 * HOUR, 'approver');
    host.push(pushed);
    expect(await manager.getToken()).toBe(pushed);
    expect(manager.current?.username).toBe('approver');
    await jest.advanceTimersByTimeAsync(2 * HOUR - 60_001);
    expect(host.requests).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(host.requests).toEqual([{ forceRefresh: true }]);
    manager.stop();
    host.push(makeToken(START + 5 * HOUR, 'admin'));
    expect(manager.current?.username).not.toBe('admin');
  });

  it("refuses a token it cannot read with 'Received a bad Authentication token'", async () => {
    const manager = new TokenManager({ getToken: () => Promise.resolve('not-a-token') });
    const error: unknown = await manager.getToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError ? [error.kind, error.message] : []).toEqual(['auth', MESSAGES.badAuthenticationToken]);
  });

  it('stops refreshing after stop()', async () => {
    const host = new HourTokens();
    const manager = new TokenManager(host);
    manager.start();
    await manager.getToken();
    manager.stop();
    await jest.advanceTimersByTimeAsync(2 * HOUR);
    await flushPromises();
    expect(host.requests).toHaveLength(1);
  });
});
