import { PRIVILEGE_NAMES } from '@datahaven/core/model';
import type { PrivilegeName } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Whether `name` is one of the spec's privilege names. */
export function isPrivilegeName(name: string): name is PrivilegeName {
  return (PRIVILEGE_NAMES as readonly string[]).includes(name);
}

/**
 * Effective privileges of a user for the given names, in one query: direct grants ∪ grants
 * through groups, where an explicit direct `false` wins (DOMAIN.md).
 */
export async function effectivePrivileges(
  db: Kysely<Database>,
  userId: number,
  names: readonly PrivilegeName[],
): Promise<Map<PrivilegeName, boolean>> {
  const result = new Map<PrivilegeName, boolean>();
  for (const name of names) result.set(name, false);
  if (names.length === 0) return result;
  const rows = await db
    .selectFrom('privileges as p')
    .select((eb) => [
      'p.name',
      eb
        .selectFrom('user_privileges as up')
        .select('up.value')
        .whereRef('up.privilege_id', '=', 'p.id')
        .where('up.user_id', '=', userId)
        .as('direct'),
      eb
        .selectFrom('group_privileges as gp')
        .innerJoin('user_groups as ug', 'ug.group_id', 'gp.group_id')
        .select((e) => e.fn.max('gp.value').as('v'))
        .whereRef('gp.privilege_id', '=', 'p.id')
        .where('ug.user_id', '=', userId)
        .as('through_groups'),
    ])
    .where('p.name', 'in', [...names])
    .execute();
  for (const row of rows) {
    if (!isPrivilegeName(row.name)) continue;
    const direct = row.direct;
    const value = direct !== null && direct !== undefined ? direct === 1 : Number(row.through_groups ?? 0) === 1;
    result.set(row.name, value);
  }
  return result;
}

/** Whether the user holds one privilege. */
export async function hasPrivilege(db: Kysely<Database>, userId: number, name: PrivilegeName): Promise<boolean> {
  return (await effectivePrivileges(db, userId, [name])).get(name) === true;
}

/** Whether the user holds at least one of the privileges. */
export async function hasAnyPrivilege(db: Kysely<Database>, userId: number, names: readonly PrivilegeName[]): Promise<boolean> {
  const map = await effectivePrivileges(db, userId, names);
  return names.some((n) => map.get(n) === true);
}
