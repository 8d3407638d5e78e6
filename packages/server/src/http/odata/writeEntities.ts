import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { DialectName } from '../../db/createDatabase';
import { inWriteTransaction } from '../../db/inWriteTransaction';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../services/AppDeps';

/** What a write needs of the app: its database and dialect. */
type WriteDeps = Pick<AppDeps, 'db' | 'dialect'>;
import type { EntityKey, EntitySetDefinition, EntitySetWrites, ODataCaller, ODataEntity, WriteContext } from './EntitySetDefinition';
import { etagOf, etagOfRowVersion, ifMatchAccepts } from './etagOf';
import { ODataError, odataNotFound } from './ODataError';
import { readEntity } from './readEntities';

function writesOf<C extends ODataCaller>(set: EntitySetDefinition<C>): EntitySetWrites {
  if (set.patch !== undefined) throw new ODataError(405, `${set.name} are changed only with PATCH.`);
  if (set.writes === undefined) throw new ODataError(405, `${set.name} is read-only.`);
  return set.writes;
}

/**
 * Locks the entity's row for the rest of the transaction and tells whether it exists. On
 * PostgreSQL `for update` makes a second writer wait until the first commits, so the If-Match
 * comparison below sees the committed state; SQLite's write transactions begin IMMEDIATE and are
 * serial already.
 */
async function lockRow(trx: Transaction<Database>, dialect: DialectName, writes: EntitySetWrites, key: EntityKey): Promise<boolean> {
  const conditions = Object.entries(writes.keyColumns).map(([property, column]) => sql`${sql.ref(column)} = ${key[property]}`);
  const lock = dialect === 'postgres' ? sql` for update` : sql``;
  const result = await sql`select 1 as found from ${sql.table(writes.table)} where ${sql.join(conditions, sql` and `)}${lock}`.execute(trx);
  return result.rows.length > 0;
}

/**
 * Loads the entity to change under a row lock and checks If-Match against its current ETag:
 * no header → 428 and nothing changes (SECURITY row 21); another ETag → 412.
 */
async function lockedCurrent<C extends ODataCaller>(
  trx: Transaction<Database>,
  deps: WriteDeps,
  set: EntitySetDefinition<C>,
  key: EntityKey,
  ifMatch: string | undefined,
  viewer: C,
): Promise<ODataEntity> {
  const writes = writesOf(set);
  const current = (await lockRow(trx, deps.dialect, writes, key)) ? await readEntity(trx, set, key, viewer) : null;
  if (current === null) throw odataNotFound(`No ${set.entityType} with this key.`);
  if (ifMatch === undefined || ifMatch.trim() === '') {
    throw new ODataError(428, 'Changing an entity needs an If-Match header with its @odata.etag (or *).');
  }
  if (!ifMatchAccepts(ifMatch, etagOf(current))) throw new ODataError(412, 'The entity has changed since it was read; read it again.');
  return current;
}

/** POST: validates, inserts and answers the new entity, all in one write transaction. */
export function createEntity<C extends ODataCaller>(
  deps: WriteDeps,
  set: EntitySetDefinition<C>,
  body: unknown,
  context: WriteContext,
  viewer: C,
): Promise<ODataEntity> {
  const writes = writesOf(set);
  return inWriteTransaction(deps.db, async (trx) => {
    const key = await writes.create(trx, asBody(body), context);
    const created = await readEntity(trx, set, key, viewer);
    if (created === null) throw new Error(`The new ${set.entityType} cannot be read back.`);
    return created;
  });
}

/** PATCH: If-Match checked under a row lock, then a partial update; answers the changed entity. */
export function updateEntity<C extends ODataCaller>(
  deps: WriteDeps,
  set: EntitySetDefinition<C>,
  key: EntityKey,
  ifMatch: string | undefined,
  body: unknown,
  context: WriteContext,
  viewer: C,
): Promise<ODataEntity> {
  const writes = writesOf(set);
  return inWriteTransaction(deps.db, async (trx) => {
    await lockedCurrent(trx, deps, set, key, ifMatch, viewer);
    await writes.update(trx, key, asBody(body), context);
    const updated = await readEntity(trx, set, key, viewer);
    if (updated === null) throw new Error(`The changed ${set.entityType} cannot be read back.`);
    return updated;
  });
}

/** DELETE: If-Match checked under a row lock, then the delete. */
export function deleteEntity<C extends ODataCaller>(
  deps: WriteDeps,
  set: EntitySetDefinition<C>,
  key: EntityKey,
  ifMatch: string | undefined,
  viewer: C,
): Promise<void> {
  const writes = writesOf(set);
  return inWriteTransaction(deps.db, async (trx) => {
    await lockedCurrent(trx, deps, set, key, ifMatch, viewer);
    await writes.remove(trx, key);
  });
}

/**
 * PATCH of a set changed through a command (`set.patch`): the command runs its own transaction
 * and compares the row version the If-Match names; answers the new ETag and the entity as the
 * caller now sees it (null when the move took it out of their sight).
 */
export async function patchEntity<C extends ODataCaller>(
  deps: WriteDeps,
  set: EntitySetDefinition<C>,
  key: EntityKey,
  ifMatch: string | undefined,
  body: unknown,
  viewer: C,
): Promise<{ etag: string; entity: ODataEntity | null }> {
  if (set.patch === undefined) throw new Error(`${set.name} has no command PATCH.`);
  const version = await set.patch(key, ifMatch, asBody(body), viewer);
  return { etag: etagOfRowVersion(version), entity: await readEntity(deps.db, set, key, viewer) };
}

/** The request body as the writes take it; their own checks refuse anything but an object. */
function asBody(body: unknown): Readonly<Record<string, unknown>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ODataError(400, 'The request body must be a JSON object.');
  return body as Readonly<Record<string, unknown>>;
}
