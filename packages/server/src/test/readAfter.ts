/**
 * Reads `read` once `ms` from now, on a timer of this process. Node runs due timers in the order
 * they fall due, so a wait of the code under test that started later and is longer (a retry after
 * Retry-After: 1, set once the refusal arrived) ends after this one, however busy the machine: the
 * read tells what had happened by then. For order assertions ("no retry before the Retry-After
 * ended"), never to measure how long something took.
 */
export function readAfter<T>(ms: number, read: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      try {
        resolve(read());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }, ms);
  });
}
