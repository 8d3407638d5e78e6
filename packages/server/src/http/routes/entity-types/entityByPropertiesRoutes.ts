import { EntitiesByPropertiesQuery, EntityRecordListAnswer, EntityTypeNameParams, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { listEntitiesByProperties } from '../../../erp/entityPropertyQueries';
import { invalid } from '../../../errors/DomainError';
import type { AppDeps } from '../../../services/AppDeps';
import { queryInteger, queryList, queryOf, queryString, viewerOf } from '../../requestHelpers';
import { MAX_ENTITY_PAGE } from './entityTypeRoutes';
import { assertMayReadErpTables } from './entityTypeTableRoutes';

/**
 * GET /api/entity-type/{name}/entities/by-properties?field=&skip=0&take=30&dataAreaId= (embedded
 * §7): one page of an entity type's records with only the named properties, which a client pages
 * until a short page. Needs 'Dynamics: Link to Existing' (records are read to pick one to link).
 */
export function registerEntityByPropertiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { name: string } }>(
    '/entity-type/:name/entities/by-properties',
    { schema: { params: EntityTypeNameParams, querystring: EntitiesByPropertiesQuery, response: okAnswer(EntityRecordListAnswer) } },
    async (request) => {
      assertMayReadErpTables(await viewerOf(request, deps));
      const query = queryOf(request);
      const skip = queryInteger(query, 'skip') ?? 0;
      const take = queryInteger(query, 'take') ?? 30;
      if (skip < 0 || take < 1 || take > MAX_ENTITY_PAGE) throw invalid(`skip must be 0 or more and take 1 to ${MAX_ENTITY_PAGE}.`);
      const fields = queryList(query, 'field').flatMap((value) => value.split(',')).map((field) => field.trim()).filter((field) => field !== '');
      return listEntitiesByProperties(deps.entitySources, request.params.name, { fields, skip, take, dataAreaId: queryString(query, 'dataAreaId') });
    },
  );
}
