import type { HostSignal } from '../HostAdapter';

/** A host value that never changes (a host that knows its theme or locale once, at start). */
export function fixedSignal<T>(value: T): HostSignal<T> {
  return { current: () => value, onChange: () => () => undefined };
}
