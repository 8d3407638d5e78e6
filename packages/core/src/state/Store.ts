/** Called when a store's snapshot changed. */
export type StoreListener = () => void;

/**
 * Base of the core's state stores: an immutable snapshot plus subscribe, exactly what React's
 * useSyncExternalStore needs. Each store instance belongs to one provider; none is a module singleton.
 */
export abstract class Store<S> {
  private snapshot: S;
  private readonly listeners = new Set<StoreListener>();

  protected constructor(initial: S) {
    this.snapshot = initial;
  }

  /** Registers a listener; returns the unsubscribe function. */
  readonly subscribe = (listener: StoreListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The current snapshot; the same object until the state changes. */
  readonly getSnapshot = (): S => this.snapshot;

  /** Replaces the snapshot and tells every listener (nothing happens if it is the same object). */
  protected setSnapshot(next: S): void {
    if (Object.is(next, this.snapshot)) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
