import type { Compilable, Kysely } from 'kysely';
import { executeShaped } from '../db/statementShapes';
import type { ShapeValues } from '../db/statementShapes';
import type { Database } from '../db/schema';
import type { Viewer } from './documentVisibility';

// Per viewer (one per request): a listing asks for several shaped statements for the same viewer.
const keysByViewer = new WeakMap<Viewer, string>();

/**
 * Everything of a viewer that shapes the text of a statement built for them: whether they manage
 * security, their privileges and queue grants (inlined as constants), their data area and their
 * clock's SQL. Their id and name are not in it: they go to the statement as parameters.
 */
function viewerShapeKey(db: Kysely<Database>, viewer: Viewer): string {
  const known = keysByViewer.get(viewer);
  if (known !== undefined) return known;
  // Every field named: a field added to Viewer fails to compile here until the key says whether
  // it shapes statements (`rest` must stay empty).
  const {
    userId: _asParameter,
    username: _alsoAsParameter,
    isManager,
    privileges,
    queueGrants,
    ownDataAreaId,
    databaseNow,
    // The language words notices, never a statement.
    language: _wordsOnly,
    ...rest
  } = viewer;
  const _unkeyed: Record<string, never> = rest;
  const now = databaseNow.compile(db);
  const grants = [...queueGrants].sort(([a], [b]) => a - b).map(([queue, bits]) => `${queue}:${bits}`);
  const key = JSON.stringify([isManager, [...privileges].sort(), grants, ownDataAreaId, now.sql, now.parameters]);
  keysByViewer.set(viewer, key);
  return key;
}

/**
 * `executeShaped` for a statement built for a viewer (`selectVisibleDocuments` and its like): the
 * viewer's shape is part of the key, and `build` gets a viewer whose id and name are the call's
 * parameters, so nothing else of the viewer can reach the statement's text unkeyed.
 */
export function executeViewerShaped<R, V extends ShapeValues>(
  db: Kysely<Database>,
  viewer: Viewer,
  shapeKey: string,
  values: V,
  build: (shapeViewer: Viewer, values: V) => Compilable<R>,
): Promise<R[]> {
  return executeShaped(
    db,
    `${shapeKey}\u0000${viewerShapeKey(db, viewer)}`,
    { ...values, viewerUserId: viewer.userId, viewerUsername: viewer.username },
    (shaped) => build({ ...viewer, userId: shaped.viewerUserId, username: shaped.viewerUsername }, shaped),
  );
}
