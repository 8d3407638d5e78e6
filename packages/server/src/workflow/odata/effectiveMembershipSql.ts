import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { QUEUE_ACCESS_FLAGS } from '../../access';

/**
 * SQL: every source of every user's queue access, one row per (user, queue, source) with a
 * non-zero bit set — columns user_id, queue_id, source_kind, source_name, access:
 * - 'Default': the queue's default access, for every user;
 * - 'Direct': the user's own row in queue_user_access;
 * - 'Group': a row of one of the user's groups in queue_group_access (source_name = the group);
 * - 'Delegate': for each delegate from this queue to another whose schedule holds at
 *   `databaseNow` (start null or ≤ now, end null or > now), the user's own and group access on the
 *   delegate's to-queue (source_name = that queue). The to-queue's default access is not carried
 *   over and delegation is not transitive, exactly as access/queueAccess.ts computes a caller's
 *   effective access; the tests hold the two to the same answer.
 * Written here rather than in access/ because it is the administrators' view of every user at
 * once, while the policy answers for one caller inside other queries.
 */
export function membershipSourcesSql(databaseNow: RawBuilder<string>): RawBuilder<unknown> {
  return sql`
    select u.id as user_id, q.id as queue_id, 'Default' as source_kind, cast(null as text) as source_name, q.default_access as access
      from users u cross join queues q
      where q.default_access <> 0
    union all
    select ua.user_id, ua.queue_id, 'Direct', cast(null as text), ua.access
      from queue_user_access ua
      where ua.access <> 0
    union all
    select ug.user_id, ga.queue_id, 'Group', g.name, ga.access
      from queue_group_access ga
      inner join user_groups ug on ug.group_id = ga.group_id
      inner join groups g on g.id = ga.group_id
      where ga.access <> 0
    union all
    select grant_row.user_id, d.from_queue_id, 'Delegate', tq.name, grant_row.access
      from workflow_delegates d
      inner join queues tq on tq.id = d.to_queue_id
      inner join (
        select ua2.user_id, ua2.queue_id, ua2.access from queue_user_access ua2
        union all
        select ug2.user_id, ga2.queue_id, ga2.access from queue_group_access ga2 inner join user_groups ug2 on ug2.group_id = ga2.group_id
      ) grant_row on grant_row.queue_id = d.to_queue_id
      where grant_row.access <> 0
        and (d.starts_at is null or d.starts_at <= ${databaseNow})
        and (d.ends_at is null or d.ends_at > ${databaseNow})`;
}

/** Bitwise OR of `s.access` over a group: SQLite has no bit_or, so per bit max(), summed (as access/queueAccess.ts does). */
const SOURCE_ACCESS_OR = sql.join(
  Object.values(QUEUE_ACCESS_FLAGS).map((bit) => sql`coalesce(max(s.access & ${sql.lit(bit)}), 0)`),
  sql` + `,
);

/**
 * SQL: one row per user × queue where any source grants access — columns user_id, queue_id and
 * access (the OR of the sources' bit sets).
 */
export function effectiveMembershipSql(databaseNow: RawBuilder<string>): RawBuilder<unknown> {
  return sql`select s.user_id, s.queue_id, ${SOURCE_ACCESS_OR} as access
             from (${membershipSourcesSql(databaseNow)}) s
             group by s.user_id, s.queue_id`;
}
