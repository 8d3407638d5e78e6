import type { FileStore } from './FileStore';

/**
 * `FileStore.withLocalFile` for several files at once: `fn` gets a path per key (in the order of
 * `keys`), all valid until it settles. Used where one tool reads several stored files together
 * (recombining pages of many PDFs). Repeated keys share one local copy.
 */
export async function withLocalFiles<T>(
  store: FileStore,
  keys: readonly string[],
  fn: (paths: ReadonlyMap<string, string>) => Promise<T>,
): Promise<T> {
  const unique = [...new Set(keys)];
  const paths = new Map<string, string>();
  const hold = async (index: number): Promise<T> => {
    if (index === unique.length) return fn(paths);
    return store.withLocalFile(unique[index], async (path) => {
      paths.set(unique[index], path);
      return hold(index + 1);
    });
  };
  return hold(0);
}
