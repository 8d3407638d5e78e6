import { useServices } from '../app/DatahavenServices';
import { searchStoresOf, type SearchStores } from './searchStores';
import { useSignedInUser } from './useSignedInUser';

/** The search stores (saved searches, tagged items, tagging mode) of the signed-in user of this mount. */
export function useSearchStores(): SearchStores {
  return searchStoresOf(useServices(), useSignedInUser());
}
