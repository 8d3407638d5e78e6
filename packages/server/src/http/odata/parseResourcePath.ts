import type { EntityKey, EntitySetDefinition, ODataCaller } from './EntitySetDefinition';
import { odataBadRequest, odataNotFound } from './ODataError';

/** What a data-service URL addresses. */
export type ResourcePath<C extends ODataCaller = ODataCaller> =
  | { kind: 'serviceDocument' }
  | { kind: 'metadata' }
  | { kind: 'collection'; set: EntitySetDefinition<C> }
  | { kind: 'count'; set: EntitySetDefinition<C> }
  | { kind: 'entity'; set: EntitySetDefinition<C>; key: EntityKey };

function keyValue(text: string): number {
  if (!/^-?\d{1,10}$/.test(text)) throw odataBadRequest(`The key value '${text}' is not an integer.`);
  const value = Number(text);
  if (value < -2147483648 || value > 2147483647) throw odataBadRequest(`The key value '${text}' is out of range.`);
  return value;
}

/**
 * Parses a key predicate: `(5)` or `(Id=5)` for a single key; `(userId=1,workflowQueueId=2)` for
 * a composite one, every key named exactly once in any order. Key names match the properties
 * case-insensitively because the spec spells them `userId` / `workflowQueueId` (portal §7) while
 * the properties are `UserId` / `WorkflowQueueId` (portal §3).
 */
export function parseKeyPredicate(text: string, set: Pick<EntitySetDefinition, 'keys' | 'name'>): EntityKey {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 1 && set.keys.length === 1 && !parts[0].includes('=')) return { [set.keys[0]]: keyValue(parts[0]) };
  const key: EntityKey = {};
  for (const part of parts) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(part);
    if (match === null) throw odataBadRequest(`The key of ${set.name} is ${set.keys.map((k) => `${k}=…`).join(',')}.`);
    const name = set.keys.find((k) => k.toLowerCase() === match[1].toLowerCase());
    if (name === undefined || name in key) throw odataBadRequest(`The key of ${set.name} is ${set.keys.map((k) => `${k}=…`).join(',')}.`);
    key[name] = keyValue(match[2]);
  }
  if (Object.keys(key).length !== set.keys.length)
    throw odataBadRequest(`The key of ${set.name} is ${set.keys.map((k) => `${k}=…`).join(',')}.`);
  return key;
}

/**
 * Parses the path below `/odata/v1` (already without the query): the service document, `$metadata`,
 * an entity set, `{Set}/$count`, or `{Set}({key})`. Unknown sets → 404; deeper paths (properties,
 * navigation) → 400, as this service does not offer them.
 */
export function parseResourcePath<C extends ODataCaller>(rawPath: string, sets: readonly EntitySetDefinition<C>[]): ResourcePath<C> {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw odataBadRequest('The URL is not correctly encoded.');
  }
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'serviceDocument' };
  if (segments.length === 1 && segments[0] === '$metadata') return { kind: 'metadata' };
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:\((.*)\))?$/.exec(segments[0]);
  if (match === null) throw odataNotFound(`No resource '${segments[0]}' in this data service.`);
  const set = sets.find((s) => s.name === match[1]);
  if (set === undefined) throw odataNotFound(`No entity set '${match[1]}' in this data service.`);
  const keyText = match[2];
  if (keyText === undefined) {
    if (segments.length === 1) return { kind: 'collection', set };
    if (segments.length === 2 && segments[1] === '$count') return { kind: 'count', set };
    throw odataBadRequest(`Paths below ${set.name} other than $count are not supported.`);
  }
  const key = parseKeyPredicate(keyText, set);
  if (segments.length > 1)
    throw odataBadRequest('Property and navigation paths are not supported; read the entity and use its properties.');
  return { kind: 'entity', set, key };
}
