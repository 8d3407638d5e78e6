import { hasQueueFeature } from '@datahaven/core/model';
import { messageFunctionsFor } from '@datahaven/core/rules';
import { finalQueueRefusal } from './finalQueues';
import { queueActionAllowed, queueActionRefusal } from './queueActionPolicy';

/** What the import rule reads of a queue: its name, features and the caller's effective access there. */
export interface ImportableQueue {
  name: string;
  features1: number;
  features2: number;
  access: number;
}

/**
 * Why the caller may not import files into the queue, or null when they may (privileges and the
 * queue's visibility aside): a NoImporting queue ('Error: Cannot complete import! …'), a final
 * queue (access/finalQueues: documents reach it only through the workflow, whoever asks), or no
 * Paste flag (the queue policy's `import`). POST /api/queues/{id}/documents refuses with these
 * words and the queues the client lists carry them (`importRefusal`), so the screen disables
 * exactly what the server refuses. In `language` (German or English).
 */
export function queueImportRefusal(queue: ImportableQueue, final: boolean, language = 'en'): string | null {
  if (hasQueueFeature(queue, 'NoImporting')) return messageFunctionsFor(language).queueRefusesImport(queue.name);
  if (final) return finalQueueRefusal(queue.name, language);
  if (!queueActionAllowed('import', queue.access)) return queueActionRefusal('import', queue.name, queue.access, language);
  return null;
}
