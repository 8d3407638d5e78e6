import { DocumentLockInfoAnswer, DocumentLockInfoListAnswer, createdAnswer, okAnswer } from '@datahaven/core/contract';
import { LIMITS } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { acquireLock, findDocumentLocks, lockReleasedMessage, releaseLock, releasedBy, renewLock } from '../documentLocker';
import type { LockTarget } from '../documentLocker';
import { DomainError, conflict } from '../../errors/DomainError';
import { viewerOf } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { badRequest } from '../../http/HttpError';
import { documentIdParam, parseDocumentId, queryInteger, queryOf, queryString } from '../../http/requestHelpers';
import type { RawQuery } from '../../http/requestHelpers';

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
 * PUT /api/locks/renew?docId=&queueId= → DocumentLockInfo; DELETE /api/locks?docId=&queueId=&note= → 204.
 * A security manager releasing another user's live lock (OptInWorkflow or not) leaves a system note
 * naming both and their optional `note` (the reason) as a user note, and
 * the former holder's next renewal answers 409 'Your lock was released by {manager}.' instead of
 * 'The document has been locked by another user.' (docs/UX-DECISIONS.md "Broken locks").
 */
export function registerLockRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/documents/:id/locks', { schema: { response: okAnswer(DocumentLockInfoListAnswer) } }, async (request) => {
    const viewer = viewerOf(request);
    return findDocumentLocks(deps, viewer, documentIdParam(request));
  });

  app.post('/locks', { schema: { response: createdAnswer(DocumentLockInfoAnswer) } }, async (request, reply) => {
    const query = queryOf(request);
    const docId = parseDocumentId(queryString(query, 'docId'));
    const queueId = requiredQueueId(query);
    const rowVersion = queryInteger(query, 'rowConflictIds');
    if (rowVersion === undefined || rowVersion < 0) throw badRequest('rowConflictIds must be the row version the window saw.');
    const viewer = viewerOf(request);
    return reply.status(201).send(await acquireLock(deps, viewer, { docId, queueId, rowVersion }));
  });

  app.put('/locks/renew', { schema: { response: okAnswer(DocumentLockInfoAnswer) } }, async (request) => {
    const target = lockTarget(queryOf(request));
    const viewer = viewerOf(request);
    try {
      return await renewLock(deps, viewer, target);
    } catch (error) {
      // The holder learns that their lock was broken, and by whom, the next time their window renews it.
      if (error instanceof DomainError && error.kind === 'Conflict' && error.message === MESSAGES.documentLockedByOther) {
        const manager = await releasedBy(deps, viewer, target.docId);
        if (manager !== null) throw conflict(lockReleasedMessage(manager));
      }
      throw error;
    }
  });

  app.delete('/locks', async (request, reply) => {
    const query = queryOf(request);
    const target = lockTarget(query);
    const note = queryString(query, 'note')?.trim() ?? '';
    if (Array.from(note).length > LIMITS.noteMaxLength) throw badRequest(MESSAGES.noteTooLong);
    const viewer = viewerOf(request);
    await releaseLock(deps, viewer, target, note === '' ? null : note);
    return reply.status(204).send();
  });
}
