import { useCallback } from 'react';
import { hasQueueFeature, type DmsDocument, type WorkflowQueue } from '../../../model';
import { validateUpload } from '../../../rules';
import { MESSAGE_FUNCTIONS } from '../../../locale/messageFunctions';
import { UI_TEXT } from '../../../locale/uiText';
import { useServices } from '../../app/DatahavenServices';
import { useOptionValues } from '../../app/useOptionValues';
import { useNotify } from '../../app/useToast';

/** What a queue's documents screen needs to import dropped or picked files into its queue. */
export interface QueueImport {
  /** Why the queue takes no files from the caller (NoImporting, a final queue, no Paste flag: the server's words), or null while it does. */
  refusal: string | null;
  /** Starts one upload per file into the queue; each shows in the uploads panel with its progress. */
  importFiles(files: readonly File[]): void;
}

/**
 * Imports files into a queue through `POST /api/queues/{id}/documents`, on the uploads queue the
 * folders use (the Shell's UploadPanel shows each file's progress, cancel and end state), telling
 * the host of each ('POST /queue/upload' with the Upload's `queue`). `onImported` hears each
 * file that arrived, so the list can be read again.
 */
export function useQueueImport(queue: WorkflowQueue | null, onImported: (documents: DmsDocument[]) => void): QueueImport {
  const { api, uploads, host } = useServices();
  const options = useOptionValues();
  const notify = useNotify();
  // The server says why (issue 35: final queues, the Paste flag); a server that does not only has NoImporting to go by.
  const refusal =
    queue === null
      ? null
      : queue.importRefusal !== undefined
        ? queue.importRefusal
        : hasQueueFeature(queue, 'NoImporting')
          ? MESSAGE_FUNCTIONS.queueRefusesImport(queue.name)
          : null;
  const importFiles = useCallback(
    (files: readonly File[]) => {
      if (!queue || refusal !== null) return;
      for (const file of files) {
        const started = uploads.start(file, (onProgress, signal) => {
          // Refused files still get a row that ends as failed, with the reason, as in the folders.
          const validation = validateUpload(file, { fileUploadSizeLimit: options?.fileUploadSizeLimit ?? 0 });
          if (!validation.valid) return Promise.reject(new Error(validation.message));
          return api.documents.importToQueue(queue.id, file, onProgress, signal);
        });
        host
          .notifyUploadQueued({
            id: started.id,
            files: [{ name: file.name, size: file.size }],
            folder: null,
            link: null,
            queue: queue.id,
            scan: false,
          })
          .catch((error: unknown) => console.warn('Could not tell the host about the upload.', error));
        void started.finished.then((item) => {
          if (item.state !== 'done') return;
          notify(UI_TEXT.queueImport.imported(item.fileName, queue.name));
          onImported(item.documents);
        });
      }
    },
    [api, host, notify, onImported, options, queue, refusal, uploads],
  );
  return { refusal, importFiles };
}
