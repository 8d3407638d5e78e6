import type { AppDeps } from '../services/AppDeps';

/** How often expired locks are swept while this process streams: a lock's end shows within this much of the database clock. */
export const LOCK_EXPIRY_SWEEP_MS = 5_000;

/**
 * Deletes the locks whose `expires_at` passed by the database clock, and says how many. A lock
 * expires by time, not by a write, so nothing would announce its end; the delete fires migration
 * 0023's `live_lock_released` trigger, which writes the `unlock` change in this transaction (and
 * on PostgreSQL NOTIFYs every process). An expired lock already counts as none everywhere
 * (access/documentLocks), so removing it changes no answer. Several processes may sweep at once:
 * each row is deleted, and so announced, once; a lock renewed or retaken meanwhile no longer
 * matches the condition when the delete reaches it.
 */
export async function sweepExpiredLocks(deps: AppDeps): Promise<number> {
  const result = await deps.db.deleteFrom('document_locks').where('expires_at', '<=', deps.databaseNow()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sweeps expired locks every `intervalMs` until the answer is called (which waits for a sweep under way). */
export function startLockExpirySweep(deps: AppDeps, intervalMs: number = LOCK_EXPIRY_SWEEP_MS): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // One at a time: a slow database must not pile sweeps up.
    if (running !== null) return;
    running = sweepExpiredLocks(deps)
      .catch(() => 0)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
