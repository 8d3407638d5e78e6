import { UrlGenerationAnswer, UrlGenerationParams, UrlGenerationQuery, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { normaliseRecordId } from '../../db/recordContext';
import { entityUrl } from '../../erp';
import type { ErpDeps } from '../../erp';
import { forbidden, invalid, notFound } from '../../errors/DomainError';
import { companyToRead, restrictionOf, tableVisibleCondition, viewerOf } from '../../access';
import { integerParam, queryInteger, queryOf, queryString } from '../../http/requestHelpers';

/** Opening a folder's record in the ERP is Launch Card (embedded §5: launch needs a launch privilege). */
export const URL_GENERATION_PRIVILEGE = 'Dynamics: Launch Card From Document';

/** What a user without it reads. */
export const URL_GENERATION_REFUSED = `Opening the record in the ERP needs the '${URL_GENERATION_PRIVILEGE}' privilege.`;

/** Ours: the folder's source is no integrated table the caller may see. */
export const FOLDER_SOURCE_NOT_FOUND = 'The integrated table was not found.';

/** What GET /api/folder-structure/url-generation/{sourceId} answers. */
export interface GeneratedUrl {
  url: string;
  pageId: number;
  number: string;
  sitId: number;
  typeName: string;
  dataAreaId: string;
  recordId: string;
}

// The answer schema holds every field: the serialiser drops what it lacks.
const urlMatches: AnswerMatches<typeof UrlGenerationAnswer, GeneratedUrl> = true;
void urlMatches;

/**
 * GET /api/folder-structure/url-generation/{sourceId}?dataAreaId=&recordId=&docId=&queueId=
 * (embedded §7): the URL of a folder's record in its ERP, the folder named by its source (the
 * integrated table id a folder's constraints carry as sitId; a related record's folder as
 * relatedSitId), so the tree can open a related record without knowing its type's name. Needs
 * 'Dynamics: Launch Card From Document' (403); RestrictToDataAreaId of docId's or queueId's
 * queue (403, or the spec's words without a company); the ERP reads the record first.
 */
export function registerUrlGenerationRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get<{ Params: { sourceId: string } }>(
    '/folder-structure/url-generation/:sourceId',
    { schema: { params: UrlGenerationParams, querystring: UrlGenerationQuery, response: okAnswer(UrlGenerationAnswer) } },
    async (request): Promise<GeneratedUrl> => {
      const viewer = viewerOf(request);
      if (!viewer.privileges.has(URL_GENERATION_PRIVILEGE)) throw forbidden(URL_GENERATION_REFUSED);
      const sitId = integerParam(request, 'sourceId');
      const table = await deps.db
        .selectFrom('integrated_tables as t')
        .selectAll('t')
        .where('t.id', '=', sitId)
        .where((eb) => tableVisibleCondition(eb, viewer))
        .executeTakeFirst();
      if (table === undefined) throw notFound(FOLDER_SOURCE_NOT_FOUND);
      const query = queryOf(request);
      const rawRecordId = queryString(query, 'recordId')?.trim() ?? '';
      if (rawRecordId === '') throw invalid('Name the record: recordId.');
      const requested = queryString(query, 'dataAreaId');
      const restriction = await restrictionOf(deps.db, viewer, {
        docId: queryInteger(query, 'docId'),
        queueId: queryInteger(query, 'queueId'),
        currentCompany: requested,
      });
      const company = companyToRead(restriction, requested);
      const recordId = normaliseRecordId(rawRecordId);
      const found = await entityUrl(deps.entitySources, table.entity_type_name, company, recordId);
      const dataAreaId = company ?? deps.entitySources.source(table.entity_type_name.split(':')[0]).config.company;
      return { ...found, sitId: table.id, typeName: table.entity_type_name, dataAreaId, recordId };
    },
  );
}
