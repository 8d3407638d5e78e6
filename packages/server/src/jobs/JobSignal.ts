/**
 * Tells this process's job runner that work was just enqueued, so it claims it at once instead
 * of at its next poll. Commands notify after their transaction commits (never inside it: the
 * runner must see the committed row). Other instances find the job at their next poll; a signal
 * nobody listens to (tests without a runner, CLI tools) costs nothing.
 */
export class JobSignal {
  readonly #listeners = new Set<() => void>();

  /** Calls `listener` on every notify until the returned function is called. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Wakes every listener. */
  notify(): void {
    for (const listener of this.#listeners) listener();
  }
}
