import { EntityTypeDescriptionAnswer, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { describeEntityType, entityTypeProperties } from '../entityTypeQueries';
import type { EntityTypeDescription } from '../entityTypeQueries';
import { forbidden } from '../../errors/DomainError';
import type { ErpDeps } from '../ErpDeps';
import { queryOf, queryString } from '../../http/requestHelpers';
import { viewerOf } from '../../access';
import { ENTITY_SEARCH_PRIVILEGE, ENTITY_SEARCH_REFUSED, ENTITY_TYPE_NAME_PARAMS } from './entityTypeRoutes';

const querystring = {
  type: 'object',
  properties: {
    columnSetName: {
      type: 'string',
      description: 'Only the properties of this column set (pushLink or all); every property when absent.',
      examples: ['pushLink'],
    },
  },
} as const;

/**
 * GET /api/entities/{name} (embedded §7, also with columnSetName=pushLink): one ERP entity type as
 * its source's $metadata describes it — entity set, keys, properties and navigations — read
 * through the entity-source connector; with a column set, only that set's properties. Needs
 * 'Dynamics: Link to Existing' (403), as every search of ERP records does; an unknown type 404,
 * the ERP down 503 in words.
 */
export function registerEntityRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get<{ Params: { name: string } }>(
    '/entities/:name',
    { schema: { params: ENTITY_TYPE_NAME_PARAMS, querystring, response: okAnswer(EntityTypeDescriptionAnswer) } },
    async (request): Promise<EntityTypeDescription> => {
      if (!viewerOf(request).privileges.has(ENTITY_SEARCH_PRIVILEGE)) throw forbidden(ENTITY_SEARCH_REFUSED);
      const description = await describeEntityType(deps.entitySources, request.params.name);
      const columnSetName = queryString(queryOf(request), 'columnSetName');
      if (columnSetName === undefined) return description;
      const columns = new Set(
        (await entityTypeProperties(deps.entitySources, request.params.name, columnSetName)).map((property) => property.name),
      );
      return { ...description, properties: description.properties.filter((property) => columns.has(property.name)) };
    },
  );
}
