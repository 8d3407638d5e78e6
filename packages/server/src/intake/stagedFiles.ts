import type { AppDeps } from '../services/AppDeps';

/** How many staged-but-uncommitted uploads of this process hold each stored key (the same bytes may be staged twice at once). */
const held = new Map<string, number>();

/** Marks `key` as staged by a request that has not committed or given it up yet: `discardStagedFiles` leaves it alone. */
export function holdStagedFile(key: string): void {
  held.set(key, (held.get(key) ?? 0) + 1);
}

/** Ends holds taken by `holdStagedFile` (the request committed its rows, or gave the files up). */
export function releaseStagedFiles(files: readonly { key: string }[]): void {
  for (const { key } of files) {
    const count = (held.get(key) ?? 0) - 1;
    if (count > 0) held.set(key, count);
    else held.delete(key);
  }
}

/**
 * Gives up staged files that will not become documents (a refused upload: its type, its size, a
 * limit, a later file of the request, the commit itself): releases the holds and removes at once
 * each file no row references and no other staging of this process holds (second attack finding 5).
 * Same bytes staged at this moment by another process on a shared store could lose their file
 * here; the start-up sweep's grace period protects only files it did not refuse. A removal that
 * fails is left to the sweep at the next start.
 */
export async function discardStagedFiles(deps: Pick<AppDeps, 'db' | 'fileStore'>, files: readonly { key: string }[]): Promise<void> {
  releaseStagedFiles(files);
  for (const key of new Set(files.map((file) => file.key))) {
    if (held.has(key)) continue;
    try {
      const row = await deps.db.selectFrom('files').select('sha256').where('sha256', '=', key).executeTakeFirst();
      if (row === undefined && !held.has(key)) await deps.fileStore.remove(key);
    } catch {
      // The refusal is what the caller answers; a file left behind goes at the next start's sweep.
    }
  }
}

/** Runs `commit` over staged files: holds end when it settles, and its failure discards them (the refusal is rethrown). */
export async function committingStagedFiles<T>(
  deps: Pick<AppDeps, 'db' | 'fileStore'>,
  files: readonly { key: string }[],
  commit: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await commit();
  } catch (error) {
    await discardStagedFiles(deps, files);
    throw error;
  }
  releaseStagedFiles(files);
  return result;
}
