import { sql } from 'kysely';
import { effectiveMembershipSql, membershipSourcesSql } from './effectiveMembershipSql';
import type { EntitySetDefinition, SourceRow } from '../../http/odata/EntitySetDefinition';
import { queueAccessObjectOf } from './queueAccessObject';
import { intOf, textOf, textOrNullOf } from '../../http/odata/sourceValues';

/** The label of a source in `From`: 'Direct', 'Group:{name}', 'Delegate:{queue}' or 'Default'. */
function sourceLabel(row: SourceRow): string {
  const kind = textOf(row, 'source_kind');
  const name = textOrNullOf(row, 'source_name');
  return name === null ? kind : `${kind}:${name}`;
}

/** Sort rank of a source kind in `From`: the user's own grant first, the default for everyone last. */
const KIND_ORDER: Readonly<Record<string, number>> = { Direct: 0, Group: 1, Delegate: 2, Default: 3 };

/**
 * `EffectiveUserWorkflowQueueMembership` (key UserId, WorkflowQueueId), read-only: one entity per
 * user × queue where the user has any access. Access is the union of every source; `From` lists the
 * sources that contribute, comma-separated, in the order Direct, Group:{name}…, Delegate:{queue}…,
 * Default; `Sources` gives each source with its own Access, so an administrator sees which grant
 * gives which flag.
 */
export const effectiveUserMembershipSet: EntitySetDefinition = {
  name: 'EffectiveUserWorkflowQueueMembership',
  entityType: 'EffectiveUserWorkflowQueueMembership',
  keys: ['UserId', 'WorkflowQueueId'],
  properties: [
    { name: 'UserId', type: 'Edm.Int32', nullable: false, column: 'user_id', filterable: true, sortable: true },
    { name: 'WorkflowQueueId', type: 'Edm.Int32', nullable: false, column: 'queue_id', filterable: true, sortable: true },
    { name: 'Access', type: 'Datahaven.QueueAccess', nullable: false },
    { name: 'From', type: 'Edm.String', nullable: false },
    { name: 'Sources', type: 'Collection(Datahaven.MembershipSource)', nullable: false },
  ],
  source: (databaseNow) => effectiveMembershipSql(databaseNow),
  async present(db, rows, databaseNow) {
    if (rows.length === 0) return [];
    const userIds = [...new Set(rows.map((row) => intOf(row, 'user_id')))];
    const queueIds = [...new Set(rows.map((row) => intOf(row, 'queue_id')))];
    // The page's sources in one query; pairs outside the page are dropped below.
    const sources = await sql<SourceRow>`select * from (${membershipSourcesSql(databaseNow)}) s
      where s.user_id in (${sql.join(userIds)}) and s.queue_id in (${sql.join(queueIds)})`.execute(db);
    const byPair = new Map<string, Map<string, { kind: string; access: number }>>();
    for (const source of sources.rows) {
      const pair = `${intOf(source, 'user_id')}:${intOf(source, 'queue_id')}`;
      const labels = byPair.get(pair) ?? new Map<string, { kind: string; access: number }>();
      const label = sourceLabel(source);
      const entry = labels.get(label) ?? { kind: textOf(source, 'source_kind'), access: 0 };
      entry.access |= intOf(source, 'access');
      labels.set(label, entry);
      byPair.set(pair, labels);
    }
    return rows.map((row) => {
      const labels = [
        ...(
          byPair.get(`${intOf(row, 'user_id')}:${intOf(row, 'queue_id')}`) ?? new Map<string, { kind: string; access: number }>()
        ).entries(),
      ].sort(([a, x], [b, y]) => (KIND_ORDER[x.kind] ?? 9) - (KIND_ORDER[y.kind] ?? 9) || a.localeCompare(b));
      return {
        UserId: intOf(row, 'user_id'),
        WorkflowQueueId: intOf(row, 'queue_id'),
        Access: queueAccessObjectOf(intOf(row, 'access')),
        From: labels.map(([label]) => label).join(', '),
        Sources: labels.map(([label, { access }]) => ({ From: label, Access: queueAccessObjectOf(access) })),
      };
    });
  },
};
