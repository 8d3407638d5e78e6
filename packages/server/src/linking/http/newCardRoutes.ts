import {
  NEW_CARD_OPERATION_REFUSED,
  NewCardBody,
  NewCardCreateBody,
  NewCardRecordAnswer,
  NewCardStepAnswer,
  createdAnswer,
  okAnswer,
} from '@datahaven/core/contract';
import type { LinkChange, NewCardCreateRequestBody, NewCardOperation, NewCardRecord, NewCardRequestBody } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { completeNewCard, createNewCardRecord, initiateNewCard } from '../newCardOperations';
import type { ErpDeps } from '../../erp';
import { badRequest } from '../../http/HttpError';
import { documentIdParam } from '../../http/requestHelpers';
import { viewerOf } from '../../access';

/**
 * New Card From Document (embedded §4 "New-record flow", §7): PUT /api/documents/{id}/new-card
 * with operationType 'initiate' records the caller's pending operation, POST /api/new-card makes
 * the record in the ERP through its connector, PUT … 'complete' links the document to it and
 * releases the caller's lock. The rules are linking/newCardOperations'; docs/API.md.
 */
export function registerNewCardRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.put<{ Body: NewCardRequestBody }>(
    '/documents/:id/new-card',
    { schema: { body: NewCardBody, response: okAnswer(NewCardStepAnswer) } },
    async (request): Promise<NewCardOperation | LinkChange> => {
      const viewer = viewerOf(request);
      const documentId = documentIdParam(request);
      const { operationType, ...body } = request.body;
      if (operationType === 'initiate') return initiateNewCard(deps, viewer, documentId, body);
      if (operationType === 'complete') return completeNewCard(deps, viewer, documentId, body);
      throw badRequest(NEW_CARD_OPERATION_REFUSED);
    },
  );

  app.post<{ Body: NewCardCreateRequestBody }>(
    '/new-card',
    { schema: { body: NewCardCreateBody, response: createdAnswer(NewCardRecordAnswer) } },
    async (request, reply): Promise<NewCardRecord> => {
      const record = await createNewCardRecord(deps, viewerOf(request), request.body.docId, request.body.values);
      reply.status(201);
      return record;
    },
  );
}
