import { decideRetry, retryAfterMs, retryBackoffMs } from './retryPolicy';

describe('the retry policy (Graph, ERP entity sources and jobs alike)', () => {
  const settings = { maxAttempts: 4, maxWaitMs: 10_000, backoffMs: 500 };
  const now = Date.parse('2026-03-01T10:00:00Z');

  it('reads Retry-After as seconds or an HTTP date, and nothing else', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs('Sunday, 01-Mar-26 10:00:04 GMT', now)).toBe(4000);
  });

  it('doubles the backoff after each failed attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => retryBackoffMs(settings, attempt))).toEqual([500, 1000, 2000, 4000]);
  });

  it("waits the service's Retry-After, else the backoff; stops when attempts are spent or the wait is too long", () => {
    expect(decideRetry(settings, 1, '2', now)).toEqual({ kind: 'wait', ms: 2000 });
    expect(decideRetry(settings, 2, null, now)).toEqual({ kind: 'wait', ms: 1000 });
    expect(decideRetry(settings, 1, '11', now)).toEqual({ kind: 'tooLong', ms: 11_000 });
    expect(decideRetry(settings, 4, '1', now)).toEqual({ kind: 'exhausted', attempts: 4 });
    // A job waits in the database: no bound on one wait.
    expect(decideRetry({ maxAttempts: 5, backoffMs: 30_000, maxWaitMs: Number.POSITIVE_INFINITY }, 4, null, now)).toEqual({
      kind: 'wait',
      ms: 240_000,
    });
    expect(decideRetry({ maxAttempts: 0, backoffMs: 1, maxWaitMs: 1 }, 1, null, now)).toEqual({ kind: 'exhausted', attempts: 1 });
  });
});
