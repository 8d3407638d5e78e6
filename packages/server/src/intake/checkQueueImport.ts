import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, invalid, notFound } from '../errors/DomainError';
import { QUEUE_ACCESS_FLAGS, accessRefusalsFor, findFinalQueueIds, findQueuesWithAccess, queueImportRefusal } from '../access';
import type { QueueWithAccess, Viewer } from '../access';

/** The privilege every import needs, as an upload on a record does. */
const IMPORT_PRIVILEGE = 'Cabinet: Import Documents';

/**
 * Whether the viewer may drop files on the queue (POST /api/queues/{id}/documents, and an e-mail's
 * filing into it): the 'Cabinet: Import Documents' and 'Workflow Queues: OK' privileges (403 in
 * words), a queue they may open documents in (AccessDocumentWithin; else 404, as a queue they cannot see), enabled (400),
 * then access/queueImportRefusal (403 in its words): not NoImporting ('Error: Cannot complete
 * import!' and why), not a final queue (documents enter Approved or Rejected only through the
 * workflow; commitArrivals asks again in its transaction), and the queue policy's `import` (the
 * Paste flag; a member who only follows the queue is told so).
 */
export async function checkQueueImport(db: Kysely<Database>, viewer: Viewer, queueId: number): Promise<QueueWithAccess> {
  if (!viewer.privileges.has(IMPORT_PRIVILEGE))
    throw forbidden((language) => accessRefusalsFor(language).privilegeNeeded('importing', IMPORT_PRIVILEGE));
  if (!viewer.privileges.has('Workflow Queues: OK'))
    throw forbidden((language) => accessRefusalsFor(language).privilegeNeeded('importingIntoQueue', 'Workflow Queues: OK'));
  const queue = (await findQueuesWithAccess(db, viewer, [queueId])).get(queueId);
  if (queue === undefined || (queue.access & QUEUE_ACCESS_FLAGS.AccessDocumentWithin) === 0) throw notFound('The queue was not found.');
  const queueName = queue.name;
  if (!queue.enabled) throw invalid((language) => accessRefusalsFor(language).queueDisabled(queueName));
  const final = (await findFinalQueueIds(db, [queue.id])).has(queue.id);
  if (queueImportRefusal(queue, final) !== null) throw forbidden((language) => queueImportRefusal(queue, final, language) ?? '');
  return queue;
}
