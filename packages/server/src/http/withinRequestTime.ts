import { REQUEST_WORK_MS } from '../config/Config';
import { StillWorkingError } from './StillWorkingError';

/** The `Retry-After` of that 503, in seconds. */
export const REQUEST_WORK_RETRY_AFTER_S = 10;

/**
 * Resolves as `work` does when it settles within `ms`; otherwise rejects with a
 * `StillWorkingError` (503 + Retry-After) and leaves `work` running, so a request never holds a
 * connection for the length of a conversion.
 */
export async function withinRequestTime<T>(work: Promise<T>, ms: number = REQUEST_WORK_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new StillWorkingError(
            'The document is being converted for viewing in the background. Try again shortly.',
            REQUEST_WORK_RETRY_AFTER_S,
          ),
        ),
      ms,
    );
  });
  // The work may fail after the request gave up: nobody awaits it then, so it must not go unhandled.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
