import type { StoragePort } from '../host/StoragePort';

/** Session-storage key of the last visited route (spec §3 "Session storage: last route"). */
export const LAST_ROUTE_KEY = 'lastRoute';

/** Keeps the last visited route in session storage through the host's StoragePort. */
export class LastRouteStore {
  private readonly storage: StoragePort;

  constructor(storage: StoragePort) {
    this.storage = storage;
  }

  /** The stored route, or null. */
  get(): string | null {
    const value = this.storage.getItem(LAST_ROUTE_KEY);
    return value === null || value === '' ? null : value;
  }

  /** Remembers a route (path plus query), ignoring anything that is not an app path. */
  set(route: string): void {
    if (!route.startsWith('/') || route.startsWith('//')) return;
    this.storage.setItem(LAST_ROUTE_KEY, route);
  }

  /** Forgets the stored route. */
  clear(): void {
    this.storage.removeItem(LAST_ROUTE_KEY);
  }

  /** Reads and clears the stored route, when it passes `isValid` (spec §2 /workflow2: redirect, then clear). */
  take(isValid: (route: string) => boolean = () => true): string | null {
    const route = this.get();
    if (route === null || !isValid(route)) return null;
    this.clear();
    return route;
  }
}
