import {
  EntityKeysAnswer,
  EntityPropertyListAnswer,
  EntityRecordListAnswer,
  EntityTypeDescriptionAnswer,
  EntityTypeDescriptionListAnswer,
  RestrictionContextQuery,
  okAnswer,
} from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describeEntityType, entityTypeKeys, entityTypeProperties, listEntities, listEntityTypes } from '../entityTypeQueries';
import type { EntityPropertyAnswer, EntityTypeDescription } from '../entityTypeQueries';
import { forbidden } from '../../errors/DomainError';
import { companyForRead, viewerOf } from '../../access';
import type { ErpDeps } from '../ErpDeps';
import { queryInteger, queryOf, queryString } from '../../http/requestHelpers';
import { entityPageOf } from './entityPageOf';
import { recordFiltersOf } from './recordFiltersOf';

/** The privilege that lets a user search ERP records (Link to Existing is where they are searched and picked). */
export const ENTITY_SEARCH_PRIVILEGE = 'Dynamics: Link to Existing';

/** What a user without the privilege reads. */
export const ENTITY_SEARCH_REFUSED = `Searching ERP records needs the '${ENTITY_SEARCH_PRIVILEGE}' privilege.`;

/** The debug views of an ERP's metadata are for those who set the product up. */
export const METADATA_DEBUG_PRIVILEGE = 'Security: Manager';

/** What a user without it reads. */
export const METADATA_DEBUG_REFUSED = `The ERP metadata views need the '${METADATA_DEBUG_PRIVILEGE}' privilege.`;

const prefixParams = {
  type: 'object',
  properties: {
    // Any text: a prefix no source has answers 404 in words ("No ERP is configured for 'x'.").
    name: { type: 'string', description: "An ERP source's prefix; an unknown one answers 404.", examples: ['bc'] },
  },
  required: ['name'],
} as const;

const integerText = (name: string) => ({
  type: 'string',
  pattern: '^(-?\\d{1,15})?$',
  errorMessage: `The parameter ${name} must be an integer.`,
  description: 'An integer.',
  examples: ['0'],
});

/** Path parameters `{name}` = `{prefix}:{type}`: the source's prefix and its entity type or set. */
export const ENTITY_TYPE_NAME_PARAMS = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      pattern: '^[a-z][a-z0-9]{0,15}:[A-Za-z][A-Za-z0-9_.]{0,127}$',
      errorMessage: 'An entity type name is prefix:type, e.g. bc:Microsoft.NAV.vendor.',
      description: "The source's prefix and the entity type (or its set), e.g. bc:Microsoft.NAV.vendor.",
      examples: ['bc:Microsoft.NAV.vendor'],
    },
  },
  required: ['name'],
} as const;

// The answer schemas hold every field of the connector's answers: the serialiser drops what they lack.
const propertiesMatch: AnswerMatches<typeof EntityPropertyListAnswer, EntityPropertyAnswer[]> = true;
const descriptionMatches: AnswerMatches<typeof EntityTypeDescriptionAnswer, EntityTypeDescription> = true;
void propertiesMatch;
void descriptionMatches;

const columnSetName = { type: 'string', description: 'The column set: pushLink (default) or all.', examples: ['pushLink'] } as const;

/**
 * GET /api/entities/{name}/keys, GET /api/debug/meta/{name} and
 * GET /api/debug/meta-list/entities/{prefix} (Security: Manager), and
 * GET /api/entity-types/{name}/properties (query columnSetName) and
 * GET /api/entity-types/{name}/entities (query columnSetName, skip 0, take 30, dataAreaId,
 * q_{field} filters): an ERP's entity types and records, read live through its entity-source
 * connector (erp/). Both need 'Dynamics: Link to Existing'. An ERP that is down answers 503 in
 * words (erp/erpMessages.ts), never a 500.
 */
export function registerEntityTypeRoutes(app: FastifyInstance, deps: ErpDeps): void {
  // The privileges the auth hook read with the caller (viewerOf): no statement of their own.
  const authorize = (request: FastifyRequest): void => {
    if (!viewerOf(request).privileges.has(ENTITY_SEARCH_PRIVILEGE)) throw forbidden(ENTITY_SEARCH_REFUSED);
  };
  const authorizeDebug = (request: FastifyRequest): void => {
    if (!viewerOf(request).privileges.has(METADATA_DEBUG_PRIVILEGE)) throw forbidden(METADATA_DEBUG_REFUSED);
  };

  app.get<{ Params: { name: string } }>(
    '/entities/:name/keys',
    { schema: { params: ENTITY_TYPE_NAME_PARAMS, response: okAnswer(EntityKeysAnswer) } },
    async (request) => {
      authorize(request);
      return entityTypeKeys(deps.entitySources, request.params.name);
    },
  );

  app.get<{ Params: { name: string } }>(
    '/debug/meta/:name',
    { schema: { params: ENTITY_TYPE_NAME_PARAMS, response: okAnswer(EntityTypeDescriptionAnswer) } },
    async (request) => {
      authorizeDebug(request);
      return describeEntityType(deps.entitySources, request.params.name);
    },
  );

  app.get<{ Params: { name: string } }>(
    '/debug/meta-list/entities/:name',
    { schema: { params: prefixParams, response: okAnswer(EntityTypeDescriptionListAnswer) } },
    async (request) => {
      authorizeDebug(request);
      return listEntityTypes(deps.entitySources, request.params.name);
    },
  );

  app.get<{ Params: { name: string } }>(
    '/entity-types/:name/properties',
    {
      schema: {
        params: ENTITY_TYPE_NAME_PARAMS,
        querystring: { type: 'object', properties: { columnSetName } },
        response: okAnswer(EntityPropertyListAnswer),
      },
    },
    async (request) => {
      authorize(request);
      return entityTypeProperties(deps.entitySources, request.params.name, queryString(queryOf(request), 'columnSetName'));
    },
  );

  app.get<{ Params: { name: string } }>(
    '/entity-types/:name/entities',
    {
      schema: {
        params: ENTITY_TYPE_NAME_PARAMS,
        querystring: {
          type: 'object',
          properties: {
            columnSetName,
            skip: integerText('skip'),
            take: integerText('take'),
            dataAreaId: {
              type: 'string',
              description: "The company (data area) to read; the source's own by default.",
              examples: ['CRONUS'],
            },
            ...RestrictionContextQuery,
          },
        },
        response: okAnswer(EntityRecordListAnswer),
      },
    },
    async (request) => {
      authorize(request);
      const query = queryOf(request);
      const { skip, take } = entityPageOf(query);
      const filters = recordFiltersOf(query);
      // RestrictToDataAreaId of the document's (or queue's) queue holds the list to the caller's company.
      const dataAreaId = await companyForRead(deps.db, viewerOf(request), {
        docId: queryInteger(query, 'docId'),
        queueId: queryInteger(query, 'queueId'),
        dataAreaId: queryString(query, 'dataAreaId'),
      });
      return listEntities(deps.entitySources, request.params.name, {
        columnSetName: queryString(query, 'columnSetName'),
        skip,
        take,
        filters,
        dataAreaId,
      });
    },
  );
}
