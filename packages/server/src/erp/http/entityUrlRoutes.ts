import { EntityUrlAnswer, EntityUrlQuery, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { entityUrl } from '../entityUrlQueries';
import type { EntityUrl } from '../entityUrlQueries';
import { splitEntityTypeName } from '../entityTypeQueries';
import { forbidden, invalid } from '../../errors/DomainError';
import type { ErpDeps } from '../ErpDeps';
import { companyForRead, viewerOf } from '../../access';
import { queryInteger, queryOf, queryString } from '../../http/requestHelpers';

/** The record's URL is what Launch Card opens (embedded §5: launch needs a launch privilege). */
export const ENTITY_URL_PRIVILEGE = 'Dynamics: Launch Card From Document';

/** What a user without it reads. */
export const ENTITY_URL_REFUSED = `Opening the record in the ERP needs the '${ENTITY_URL_PRIVILEGE}' privilege.`;

// The answer schema holds every field of the query's answer: the serialiser drops what it lacks.
const urlMatches: AnswerMatches<typeof EntityUrlAnswer, EntityUrl> = true;
void urlMatches;

/**
 * GET /api/entities/url?typeName=&dataAreaId=&recordId= (embedded §7): the URL of a record's card
 * in Business Central's web client, for Launch Card outside BC. Needs 'Dynamics: Launch Card From
 * Document'; the record is read from the ERP first (missing → 404, the ERP down → 503).
 */
export function registerEntityUrlRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get(
    '/entities/url',
    { schema: { querystring: EntityUrlQuery, response: okAnswer(EntityUrlAnswer) } },
    async (request): Promise<EntityUrl> => {
      const viewer = viewerOf(request);
      if (!viewer.privileges.has(ENTITY_URL_PRIVILEGE)) throw forbidden(ENTITY_URL_REFUSED);
      const query = queryOf(request);
      const typeName = queryString(query, 'typeName');
      const recordId = queryString(query, 'recordId');
      if (typeName === undefined || recordId === undefined) throw invalid('Name the record: typeName and recordId.');
      splitEntityTypeName(typeName);
      // RestrictToDataAreaId of the document's (or queue's) queue: a record of another company is not opened.
      const dataAreaId = await companyForRead(deps.db, viewer, {
        docId: queryInteger(query, 'docId'),
        queueId: queryInteger(query, 'queueId'),
        dataAreaId: queryString(query, 'dataAreaId'),
      });
      return entityUrl(deps.entitySources, typeName, dataAreaId, recordId);
    },
  );
}
