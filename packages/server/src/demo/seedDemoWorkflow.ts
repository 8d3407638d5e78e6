import { FEATURES1, FEATURES2, encodeBits, type BitTable } from '@datahaven/core/model';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ALL_QUEUE_ACCESS, encodeQueueAccess } from '../access';
import {
  DEMO_QUEUE_GROUP_ACCESS,
  DEMO_QUEUE_TYPE_NAME,
  DEMO_QUEUE_USER_ACCESS,
  DEMO_QUEUES,
  DEMO_ROUTES,
  type DemoQueueAccess,
  type DemoQueueName,
} from './demoWorld';

/**
 * Flags the AP clerks need in their queues since split, recombination, merge and delete check the
 * queue's flags: the thumbnail split (SplitAdvanced) and deleting originals (Delete), which their
 * privileges already allow. Added here so the clerks keep working their queues.
 */
const CLERK_PAGE_WORK_ACCESS = encodeQueueAccess(['SplitAdvanced', 'Delete']);

function accessBits(access: DemoQueueAccess): number {
  return access === 'all' ? ALL_QUEUE_ACCESS : encodeQueueAccess(access);
}

function flagsOf<T extends BitTable>(bits: T, names: readonly (keyof T)[]): number {
  const flags: Partial<Record<keyof T, boolean>> = {};
  for (const name of names) flags[name] = true;
  return encodeBits(bits, flags);
}

/**
 * Seeds the 'AP Invoices' workflow of the demo world inside the caller's transaction: the
 * queue type, its six queues with features, approve-to / reject-to and segregation of duties, the routes between them
 * and the group and user memberships. Users and groups must exist already. Resolves to the
 * queue ids by name, for placing the demo documents.
 */
export async function seedDemoWorkflow(trx: Transaction<Database>): Promise<Map<DemoQueueName, number>> {
  const { id: queueTypeId } = await trx
    .insertInto('queue_types')
    .values({ name: DEMO_QUEUE_TYPE_NAME })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Queues point at each other (Approval L1 → L2 → Approved), so insert first, link second.
  const queueIds = new Map<DemoQueueName, number>();
  for (const queue of DEMO_QUEUES) {
    const { id } = await trx
      .insertInto('queues')
      .values({
        name: queue.name,
        queue_type_id: queueTypeId,
        approve_to_queue_id: null,
        reject_to_queue_id: null,
        features1: flagsOf(FEATURES1, queue.features1),
        features2: flagsOf(FEATURES2, queue.features2),
        default_access: 0,
        approver_not_preparer: queue.segregationOfDuties === true ? 1 : 0,
        one_level_per_approver: queue.segregationOfDuties === true ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    queueIds.set(queue.name, id);
  }
  const idOf = (name: DemoQueueName): number => {
    const id = queueIds.get(name);
    if (id === undefined) throw new Error(`Demo seed: queue ${name} is missing`);
    return id;
  };
  for (const queue of DEMO_QUEUES) {
    if (queue.approveTo === null && queue.rejectTo === null) continue;
    await trx
      .updateTable('queues')
      .set({
        approve_to_queue_id: queue.approveTo === null ? null : idOf(queue.approveTo),
        reject_to_queue_id: queue.rejectTo === null ? null : idOf(queue.rejectTo),
      })
      .where('id', '=', idOf(queue.name))
      .execute();
  }

  for (const [from, to] of DEMO_ROUTES) {
    await trx
      .insertInto('routes')
      .values({ from_queue_id: idOf(from), to_queue_id: idOf(to) })
      .execute();
  }

  const groups = new Map((await trx.selectFrom('groups').select(['id', 'name']).execute()).map((g) => [g.name, g.id]));
  for (const membership of DEMO_QUEUE_GROUP_ACCESS) {
    const groupId = groups.get(membership.group);
    if (groupId === undefined) throw new Error(`Demo seed: group ${membership.group} is missing`);
    const extra = membership.group === 'AP Clerks' ? CLERK_PAGE_WORK_ACCESS : 0;
    await trx
      .insertInto('queue_group_access')
      .values({ group_id: groupId, queue_id: idOf(membership.queue), access: accessBits(membership.access) | extra })
      .execute();
  }
  const users = new Map((await trx.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
  for (const membership of DEMO_QUEUE_USER_ACCESS) {
    const userId = users.get(membership.username);
    if (userId === undefined) throw new Error(`Demo seed: user ${membership.username} is missing`);
    await trx
      .insertInto('queue_user_access')
      .values({ user_id: userId, queue_id: idOf(membership.queue), access: accessBits(membership.access) })
      .execute();
  }
  return queueIds;
}
