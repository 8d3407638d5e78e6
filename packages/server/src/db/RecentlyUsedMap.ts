/**
 * A Map that keeps at most `limit` entries and lets the least recently used one go. A Map keeps
 * insertion order, so using an entry moves it last and the first key is always the oldest.
 */
export class RecentlyUsedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** How many entries are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** The value kept for `key`, now the most recently used; undefined when none is kept. */
  use(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` as the most recently used; answers the entry let go to stay within the limit, if any. */
  set(key: K, value: V): [K, V] | undefined {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.limit) return undefined;
    const oldest = this.entries.entries().next().value;
    if (oldest !== undefined) this.entries.delete(oldest[0]);
    return oldest;
  }

  /** Lets `key` go. */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Lets every entry go. */
  clear(): void {
    this.entries.clear();
  }
}
