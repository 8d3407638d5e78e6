import type { DatahavenServices } from '../app/DatahavenServices';
import { MergeDocumentsStore } from '../../state/MergeDocumentsStore';

// Keyed by the services object of a mount, so two mounted apps never share the list and it lives
// exactly as long as its app (the services are the provider scope).
const storesByServices = new WeakMap<DatahavenServices, MergeDocumentsStore>();

/** The "documents to merge" store of the mount that owns `services`, over the host's local storage. */
export function mergeStoreOf(services: DatahavenServices): MergeDocumentsStore {
  let store = storesByServices.get(services);
  if (!store) {
    store = new MergeDocumentsStore(services.host.storage.local);
    storesByServices.set(services, store);
  }
  return store;
}
