/** A key/value store the host provides (localStorage, sessionStorage, or memory), so core state never touches window storage. */
export interface StoragePort {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
