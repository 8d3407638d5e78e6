import { PRIVILEGE_NAMES } from '@datahaven/core/model';
import type { PrivilegeName } from '@datahaven/core/model';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { isPrivilegeName } from './privileges';
import { ALL_QUEUE_ACCESS } from './queueAccessFlags';

/** A user and their rights as one statement read them: what every request needs of its caller. */
export interface CallerRights {
  userId: number;
  username: string;
  disabled: boolean;
  /** users.data_area_id trimmed (the spec's User.DataAreaId); null when the user has none. */
  ownDataAreaId: string | null;
  /** The privileges the user holds: a direct grant wins, else any group's (DOMAIN.md). */
  privileges: ReadonlySet<PrivilegeName>;
  /** Per queue, the OR of the user's own and group access, delegates resolved; grant bits outside the known flags never count. */
  queueGrants: ReadonlyMap<number, number>;
}

/** Which user: by name (a token's subject) or by id. */
export type CallerKey = { username: string } | { userId: number };

interface RightsRow {
  kind: 'u' | 'q' | 'p';
  num: number | string | null;
  value: number | string | null;
  text1: string | null;
  text2: string | null;
}

/**
 * Reads a user, their privileges and their queue grants in one statement (undefined: no such
 * user). Why one: a request used to spend three or four statements on this (the user, then
 * privileges and grants side by side, then the data area) before its own work began — each a
 * round trip and, on PostgreSQL, a bind/execute cycle in both processes. Read fresh for every
 * request, never cached: a change of rights applies from the next request on (SECURITY row 15).
 * The union's rows: 'u' the user (id, disabled, name, data area), 'q' a grant (queue, access; a
 * delegate's schedule judged at `databaseNow`), 'p' a privilege (value 1 when held).
 */
export async function readCallerRights(
  db: Kysely<Database>,
  key: CallerKey,
  databaseNow: RawBuilder<string>,
): Promise<CallerRights | undefined> {
  const who = 'username' in key ? sql`username = ${key.username}` : sql`id = ${key.userId}`;
  const result = await sql<RightsRow>`with u as (select id, username, disabled, data_area_id from users where ${who}),
    g as (
      select ua.queue_id, ua.access from queue_user_access ua inner join u on ua.user_id = u.id
      union all
      select ga.queue_id, ga.access from queue_group_access ga
        inner join user_groups ug on ug.group_id = ga.group_id inner join u on ug.user_id = u.id
    )
    select 'u' as kind, u.id as num, u.disabled as value, u.username as text1, u.data_area_id as text2 from u
    union all
    select 'q', g.queue_id, g.access, null, null from g
    union all
    select 'q', dl.from_queue_id, g.access, null, null from workflow_delegates dl inner join g on g.queue_id = dl.to_queue_id
      where (dl.starts_at is null or dl.starts_at <= ${databaseNow}) and (dl.ends_at is null or dl.ends_at > ${databaseNow})
    union all
    select 'p', null, coalesce(
        (select up.value from user_privileges up inner join u on up.user_id = u.id where up.privilege_id = p.id),
        (select max(gp.value) from group_privileges gp inner join user_groups ug on ug.group_id = gp.group_id
           inner join u on ug.user_id = u.id where gp.privilege_id = p.id),
        0), p.name, null from privileges p`.execute(db);
  let user: RightsRow | undefined;
  const privileges = new Set<PrivilegeName>();
  const queueGrants = new Map<number, number>();
  for (const row of result.rows) {
    if (row.kind === 'u') user = row;
    else if (row.kind === 'q') {
      const queueId = Number(row.num);
      queueGrants.set(queueId, (queueGrants.get(queueId) ?? 0) | (Number(row.value) & ALL_QUEUE_ACCESS));
    } else if (Number(row.value) === 1 && row.text1 !== null && isPrivilegeName(row.text1)) privileges.add(row.text1);
  }
  if (user === undefined) return undefined;
  const area = user.text2?.trim() ?? '';
  return {
    userId: Number(user.num),
    username: user.text1 ?? '',
    disabled: Number(user.value) === 1,
    ownDataAreaId: area === '' ? null : area,
    // In the spec's order, as effectivePrivileges reported them.
    privileges: new Set(PRIVILEGE_NAMES.filter((name) => privileges.has(name))),
    queueGrants,
  };
}
