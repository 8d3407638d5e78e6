import { DocumentLockInfoAnswer, DocumentLockInfoListAnswer, createdAnswer, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { acquireLock, findDocumentLocks, releaseLock, renewLock } from '../../../commands/documentLocker';
import type { LockTarget } from '../../../commands/documentLocker';
import type { AppDeps } from '../../../services/AppDeps';
import { badRequest } from '../../HttpError';
import { documentIdParam, parseDocumentId, queryInteger, queryOf, queryString, viewerOf } from '../../requestHelpers';
import type { RawQuery } from '../../requestHelpers';

function requiredQueueId(query: RawQuery): number {
  const queueId = queryInteger(query, 'queueId');
  if (queueId === undefined || queueId <= 0) throw badRequest('queueId must be a queue id.');
  return queueId;
}

function lockTarget(query: RawQuery): LockTarget {
  const queueId = queryInteger(query, 'queueId');
  if (queueId !== undefined && queueId <= 0) throw badRequest('queueId must be a queue id.');
  return { docId: parseDocumentId(queryString(query, 'docId')), queueId: queueId ?? null };
}

/**
 * Document locks (embedded §7 "Locks"; docs/API.md "Locks and approval lists"):
 * GET /api/documents/{id}/locks → DocumentLockInfo[] (0 or 1 live lock);
 * POST /api/locks?docId=&queueId=&rowConflictIds= → 201 DocumentLockInfo;
 * PUT /api/locks/renew?docId=&queueId= → DocumentLockInfo; DELETE /api/locks?docId=&queueId= → 204.
 */
export function registerLockRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/documents/:id/locks', { schema: { response: okAnswer(DocumentLockInfoListAnswer) } }, async (request) => {
    const viewer = await viewerOf(request, deps);
    return findDocumentLocks(deps, viewer, documentIdParam(request));
  });

  app.post('/locks', { schema: { response: createdAnswer(DocumentLockInfoAnswer) } }, async (request, reply) => {
    const query = queryOf(request);
    const docId = parseDocumentId(queryString(query, 'docId'));
    const queueId = requiredQueueId(query);
    const rowVersion = queryInteger(query, 'rowConflictIds');
    if (rowVersion === undefined || rowVersion < 0) throw badRequest('rowConflictIds must be the row version the window saw.');
    const viewer = await viewerOf(request, deps);
    return reply.status(201).send(await acquireLock(deps, viewer, { docId, queueId, rowVersion }));
  });

  app.put('/locks/renew', { schema: { response: okAnswer(DocumentLockInfoAnswer) } }, async (request) => {
    const target = lockTarget(queryOf(request));
    const viewer = await viewerOf(request, deps);
    return renewLock(deps, viewer, target);
  });

  app.delete('/locks', async (request, reply) => {
    const target = lockTarget(queryOf(request));
    const viewer = await viewerOf(request, deps);
    await releaseLock(deps, viewer, target);
    return reply.status(204).send();
  });
}
