import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import type { ComplexTypeDefinition, EntityKey, EntitySetDefinition, ODataCaller, ODataEntity } from './EntitySetDefinition';
import { etagOf } from './etagOf';
import { metadataDocument } from './metadataDocument';
import { ODataError, odataNotFound } from './ODataError';
import { parseODataQuery, refuseQueryOptions } from './parseODataQuery';
import { parseResourcePath } from './parseResourcePath';
import { countEntities, readCollection, readEntity } from './readEntities';
import { registerODataErrorHandler } from './registerODataErrorHandler';
import { createEntity, deleteEntity, patchEntity, updateEntity } from './writeEntities';

/** Where the service is mounted (buildApp registers the plugin with this prefix). */
export const ODATA_PREFIX = '/odata/v1';

/**
 * What the composition root hands the service: the entity sets, in $metadata order (the modules
 * declare them), and how a request's caller is authenticated (the same bearer token as /api).
 */
export interface ODataService<C extends ODataCaller> {
  sets: readonly EntitySetDefinition<C>[];
  /** The complex types their properties name, in $metadata order. */
  complexTypes: readonly ComplexTypeDefinition[];
  /** Resolves to the caller of a request, or throws 401 (the auth module's bearer check). */
  authenticate(request: FastifyRequest): Promise<C>;
}

const JSON_TYPE = 'application/json; odata.metadata=minimal; charset=utf-8';

/**
 * The absolute service root, for `@odata.context`, `@odata.nextLink` and Location: built from the
 * configured public URL, never from the request's Host header (an attacker's text; second attack finding 3).
 */
function serviceRootOf(deps: Pick<AppDeps, 'config'>): string {
  return `${deps.config.publicUrl}${ODATA_PREFIX}`;
}

/** Query string text with `$` kept readable (URLSearchParams would write `+` for spaces and `%24` for `$`). */
function queryText(params: URLSearchParams): string {
  const encode = (text: string): string => encodeURIComponent(text).replace(/%24/g, '$');
  return [...params.entries()].map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}

/** The key predicate of an entity's URL: `(5)` or `(UserId=1,WorkflowQueueId=2)`. */
function keyPredicate(set: Pick<EntitySetDefinition, 'keys'>, key: EntityKey): string {
  return set.keys.length === 1 ? `(${key[set.keys[0]]})` : `(${set.keys.map((name) => `${name}=${key[name]}`).join(',')})`;
}

function keyOf(set: Pick<EntitySetDefinition, 'keys'>, entity: ODataEntity): EntityKey {
  return Object.fromEntries(set.keys.map((name) => [name, Number(entity[name])]));
}

/** An entity with its ETag annotation first, as minimal metadata writes it. */
function annotated(entity: ODataEntity): ODataEntity {
  return { '@odata.etag': etagOf(entity), ...entity };
}

/** 403 unless the caller holds 'Security: Manager' (every workflow entity set, read or write; not Documents). */
function requireManager(viewer: ODataCaller, set: Pick<EntitySetDefinition, 'audience'>): void {
  if ((set.audience ?? 'securityManager') !== 'securityManager') return;
  if (!viewer.isManager) {
    throw new ODataError(403, "The workflow entity sets of the data service need the 'Security: Manager' privilege.");
  }
}

function ifMatchOf(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match'];
  return Array.isArray(header) ? header.join(',') : header;
}

function wantsRepresentation(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  return typeof prefer === 'string' && /(^|[,;\s])return=representation(\s*(,|;|$))/i.test(prefer);
}

/**
 * The OData v4 data service at /odata/v1 (portal §7): the service document, `$metadata`, and the
 * entity sets the modules declare (workflow's: `workflowEntitySets`) — collections with $filter / $top /
 * $skip / $orderby / $count, `{Set}/$count`, entities by key, POST / PATCH (If-Match) / DELETE
 * (If-Match). Every request needs a bearer token (401 otherwise); the workflow entity sets need
 * 'Security: Manager' (403); Documents shows each caller the documents /api shows them and moves
 * one by PATCH through the routing command. Errors are OData error bodies. Register with `{ prefix: ODATA_PREFIX }`.
 */
export function registerODataService<C extends ODataCaller>(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'dialect' | 'now' | 'config'>,
  service: ODataService<C>,
): void {
  const { sets } = service;
  const callers = new WeakMap<FastifyRequest, C>();
  registerODataErrorHandler(app);
  // The /api auth hook looks only at /api paths; the data service asks for the same token.
  app.addHook('onRequest', async (request) => {
    const caller = await service.authenticate(request);
    callers.set(request, caller);
    request.callerId = caller.userId;
  });
  const callerOf = (request: FastifyRequest): C => {
    const caller = callers.get(request);
    // Unreachable: the onRequest hook above authenticated every request or answered 401.
    if (caller === undefined) throw new Error('The data service was reached without its authentication hook.');
    return caller;
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('OData-Version', '4.0');
    return payload;
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const queryAt = request.url.indexOf('?');
    const rawPath = (queryAt < 0 ? request.url : request.url.slice(0, queryAt)).slice(ODATA_PREFIX.length);
    const params = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1));
    const resource = parseResourcePath(rawPath, sets);
    const root = serviceRootOf(deps);
    const method = request.method === 'HEAD' ? 'GET' : request.method;

    if (resource.kind === 'serviceDocument' || resource.kind === 'metadata') {
      if (method !== 'GET') throw new ODataError(405, 'Only GET is allowed here.');
      refuseQueryOptions(params);
      if (resource.kind === 'metadata')
        return reply.type('application/xml; charset=utf-8').send(metadataDocument(sets, service.complexTypes));
      return reply.type(JSON_TYPE).send({
        '@odata.context': `${root}/$metadata`,
        value: sets.map((set) => ({ name: set.name, kind: 'EntitySet', url: set.name })),
      });
    }

    const set = resource.set;
    const viewer = callerOf(request);
    requireManager(viewer, set);
    const context = { userId: viewer.userId, now: deps.now().toISOString() };

    if (resource.kind === 'count') {
      if (method !== 'GET') throw new ODataError(405, 'Only GET is allowed on $count.');
      const query = parseODataQuery(params, set.properties);
      return reply.type('text/plain; charset=utf-8').send(String(await countEntities(deps.db, set, query, viewer)));
    }

    if (resource.kind === 'collection') {
      if (method === 'GET') {
        const query = parseODataQuery(params, set.properties);
        const page = await readCollection(deps.db, set, query, viewer);
        const body: Record<string, unknown> = { '@odata.context': `${root}/$metadata#${set.name}` };
        if (page.count !== null) body['@odata.count'] = page.count;
        body.value = page.entities.map(annotated);
        if (page.next !== null) {
          const next = new URLSearchParams(params);
          next.set('$skip', String(page.next.skip));
          if (page.next.top === null) next.delete('$top');
          else next.set('$top', String(page.next.top));
          body['@odata.nextLink'] = `${root}/${set.name}?${queryText(next)}`;
        }
        return reply.type(JSON_TYPE).send(body);
      }
      if (method === 'POST') {
        refuseQueryOptions(params);
        const created = await createEntity(deps, set, request.body, context, viewer);
        return reply
          .status(201)
          .header('Location', `${root}/${set.name}${keyPredicate(set, keyOf(set, created))}`)
          .header('ETag', etagOf(created))
          .type(JSON_TYPE)
          .send({ '@odata.context': `${root}/$metadata#${set.name}/$entity`, ...annotated(created) });
      }
      throw new ODataError(405, `Only GET and POST are allowed on ${set.name}.`);
    }

    refuseQueryOptions(params);
    const key = resource.key;
    if (method === 'GET') {
      const entity = await readEntity(deps.db, set, key, viewer);
      if (entity === null) throw odataNotFound(`No ${set.entityType} with this key.`);
      return reply
        .header('ETag', etagOf(entity))
        .type(JSON_TYPE)
        .send({ '@odata.context': `${root}/$metadata#${set.name}/$entity`, ...annotated(entity) });
    }
    if (method === 'PATCH' && set.patch !== undefined) {
      const { etag, entity } = await patchEntity(deps, set, key, ifMatchOf(request), request.body, viewer);
      reply.header('ETag', etag);
      // A move into a queue the caller cannot see leaves nothing to represent.
      if (!wantsRepresentation(request) || entity === null) return reply.status(204).send();
      return reply
        .header('Preference-Applied', 'return=representation')
        .type(JSON_TYPE)
        .send({ '@odata.context': `${root}/$metadata#${set.name}/$entity`, ...annotated(entity) });
    }
    if (method === 'PATCH') {
      const updated = await updateEntity(deps, set, key, ifMatchOf(request), request.body, context, viewer);
      reply.header('ETag', etagOf(updated));
      if (!wantsRepresentation(request)) return reply.status(204).send();
      return reply
        .header('Preference-Applied', 'return=representation')
        .type(JSON_TYPE)
        .send({ '@odata.context': `${root}/$metadata#${set.name}/$entity`, ...annotated(updated) });
    }
    if (method === 'DELETE') {
      await deleteEntity(deps, set, key, ifMatchOf(request), viewer);
      return reply.status(204).send();
    }
    throw new ODataError(
      405,
      method === 'PUT' ? 'Replacing an entity with PUT is not supported; change it with PATCH.' : `${method} is not allowed here.`,
    );
  };

  app.route({ method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'], url: '/', handler: handle });
  app.route({ method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'], url: '/*', handler: handle });
}
