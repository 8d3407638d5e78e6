import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readStoredApprovalLists, usesApprovalLists } from './approvalListEditor';

/** Longer approve-to chains than this are not followed (a loop of queues approving into each other ends here). */
const MAX_LEVEL = 50;

/** The queues that approve into each queue (`approve_to_queue_id`), by target: the workflow's levels as configured. */
export type ApproveIntoMap = ReadonlyMap<number, readonly number[]>;

/** The approve-to links read for an approval, and the source queue's segregation-of-duties options. */
export interface ApprovalStructure {
  into: ApproveIntoMap;
  /** The source queue's options (migration 0018); both off for a queue that is gone. */
  approverNotPreparer: boolean;
  oneLevelPerApprover: boolean;
}

/**
 * Every queue's approve-to link, inverted (which queues approve into which), and the options of
 * queue `fromId`, in one read of the queues that have a link plus that one.
 */
export async function readApprovalStructure(db: Kysely<Database>, fromId: number): Promise<ApprovalStructure> {
  const rows = await db
    .selectFrom('queues')
    .select(['id', 'approve_to_queue_id', 'approver_not_preparer', 'one_level_per_approver'])
    .where((eb) => eb.or([eb('approve_to_queue_id', 'is not', null), eb('id', '=', fromId)]))
    .execute();
  const into = new Map<number, number[]>();
  let approverNotPreparer = false;
  let oneLevelPerApprover = false;
  for (const row of rows) {
    if (row.id === fromId) {
      approverNotPreparer = row.approver_not_preparer === 1;
      oneLevelPerApprover = row.one_level_per_approver === 1;
    }
    if (row.approve_to_queue_id !== null) into.set(row.approve_to_queue_id, [...(into.get(row.approve_to_queue_id) ?? []), row.id]);
  }
  return { into, approverNotPreparer, oneLevelPerApprover };
}

/**
 * A queue's approval level as the workflow is configured: 1 for a queue no other queue approves
 * into ('Approval L1'), n + 1 for one that a level-n queue approves into ('Approval L2'); the
 * longest such chain counts, and a loop of queues approving into each other is followed once.
 */
export function queueLevel(into: ApproveIntoMap, queueId: number): number {
  const depth = (id: number, path: ReadonlySet<number>): number => {
    if (path.size >= MAX_LEVEL) return path.size;
    let deepest = 0;
    for (const source of into.get(id) ?? []) {
      if (path.has(source)) continue;
      deepest = Math.max(deepest, depth(source, new Set([...path, source])));
    }
    return deepest + 1;
  };
  return depth(queueId, new Set([queueId]));
}

/**
 * The level each approval of `from` passes (recorded in its history row, issue 35): in a queue
 * that uses approval lists, the approval-list step it passes (after the last step, one more than
 * the list's length); elsewhere the queue's level in the approve-to chain (queueLevel).
 */
export async function approvalLevelsOf(
  db: Kysely<Database>,
  into: ApproveIntoMap,
  from: { id: number; features1: number; features2: number },
  targets: ReadonlyMap<number, { step: number | null }>,
): Promise<Map<number, number>> {
  const levels = new Map<number, number>();
  if (!usesApprovalLists(from)) {
    const level = queueLevel(into, from.id);
    for (const id of targets.keys()) levels.set(id, level);
    return levels;
  }
  const lists = await readStoredApprovalLists(db, [...targets.keys()]);
  for (const [id, target] of targets) levels.set(id, target.step ?? (lists.get(id)?.length ?? 0) + 1);
  return levels;
}
