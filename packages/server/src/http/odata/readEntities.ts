import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { EntityKey, EntitySetDefinition, ODataCaller, ODataEntity, Reader, SourceRow } from './EntitySetDefinition';
import { MAX_PAGE_SIZE } from './parseODataQuery';
import type { ODataQuery } from './parseODataQuery';
import type { FilterNode } from './parseODataFilter';

/** One page of a collection. */
export interface CollectionPage {
  entities: ODataEntity[];
  /** `@odata.count` when asked for: all entities matching the filter. */
  count: number | null;
  /** When the page was capped below what was asked: where the next page starts, and how many are still wanted (null = all). */
  next: { skip: number; top: number | null } | null;
}

/** The filter tree as a parameterised SQL condition over the wrapped source `e`. */
function conditionOf(node: FilterNode | null): RawBuilder<unknown> {
  if (node === null) return sql`1 = 1`;
  if (node.kind === 'and') return sql`(${conditionOf(node.left)} and ${conditionOf(node.right)})`;
  const column = sql.ref(`e.${node.property.column}`);
  return node.value === null ? sql`${column} is null` : sql`${column} = ${node.value}`;
}

function keyFilter(set: Pick<EntitySetDefinition, 'keys' | 'properties' | 'name'>, key: EntityKey): FilterNode {
  const nodes: FilterNode[] = set.keys.map((name) => {
    const property = set.properties.find((p) => p.name === name);
    if (property?.column === undefined) throw new Error(`Key ${set.name}.${name} has no column.`);
    return { kind: 'eq', property: { ...property, column: property.column }, value: key[name] };
  });
  return nodes.reduce((left, right) => ({ kind: 'and', left, right }));
}

/** ORDER BY: the asked items, then every key ascending so pages never overlap or skip. */
function orderOf(set: Pick<EntitySetDefinition, 'keys' | 'properties'>, query: Pick<ODataQuery, 'orderBy'>): RawBuilder<unknown> {
  const items = query.orderBy.map((item) => sql`${sql.ref(`e.${item.property.column}`)} ${sql.raw(item.descending ? 'desc' : 'asc')}`);
  for (const name of set.keys) {
    const column = set.properties.find((p) => p.name === name)?.column;
    if (column !== undefined && !query.orderBy.some((item) => item.property.column === column))
      items.push(sql`${sql.ref(`e.${column}`)} asc`);
  }
  return sql.join(items);
}

/**
 * Reads one page of an entity set: the set's source wrapped as `e`, the filter compiled to
 * parameters, the order completed by the keys, at most MAX_PAGE_SIZE entities; with `$count`, a
 * second query counts all matches.
 */
export async function readCollection<C extends ODataCaller>(
  db: Reader,
  set: EntitySetDefinition<C>,
  query: ODataQuery,
  viewer: C,
): Promise<CollectionPage> {
  const databaseNow = viewer.databaseNow;
  const source = set.source(databaseNow, { db, viewer });
  const where = conditionOf(query.filter);
  const wanted = query.top ?? Number.POSITIVE_INFINITY;
  const pageSize = Math.min(wanted, MAX_PAGE_SIZE);
  // One row more than the page tells whether a capped request has more to give.
  const result = await sql<SourceRow>`select * from (${source}) e where ${where} order by ${orderOf(set, query)}
    limit ${pageSize + 1} offset ${query.skip}`.execute(db);
  const rows = result.rows.slice(0, pageSize);
  const more = result.rows.length > pageSize && wanted > pageSize;
  let count: number | null = null;
  if (query.count) {
    const counted = await sql<{ n: number | string }>`select count(*) as n from (${source}) e where ${where}`.execute(db);
    count = Number(counted.rows[0]?.n ?? 0);
  }
  return {
    entities: await set.present(db, rows, databaseNow),
    count,
    next: more ? { skip: query.skip + rows.length, top: query.top === null ? null : query.top - rows.length } : null,
  };
}

/** The number of entities matching the filter (`{Set}/$count`). */
export async function countEntities<C extends ODataCaller>(
  db: Reader,
  set: EntitySetDefinition<C>,
  query: ODataQuery,
  viewer: C,
): Promise<number> {
  const counted = await sql<{
    n: number | string;
  }>`select count(*) as n from (${set.source(viewer.databaseNow, { db, viewer })}) e where ${conditionOf(query.filter)}`.execute(db);
  return Number(counted.rows[0]?.n ?? 0);
}

/** One entity by key, or null (also when the caller may not see it). */
export async function readEntity<C extends ODataCaller>(
  db: Reader,
  set: EntitySetDefinition<C>,
  key: EntityKey,
  viewer: C,
): Promise<ODataEntity | null> {
  const result =
    await sql<SourceRow>`select * from (${set.source(viewer.databaseNow, { db, viewer })}) e where ${conditionOf(keyFilter(set, key))}`.execute(
      db,
    );
  if (result.rows.length === 0) return null;
  const [entity] = await set.present(db, result.rows.slice(0, 1), viewer.databaseNow);
  return entity ?? null;
}
