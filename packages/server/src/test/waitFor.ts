/** What a wait is for, and how long it may take. */
export interface WaitForOptions<T> {
  /** What is awaited, as the error says it when the deadline passes ("the search to find both uploads"). */
  what: string;
  /** Accepts an answer of `read`; by default any truthy one. */
  until?: (value: T) => boolean;
  /**
   * How long the state may take to come, default 60 s: a cap against a hang on a busy 2-core CI
   * machine, never a measure of speed, so generous; inside the server tests' 120 s time-out, so
   * that a miss fails with `what` rather than with jest's "Exceeded timeout".
   */
  timeoutMs?: number;
  /** Between two reads, default 20 ms. */
  intervalMs?: number;
}

/** The default deadline of `waitFor`. */
export const WAIT_FOR_TIMEOUT_MS = 60_000;

/**
 * Reads `read` until `until` accepts its answer and resolves to that answer. Tests wait on state,
 * never on a fixed time; and every wait has a deadline of its own, past which it throws an error
 * naming `what` and the last answer read.
 */
export async function waitFor<T>(read: () => T | Promise<T>, options: WaitForOptions<T>): Promise<T> {
  const until = options.until ?? ((value: T) => Boolean(value));
  const timeoutMs = options.timeoutMs ?? WAIT_FOR_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${options.what}; the last read gave ${rendered(value)}.`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}

/** A short rendering of a read value for the time-out's message. */
function rendered(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return String(value);
  }
}
