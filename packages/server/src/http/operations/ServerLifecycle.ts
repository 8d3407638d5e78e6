/**
 * Whether this process is stopping: set once by the graceful stop (main.ts `serve`), read by the
 * readiness check, so a load balancer takes the process out of rotation while it drains, and
 * told to whoever must start stopping with it (the job runner hands its jobs back within the bound).
 */
export class ServerLifecycle {
  #draining = false;
  readonly #listeners: (() => void)[] = [];

  /** True once the process began to stop; it never becomes false again. */
  get draining(): boolean {
    return this.#draining;
  }

  /** Calls `listener` once when draining begins (at once when it already has). */
  onDraining(listener: () => void): void {
    if (this.#draining) listener();
    else this.#listeners.push(listener);
  }

  /** Marks the process as stopping: readiness answers 503 from now on; the listeners are told once. */
  beginDraining(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const listener of this.#listeners.splice(0)) listener();
  }
}
