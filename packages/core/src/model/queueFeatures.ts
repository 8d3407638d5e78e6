import { FEATURES1, FEATURES2, decodeBits } from './bitSet';
import type { DocumentQueue } from './document';

/** A named flag of the queue feature set 1 (portal spec §6). */
export type Features1Name = keyof typeof FEATURES1;

/** A named flag of the queue feature set 2 (portal spec §6). */
export type Features2Name = keyof typeof FEATURES2;

/** Any named queue feature; the two sets share no name. */
export type QueueFeatureName = Features1Name | Features2Name;

/**
 * A queue's features1 and features2 decoded into one boolean per named feature. The embedded
 * spec's 'BlockApprovalFromQueue' is the bit table's BlockApproveFromQueue.
 */
export type QueueFeatures = Record<QueueFeatureName, boolean>;

/** Decodes a queue's two integer feature sets into named features (embedded §3, portal §6). */
export function decodeQueueFeatures(features1: number, features2: number): QueueFeatures {
  return { ...decodeBits(FEATURES1, features1), ...decodeBits(FEATURES2, features2) };
}

/** Whether a queue (or no queue, which has no features) has the named feature set. */
export function hasQueueFeature(queue: Pick<DocumentQueue, 'features1' | 'features2'> | null | undefined, name: QueueFeatureName): boolean {
  if (!queue) return false;
  return decodeQueueFeatures(queue.features1, queue.features2)[name];
}
