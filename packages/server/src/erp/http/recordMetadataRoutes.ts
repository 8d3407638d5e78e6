import { EntityTypeNameParams, RecordMetadataAnswer, RecordMetadataQuery, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { readRecordMetadata } from '../recordMetadataQueries';
import type { RecordMetadataPage } from '../recordMetadataQueries';
import type { ErpDeps } from '../ErpDeps';
import { companyForRead, viewerOf } from '../../access';
import { queryInteger, queryOf, queryString } from '../../http/requestHelpers';
import { entityPageOf } from './entityPageOf';
import { recordFiltersOf } from './recordFiltersOf';
import { assertMayReadErpTables } from './entityTypeTableRoutes';

// The answer schema holds every field of the query's answer: the serialiser drops what it lacks.
const pageMatches: AnswerMatches<typeof RecordMetadataAnswer, RecordMetadataPage> = true;
void pageMatches;

/**
 * GET /api/entities/{name}/recordMetadata?columnSetName=&skip=0&take=30&dataAreaId=&q_{field}=
 * (embedded §7, "paging and filters"): one page of records with the properties that describe
 * them. Needs 'Dynamics: Link to Existing'; the ERP down → 503 in words.
 */
export function registerRecordMetadataRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get<{ Params: { name: string } }>(
    '/entities/:name/recordMetadata',
    { schema: { params: EntityTypeNameParams, querystring: RecordMetadataQuery, response: okAnswer(RecordMetadataAnswer) } },
    async (request) => {
      const viewer = viewerOf(request);
      assertMayReadErpTables(viewer);
      const query = queryOf(request);
      // RestrictToDataAreaId of the document's (or queue's) queue holds the page to the caller's company.
      const dataAreaId = await companyForRead(deps.db, viewer, {
        docId: queryInteger(query, 'docId'),
        queueId: queryInteger(query, 'queueId'),
        dataAreaId: queryString(query, 'dataAreaId'),
      });
      const { skip, take } = entityPageOf(query);
      const filters = recordFiltersOf(query);
      return readRecordMetadata(deps.entitySources, request.params.name, {
        columnSetName: queryString(query, 'columnSetName'),
        skip,
        take,
        filters,
        dataAreaId,
      });
    },
  );
}
