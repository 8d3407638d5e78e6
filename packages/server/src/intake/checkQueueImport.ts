import { hasQueueFeature } from '@datahaven/core/model';
import { queueRefusesImport } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, invalid, notFound } from '../errors/DomainError';
import { QUEUE_ACCESS_FLAGS, assertNotFinalQueue, assertQueueActionAllowed, findQueuesWithAccess } from '../access';
import type { QueueWithAccess, Viewer } from '../access';

/** The privilege every import needs, as an upload on a record does. */
const IMPORT_PRIVILEGE = 'Cabinet: Import Documents';

/**
 * Whether the viewer may drop files on the queue (POST /api/queues/{id}/documents, and an e-mail's
 * filing into it): the 'Cabinet: Import Documents' and 'Workflow Queues: OK' privileges (403 in
 * words), a queue they may open documents in (AccessDocumentWithin; else 404, as a queue they cannot see), enabled (400),
 * the queue policy's `import` (the Paste flag; a member who only follows the queue → 403 in words),
 * importing allowed: a NoImporting queue refuses with 'Error: Cannot complete import!' and why
 * (403), and not a final queue (403 in words: documents enter Approved or Rejected only through
 * the workflow; commitArrivals asks again in its transaction).
 */
export async function checkQueueImport(db: Kysely<Database>, viewer: Viewer, queueId: number): Promise<QueueWithAccess> {
  if (!viewer.privileges.has(IMPORT_PRIVILEGE)) throw forbidden(`Importing documents needs the '${IMPORT_PRIVILEGE}' privilege.`);
  if (!viewer.privileges.has('Workflow Queues: OK')) throw forbidden("Importing into a queue needs the 'Workflow Queues: OK' privilege.");
  const queue = (await findQueuesWithAccess(db, viewer, [queueId])).get(queueId);
  if (queue === undefined || (queue.access & QUEUE_ACCESS_FLAGS.AccessDocumentWithin) === 0) throw notFound('The queue was not found.');
  if (!queue.enabled) throw invalid(`The queue ${queue.name} is disabled.`);
  if (hasQueueFeature(queue, 'NoImporting')) throw forbidden(queueRefusesImport(queue.name));
  await assertNotFinalQueue(db, queue);
  assertQueueActionAllowed('import', queue);
  return queue;
}
