import type { DatahavenServices } from '../app/DatahavenServices';
import { memoryStorage } from '../../host';
import { SavedSearchStore } from '../../state/SavedSearchStore';
import { TaggedItemsStore } from '../../state/TaggedItemsStore';
import { TaggingModeStore } from '../../state/TaggingModeStore';

/** The search feature's stores of one user in one mounted app. */
export interface SearchStores {
  savedSearches: SavedSearchStore;
  taggingMode: TaggingModeStore;
  taggedItems: TaggedItemsStore;
}

// Keyed by the services object of a mount, so two mounted apps never share a store and a store
// lives exactly as long as its app (the services are the provider scope); inside a mount, by user.
const storesByServices = new WeakMap<DatahavenServices, Map<string, SearchStores>>();
// Stands for "not known yet" in the map; never a storage key (those stores sit in memory).
const UNKNOWN_USER = '\u0000unknown';

/**
 * The search stores of `username` in the mount that owns `services`, created on first use over the
 * host's local storage under keys that name the user (spec §3 local-storage items), so the next
 * user of the same browser sees only their own saved searches and tagged documents. While the user
 * is not known yet (null) the stores are empty and kept in memory: nothing is read or written that
 * could belong to someone else. Tagging mode is per user too: a new user starts with it off.
 */
export function searchStoresOf(services: DatahavenServices, username: string | null): SearchStores {
  let byUser = storesByServices.get(services);
  if (!byUser) {
    byUser = new Map();
    storesByServices.set(services, byUser);
  }
  const key = username ?? UNKNOWN_USER;
  let stores = byUser.get(key);
  if (!stores) {
    const local = username === null ? memoryStorage() : services.host.storage.local;
    const owner = username ?? 'unknown';
    stores = {
      savedSearches: new SavedSearchStore(local, owner),
      taggingMode: new TaggingModeStore(),
      taggedItems: new TaggedItemsStore(local, owner),
    };
    byUser.set(key, stores);
  }
  return stores;
}
