import { useEffect, useState } from 'react';
import { LIMITS } from '../../model';

/** The value once it stopped changing for `delayMs` (the spec's 200 ms refresh debounce), so typing asks the server once. */
export function useDebouncedValue<T>(value: T, delayMs: number = LIMITS.refreshDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
