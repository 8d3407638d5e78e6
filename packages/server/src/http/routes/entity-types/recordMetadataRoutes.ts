import { EntityTypeNameParams, RecordMetadataAnswer, RecordMetadataQuery, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { readRecordMetadata } from '../../../erp/recordMetadataQueries';
import type { RecordMetadataPage } from '../../../erp/recordMetadataQueries';
import { invalid } from '../../../errors/DomainError';
import type { AppDeps } from '../../../services/AppDeps';
import { queryInteger, queryOf, queryString, viewerOf } from '../../requestHelpers';
import { MAX_ENTITY_PAGE } from './entityTypeRoutes';
import { assertMayReadErpTables } from './entityTypeTableRoutes';

// The answer schema holds every field of the query's answer: the serialiser drops what it lacks.
const pageMatches: AnswerMatches<typeof RecordMetadataAnswer, RecordMetadataPage> = true;
void pageMatches;

/**
 * GET /api/entities/{name}/recordMetadata?columnSetName=&skip=0&take=30&dataAreaId=&q_{field}=
 * (embedded §7, "paging and filters"): one page of records with the properties that describe
 * them. Needs 'Dynamics: Link to Existing'; the ERP down → 503 in words.
 */
export function registerRecordMetadataRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { name: string } }>(
    '/entities/:name/recordMetadata',
    { schema: { params: EntityTypeNameParams, querystring: RecordMetadataQuery, response: okAnswer(RecordMetadataAnswer) } },
    async (request) => {
      assertMayReadErpTables(await viewerOf(request, deps));
      const query = queryOf(request);
      const skip = queryInteger(query, 'skip') ?? 0;
      const take = queryInteger(query, 'take') ?? 30;
      if (skip < 0 || take < 1 || take > MAX_ENTITY_PAGE) throw invalid(`skip must be 0 or more and take 1 to ${MAX_ENTITY_PAGE}.`);
      const filters: Record<string, string> = {};
      for (const [key, value] of Object.entries(query)) {
        if (!key.startsWith('q_') || key.length === 2) continue;
        if (typeof value !== 'string') throw invalid(`The filter ${key} takes one value.`);
        filters[key.slice(2)] = value;
      }
      return readRecordMetadata(deps.entitySources, request.params.name, {
        columnSetName: queryString(query, 'columnSetName'),
        skip,
        take,
        filters,
        dataAreaId: queryString(query, 'dataAreaId'),
      });
    },
  );
}
