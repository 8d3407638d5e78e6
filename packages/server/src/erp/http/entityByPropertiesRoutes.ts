import { EntitiesByPropertiesQuery, EntityRecordListAnswer, EntityTypeNameParams, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { listEntitiesByProperties } from '../entityPropertyQueries';
import type { ErpDeps } from '../ErpDeps';
import { companyForRead, viewerOf } from '../../access';
import { queryInteger, queryList, queryOf, queryString } from '../../http/requestHelpers';
import { entityPageOf } from './entityPageOf';
import { assertMayReadErpTables } from './entityTypeTableRoutes';

/**
 * GET /api/entity-type/{name}/entities/by-properties?field=&skip=0&take=30&dataAreaId=&docId=&queueId=
 * (embedded §7): one page of an entity type's records with only the named properties, which a
 * client pages until a short page. Needs 'Dynamics: Link to Existing' (records are read to pick
 * one to link); RestrictToDataAreaId of docId's or queueId's queue holds it to the caller's company.
 */
export function registerEntityByPropertiesRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get<{ Params: { name: string } }>(
    '/entity-type/:name/entities/by-properties',
    { schema: { params: EntityTypeNameParams, querystring: EntitiesByPropertiesQuery, response: okAnswer(EntityRecordListAnswer) } },
    async (request) => {
      const viewer = viewerOf(request);
      assertMayReadErpTables(viewer);
      const query = queryOf(request);
      const { skip, take } = entityPageOf(query);
      const fields = queryList(query, 'field')
        .flatMap((value) => value.split(','))
        .map((field) => field.trim())
        .filter((field) => field !== '');
      // As the entity list and recordMetadata: a lookup made for a document in a restricting queue reads the caller's company only.
      const dataAreaId = await companyForRead(deps.db, viewer, {
        docId: queryInteger(query, 'docId'),
        queueId: queryInteger(query, 'queueId'),
        dataAreaId: queryString(query, 'dataAreaId'),
      });
      return listEntitiesByProperties(deps.entitySources, request.params.name, { fields, skip, take, dataAreaId });
    },
  );
}
