import { QUEUE_ACCESS_FLAGS } from '../access';
import type { QueueAccessFlag } from '../access';

/** Queue access flags to set (true) or clear (false); flags not named keep their value. */
export type QueueAccessPatch = Partial<Record<QueueAccessFlag, boolean>>;

/** Applies `patch` to the stored bit set `bits` (a new membership or queue starts from 0). */
export function applyQueueAccessPatch(bits: number, patch: QueueAccessPatch): number {
  let result = bits;
  for (const [flag, on] of Object.entries(patch) as [QueueAccessFlag, boolean | undefined][]) {
    if (on === undefined) continue;
    result = on ? result | QUEUE_ACCESS_FLAGS[flag] : result & ~QUEUE_ACCESS_FLAGS[flag];
  }
  return result;
}
