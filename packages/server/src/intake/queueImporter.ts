import { hasQueueFeature } from '@datahaven/core/model';
import { parseOptions, queueRefusesImport, uploadedByNote, userDateToStored } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { readOptions } from '../db/optionStore';
import type { Database } from '../db/schema';
import { forbidden, invalid, notFound } from '../errors/DomainError';
import { QUEUE_ACCESS_FLAGS, findQueuesWithAccess } from '../access';
import type { EnteredQueue, QueueWithAccess, Viewer } from '../access';
import type { AppDeps } from '../services/AppDeps';
import { documentsCommitted, insertDocument, insertNote } from '../documents';
import type { StagedFile } from './StagedFile';
import { recordQueueEntry } from '../workflow';

/** The privilege every import needs, as an upload on a record does. */
const IMPORT_PRIVILEGE = 'Cabinet: Import Documents';

/**
 * Whether the viewer may drop files on the queue (POST /api/queues/{id}/documents): the
 * 'Cabinet: Import Documents' and 'Workflow Queues: OK' privileges (403 in words), a queue they
 * may work in (AccessDocumentWithin; else 404, as a queue they cannot see), enabled (400), and
 * importing allowed: a NoImporting queue refuses with 'Error: Cannot complete import!' and why (403).
 */
export async function checkQueueImport(db: Kysely<Database>, viewer: Viewer, queueId: number): Promise<QueueWithAccess> {
  if (!viewer.privileges.has(IMPORT_PRIVILEGE)) throw forbidden(`Importing documents needs the '${IMPORT_PRIVILEGE}' privilege.`);
  if (!viewer.privileges.has('Workflow Queues: OK')) throw forbidden("Importing into a queue needs the 'Workflow Queues: OK' privilege.");
  const queue = (await findQueuesWithAccess(db, viewer, [queueId])).get(queueId);
  if (queue === undefined || (queue.access & QUEUE_ACCESS_FLAGS.AccessDocumentWithin) === 0) throw notFound('The queue was not found.');
  if (!queue.enabled) throw invalid(`The queue ${queue.name} is disabled.`);
  if (hasQueueFeature(queue, 'NoImporting')) throw forbidden(queueRefusesImport(queue.name));
  return queue;
}

/**
 * Commits files dropped on a queue (already staged and checked) as documents in it, unlinked and
 * without a subtype, each with its 'Uploaded by' note and the queue-entry note and history row,
 * in one transaction; their slow work starts after the commit. Resolves to the new ids in order.
 */
export async function commitQueueImport(
  deps: Pick<AppDeps, 'db' | 'now'> & Partial<Pick<AppDeps, 'jobSignal'>>,
  viewer: Pick<Viewer, 'userId' | 'username'>,
  queue: Pick<EnteredQueue, 'id' | 'name'>,
  files: readonly StagedFile[],
): Promise<number[]> {
  const now = deps.now().toISOString();
  const userDate = parseOptions(await readOptions(deps.db)).defaultUserDateToToday ? userDateToStored(now.slice(0, 10)) : null;
  const ids = await inWriteTransaction(deps.db, async (trx) => {
    const ids: number[] = [];
    for (const file of files) {
      const id = await insertDocument(
        trx,
        {
          fileKey: file.key,
          size: file.size,
          mediaType: file.mediaType,
          extension: file.extension,
          pages: file.pages,
          name: file.name,
          placement: { links: [], subtypeId: null, queueId: queue.id },
          userDate,
        },
        viewer.userId,
        now,
      );
      await insertNote(trx, id, viewer.userId, 'system', uploadedByNote(viewer.username), now);
      await recordQueueEntry(trx, id, queue, 'import', viewer, now);
      ids.push(id);
    }
    return ids;
  });
  documentsCommitted(deps);
  return ids;
}
