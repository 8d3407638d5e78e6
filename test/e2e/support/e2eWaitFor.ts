import { waitFor } from '../../../packages/server/src/test/waitFor';
import type { WaitForOptions } from '../../../packages/server/src/test/waitFor';

/**
 * How long a browser flow waits for a state by default: a browser, a server and the demo ERP share
 * a busy 2-core machine, so twice the server tests' deadline; still inside the e2e project's
 * 180 s test time-out, so a miss names what it waited for.
 */
const E2E_WAIT_MS = 120_000;

/** `waitFor` (state, never time, with a deadline that names what was awaited) with the browser flows' deadline. */
export function e2eWaitFor<T>(read: () => T | Promise<T>, options: WaitForOptions<T>): Promise<T> {
  return waitFor(read, { timeoutMs: E2E_WAIT_MS, ...options });
}
