import { MESSAGES } from '@datahaven/core/rules';

/** A request as a client sends it again: a fresh body each time (a FormData or a stream is used up by the first send). */
export interface RetriedRequest {
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: () => string | FormData;
}

/** The answer a client finally got, and how many sends it took. */
export interface RetriedAnswer {
  status: number;
  text: string;
  headers: Headers;
  attempts: number;
  /** The failures on the way: 'network' (the connection broke) or the status that was retried. */
  retried: string[];
}

/** Statuses a proxy answers when the process behind it died or none was free: the request may go again. */
const PROXY_FAILURES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The longest a client honours Retry-After for one wait (the Idempotency-Key lease is 20 s). */
const MAX_WAIT_MS = 30_000;

/**
 * Sends `request` as a careful client does behind a load balancer: a broken connection or a
 * proxy's 502/503/504 is sent again (a POST with the same Idempotency-Key, so it runs at most
 * once), and a 409 "still in progress" for that key waits the Retry-After the server gave (the
 * lease of the process that took the first send, which may have died) and sends again. Anything
 * else is the answer.
 */
export async function sendRetrying(url: string, request: RetriedRequest, maxAttempts = 40): Promise<RetriedAnswer> {
  const retried: string[] = [];
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { method: request.method, headers: request.headers, body: request.body?.() });
    } catch (error) {
      if (attempt >= maxAttempts) throw new Error(`${request.method} ${url} failed ${attempt} times; last: ${String(error)}`);
      retried.push('network');
      continue;
    }
    const text = await response.text();
    const inProgress = response.status === 409 && text.includes(MESSAGES.idempotencyKeyInProgress);
    if ((PROXY_FAILURES.has(response.status) || inProgress) && attempt < maxAttempts) {
      retried.push(String(response.status));
      const seconds = Number(response.headers.get('retry-after') ?? '0');
      const waitMs = Math.min(MAX_WAIT_MS, Number.isFinite(seconds) ? seconds * 1000 : 0);
      // The server said when the key will be free (or the proxy when to come back): a client honours it.
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      continue;
    }
    return { status: response.status, text, headers: response.headers, attempts: attempt, retried };
  }
}
