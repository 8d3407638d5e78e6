import { messageFunctionsFor, type PreparerRole } from '@datahaven/core/rules';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { invalid } from '../errors/DomainError';
import type { Viewer } from '../access';
import { approvalLevelsOf, queueLevel, readApprovalStructure, type ApproveIntoMap } from './approvalLevels';

/** The source queue of an approval, as segregation of duties reads it. */
export interface SegregatedQueue {
  id: number;
  features1: number;
  features2: number;
}

/**
 * Segregation of duties on an approval (issue 35; docs/SECURITY.md "Approval limits and
 * segregation of duties"), inside the action's write transaction, after its targets are known.
 * Resolves to the level each approval passes (approvalLevels), which its history row records.
 * Per the source queue's options:
 * - ApproverNotPreparer: the approver may not have imported the document (its creator, or an
 *   `upload` / `import` history row of theirs), submitted it (a `submit` row) or coded it (a `link`
 *   row — Link to Existing, Quick Link, New Card, a SmartQueue's match on their import — or the
 *   last value they entered in one of its custom-data fields), ever;
 * - OneLevelPerApprover: the approver may not have approved it at another level in its current
 *   round (since it was last rejected): an `approve` row of theirs from another queue, or at
 *   another recorded level (another approval-list step). Approving again at the same level — sent
 *   back and approved anew — is not a second level.
 * The first document a rule holds for refuses the whole request, 400 in words naming the rule.
 */
export async function assertSegregationOfDuties(
  db: Kysely<Database>,
  viewer: Viewer,
  from: SegregatedQueue,
  targets: ReadonlyMap<number, { step: number | null }>,
): Promise<Map<number, number>> {
  const { into, approverNotPreparer, oneLevelPerApprover } = await readApprovalStructure(db, from.id);
  const levels = await approvalLevelsOf(db, into, from, targets);
  const docIds = [...targets.keys()];
  if (approverNotPreparer) await assertNotPreparer(db, viewer.userId, docIds);
  if (oneLevelPerApprover) await assertOneLevel(db, viewer.userId, from.id, docIds, levels, into);
  return levels;
}

/** ApproverNotPreparer: refuses the first document the user imported, submitted or coded. */
async function assertNotPreparer(db: Kysely<Database>, userId: number, docIds: readonly number[]): Promise<void> {
  const historyOf = (actions: readonly string[]) =>
    sql<number>`exists (select 1 from workflow_history h where h.document_id = d.id and h.user_id = ${userId} and h.action in (${sql.join(
      actions.map((action) => sql.lit(action)),
    )}))`;
  const rows = await db
    .selectFrom('documents as d')
    .select([
      'd.id',
      'd.name',
      sql<number>`case when d.created_by = ${userId} or ${historyOf(['upload', 'import'])} then 1 else 0 end`.as('imported'),
      sql<number>`case when ${historyOf(['submit'])} then 1 else 0 end`.as('submitted'),
      sql<number>`case when ${historyOf(['link'])} or exists (select 1 from custom_values cv where cv.document_id = d.id and cv.updated_by_user_id = ${userId}) then 1 else 0 end`.as(
        'coded',
      ),
    ])
    .where('d.id', 'in', [...docIds])
    .orderBy('d.id')
    .execute();
  for (const row of rows) {
    const role: PreparerRole | null =
      Number(row.imported) === 1 ? 'imported' : Number(row.submitted) === 1 ? 'submitted' : Number(row.coded) === 1 ? 'coded' : null;
    if (role !== null) throw invalid((language) => messageFunctionsFor(language).segregationPreparer(role, row.name));
  }
}

/** OneLevelPerApprover: refuses the first document the user approved at another level in its current round. */
async function assertOneLevel(
  db: Kysely<Database>,
  userId: number,
  fromId: number,
  docIds: readonly number[],
  levels: ReadonlyMap<number, number>,
  into: ApproveIntoMap,
): Promise<void> {
  const rows = await db
    .selectFrom('workflow_history as h')
    .innerJoin('documents as d', 'd.id', 'h.document_id')
    .leftJoin('queues as q', 'q.id', 'h.from_queue_id')
    .select(['h.document_id', 'd.name as document_name', 'h.from_queue_id', 'h.approval_level', 'q.name as queue_name'])
    .where('h.document_id', 'in', [...docIds])
    .where('h.user_id', '=', userId)
    .where('h.action', '=', 'approve')
    // The current round: after the document's last rejection, which sends it back to be approved anew.
    .where(
      'h.id',
      '>',
      sql<number>`coalesce((select max(r.id) from workflow_history r where r.document_id = h.document_id and r.action = 'reject'), 0)`,
    )
    .orderBy('h.document_id')
    .orderBy('h.id')
    .execute();
  for (const row of rows) {
    const level = levels.get(row.document_id);
    if (level === undefined) continue;
    const recorded = row.approval_level === null ? null : Number(row.approval_level);
    if (row.from_queue_id === fromId && (recorded === null || recorded === level)) continue;
    const earlier = recorded ?? (row.from_queue_id === null ? 0 : queueLevel(into, row.from_queue_id));
    throw invalid((language) =>
      messageFunctionsFor(language).segregationOtherLevel(row.document_name, earlier, row.queue_name ?? 'a queue since deleted', level),
    );
  }
}
