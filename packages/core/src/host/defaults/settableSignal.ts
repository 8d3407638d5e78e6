import type { HostSignal } from '../HostAdapter';

/** A host value the host itself sets (a parent message, an SDK event): a signal plus `set`. */
export interface SettableSignal<T> extends HostSignal<T> {
  /** Changes the value; listeners hear it only when it differs from the current one. */
  set(value: T): void;
}

/** Creates a settable signal starting at `initial`; `equal` decides what counts as a change. */
export function settableSignal<T>(initial: T, equal: (a: T, b: T) => boolean = Object.is): SettableSignal<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    current: () => value,
    onChange: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set: (next) => {
      if (equal(value, next)) return;
      value = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}
