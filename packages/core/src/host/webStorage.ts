import { memoryStorage } from './memoryStorage';
import type { StoragePort } from './StoragePort';

/**
 * Wraps a browser Storage as a StoragePort. Third-party iframes may refuse web storage (access
 * throws), so a refused or missing store falls back to memory instead of breaking the app.
 */
export function webStorage(getStorage: () => Storage | null | undefined): StoragePort {
  let storage: Storage | null = null;
  try {
    storage = getStorage() ?? null;
    if (storage) {
      const probe = '__datahaven_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
    }
  } catch {
    storage = null;
  }
  if (storage === null) return memoryStorage();
  const store = storage;
  const fallback = memoryStorage();
  return {
    getItem: (key) => {
      try {
        return store.getItem(key);
      } catch {
        return fallback.getItem(key);
      }
    },
    setItem: (key, value) => {
      try {
        store.setItem(key, value);
      } catch {
        // Quota exceeded or storage revoked: keep the value for this page's life.
        fallback.setItem(key, value);
      }
    },
    removeItem: (key) => {
      try {
        store.removeItem(key);
      } catch {
        fallback.removeItem(key);
      }
    },
  };
}
