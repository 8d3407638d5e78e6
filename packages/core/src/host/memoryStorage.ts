import type { StoragePort } from './StoragePort';

/** A StoragePort kept in memory: for tests and for frames where web storage is blocked. */
export function memoryStorage(initial: Record<string, string> = {}): StoragePort {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}
