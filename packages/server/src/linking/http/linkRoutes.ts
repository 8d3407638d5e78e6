import {
  DocumentLinkOrNullAnswer,
  LinkBody,
  LinkChangeAnswer,
  LinkQuery,
  PushLinkBody,
  RecordPostedAnswer,
  RecordPostedBody,
  UnlinkQuery,
  okAnswer,
} from '@datahaven/core/contract';
import type { LinkRequestBody, PushLinkRequestBody, RecordPostedRequestBody } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { DocumentLink } from '@datahaven/core/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { followPostedRecord } from '../documentLinker';
import type { LinkRequest } from '../documentLinker';
import { unlinkDocument } from '../documentUnlinker';
import { linkDocumentWithEvents } from '../linkEvents';
import { findVisibleDocument, presentDocumentLink, viewerOf } from '../../access';
import type { ErpDeps } from '../../erp';
import { notFound } from '../../http/HttpError';
import { documentIdParam, queryInteger, queryOf, queryString } from '../../http/requestHelpers';

/** The link request of a query (POST's; PUT reads it under its body): the contract has checked the forms. */
function linkRequestOfQuery(request: FastifyRequest): LinkRequest {
  const query = queryOf(request);
  const link: LinkRequest = {};
  const text = (name: 'relatedTypeName' | 'relatedDataAreaId' | 'relatedRecordId'): void => {
    const value = queryString(query, name);
    if (value !== undefined && value !== '') link[name] = value;
  };
  text('relatedTypeName');
  text('relatedDataAreaId');
  text('relatedRecordId');
  for (const name of ['relatedTableId', 'relatedSitId', 'rowConflictId', 'expectedQueueId'] as const) {
    const value = queryInteger(query, name);
    if (value !== undefined) link[name] = value;
  }
  return link;
}

/** The body's fields over the query's, field by field (embedded §7: PUT carries body and query). */
function linkRequestOfBody(base: LinkRequest, body: LinkRequestBody | PushLinkRequestBody): LinkRequest {
  const link = { ...base };
  for (const name of ['relatedTypeName', 'relatedDataAreaId', 'relatedRecordId'] as const) {
    const value = body[name];
    if (value !== undefined && value !== '') link[name] = value;
  }
  for (const name of ['relatedTableId', 'relatedSitId', 'rowConflictId', 'expectedQueueId'] as const) {
    const value = body[name];
    if (value !== undefined) link[name] = value;
  }
  return link;
}

/**
 * GET /api/documents/{id}/link → the primary DocumentLink, or null when unlinked;
 * POST (query) and PUT (body over query) /api/documents/{id}/link link the document to an ERP
 * record; DELETE (query rowConflictId, expectedQueueId) breaks the link; PUT
 * /api/documents/{id}/push-link links it to the record the user stands on in the ERP and, when
 * the push-link item says `locked`, releases the caller's lock (docs/UX-DECISIONS.md "Push link").
 * The changes answer `{ link, rowVersion }`; a link also what its queue's OnLink event did or asks
 * (linking/linkEvents: `queueId`, `autoApproved`, `autoApproveRefusal`, `promptToApprove`, `launchRecord`). PUT /api/record-events/posted (ours; needs Link to Existing, RestrictToDataAreaId) moves the links
 * of a record the ERP posted to the posted record it became. The rules are the commands'
 * (linking/documentLinker, documentUnlinker).
 */
export function registerLinkRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get('/documents/:id/link', { schema: { response: okAnswer(DocumentLinkOrNullAnswer) } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const row = await findVisibleDocument(deps.db, viewer, documentIdParam(request));
    if (row === undefined) throw notFound(MESSAGES.documentNotFound);
    const link: DocumentLink | null = presentDocumentLink(row);
    // Serialise null explicitly: Fastify would otherwise send an empty body.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(link));
  });

  app.post('/documents/:id/link', { schema: { querystring: LinkQuery, response: okAnswer(LinkChangeAnswer) } }, async (request) => {
    return linkDocumentWithEvents(deps, viewerOf(request), documentIdParam(request), linkRequestOfQuery(request));
  });

  app.put<{ Body: LinkRequestBody }>(
    '/documents/:id/link',
    { schema: { querystring: LinkQuery, body: LinkBody, response: okAnswer(LinkChangeAnswer) } },
    async (request) => {
      return linkDocumentWithEvents(
        deps,
        viewerOf(request),
        documentIdParam(request),
        linkRequestOfBody(linkRequestOfQuery(request), request.body),
      );
    },
  );

  app.delete('/documents/:id/link', { schema: { querystring: UnlinkQuery, response: okAnswer(LinkChangeAnswer) } }, async (request) => {
    const query = queryOf(request);
    const window: { rowConflictId?: number; expectedQueueId?: number } = {};
    const rowConflictId = queryInteger(query, 'rowConflictId');
    const expectedQueueId = queryInteger(query, 'expectedQueueId');
    if (rowConflictId !== undefined) window.rowConflictId = rowConflictId;
    if (expectedQueueId !== undefined) window.expectedQueueId = expectedQueueId;
    return unlinkDocument(deps, viewerOf(request), documentIdParam(request), window);
  });

  app.put<{ Body: RecordPostedRequestBody }>(
    '/record-events/posted',
    { schema: { body: RecordPostedBody, response: okAnswer(RecordPostedAnswer) } },
    async (request) => {
      return followPostedRecord(deps, viewerOf(request), request.body);
    },
  );

  app.put<{ Body: PushLinkRequestBody }>(
    '/documents/:id/push-link',
    { schema: { body: PushLinkBody, response: okAnswer(LinkChangeAnswer) } },
    async (request) => {
      const body = request.body;
      // The push-link item lives in the client's storage: everything comes in the body.
      const link = linkRequestOfBody({}, body);
      // The push-link item's queueId is the queue the document was staged from: it must still be there.
      if (body.queueId !== undefined) link.expectedQueueId = body.queueId;
      link.releaseOwnLock = body.locked === true;
      return linkDocumentWithEvents(deps, viewerOf(request), documentIdParam(request), link);
    },
  );
}
