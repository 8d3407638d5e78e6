import { DocumentLockInfoAnswer, DocumentLockInfoListAnswer, createdAnswer, okAnswer } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { acquireLock, findDocumentLocks, releaseLock, renewLock } from '../documentLocker';
import type { LockTarget } from '../documentLocker';
import { DomainError, conflict } from '../../errors/DomainError';
import { viewerOf } from '../../access';
import type { Viewer } from '../../access';
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

/** The system note a security manager's release of another user's lock leaves on the document (who held it, who broke it). */
export function lockReleasedNote(holder: string, manager: string): string {
  return `Lock held by ${holder} released by ${manager}.`;
}

/** What the former holder's next renewal answers (409) once a security manager released their lock. */
export function lockReleasedMessage(manager: string): string {
  return `Your lock was released by ${manager}.`;
}

/** The holder of the document's live lock when it is not the caller, else null. */
async function otherHolderOf(deps: AppDeps, viewer: Viewer, docId: number): Promise<string | null> {
  const row = await deps.db
    .selectFrom('document_locks')
    .innerJoin('users', 'users.id', 'document_locks.user_id')
    .select('users.username')
    .where('document_locks.document_id', '=', docId)
    .where('document_locks.user_id', '<>', viewer.userId)
    .where('document_locks.expires_at', '>', deps.databaseNow())
    .executeTakeFirst();
  return row?.username ?? null;
}

/**
 * The security manager who released the caller's lock on the document within the last lock
 * lifetime (an older release concerns a lock that would have expired anyway), read from the
 * system note the release left; null when there is none.
 */
async function releasedBy(deps: AppDeps, viewer: Viewer, docId: number): Promise<string | null> {
  const since = new Date(deps.now().getTime() - deps.config.lockMinutes * 60_000).toISOString();
  const notes = await deps.db
    .selectFrom('notes')
    .innerJoin('users', 'users.id', 'notes.author_id')
    .select(['notes.text', 'users.username'])
    .where('notes.document_id', '=', docId)
    .where('notes.kind', '=', 'system')
    .where('notes.created_at', '>=', since)
    .orderBy('notes.id', 'desc')
    .execute();
  return notes.find((note) => note.text === lockReleasedNote(viewer.username, note.username))?.username ?? null;
}

/**
 * Document locks (embedded §7 "Locks"; docs/API.md "Locks and approval lists"):
 * GET /api/documents/{id}/locks → DocumentLockInfo[] (0 or 1 live lock);
 * POST /api/locks?docId=&queueId=&rowConflictIds= → 201 DocumentLockInfo;
 * PUT /api/locks/renew?docId=&queueId= → DocumentLockInfo; DELETE /api/locks?docId=&queueId= → 204.
 * A security manager releasing another user's live lock leaves a system note naming both, and
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
    const target = lockTarget(queryOf(request));
    const viewer = viewerOf(request);
    // Only a security manager gets past releaseLock with another user's live lock: that is breaking it.
    const holder = await otherHolderOf(deps, viewer, target.docId);
    await releaseLock(deps, viewer, target);
    if (holder !== null) {
      await deps.db
        .insertInto('notes')
        .values({
          document_id: target.docId,
          author_id: viewer.userId,
          kind: 'system',
          text: lockReleasedNote(holder, viewer.username),
          created_at: deps.now().toISOString(),
        })
        .execute();
    }
    return reply.status(204).send();
  });
}
