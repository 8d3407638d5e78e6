import type { DatahavenServices } from '../app/DatahavenServices';
import { SavedSearchStore } from '../../state/SavedSearchStore';
import { TaggedItemsStore } from '../../state/TaggedItemsStore';
import { TaggingModeStore } from '../../state/TaggingModeStore';

/** The search feature's stores of one mounted app. */
export interface SearchStores {
  savedSearches: SavedSearchStore;
  taggingMode: TaggingModeStore;
  taggedItems: TaggedItemsStore;
}

// Keyed by the services object of a mount, so two mounted apps never share a store and a store
// lives exactly as long as its app (the services are the provider scope).
const storesByServices = new WeakMap<DatahavenServices, SearchStores>();

/** The search stores of the mount that owns `services`, created on first use over the host's local storage. */
export function searchStoresOf(services: DatahavenServices): SearchStores {
  let stores = storesByServices.get(services);
  if (!stores) {
    const local = services.host.storage.local;
    stores = { savedSearches: new SavedSearchStore(local), taggingMode: new TaggingModeStore(), taggedItems: new TaggedItemsStore(local) };
    storesByServices.set(services, stores);
  }
  return stores;
}
