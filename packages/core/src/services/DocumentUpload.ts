import type { ApiServices } from '../api';
import type { HostAdapter } from '../host';
import type { ErpContext, FolderNode, UploadItem } from '../model';
import { validateUpload } from '../rules';
import { MESSAGES } from '../locale/messages';
import type { StartedUpload, UploadQueue } from '../state';

/** What an upload needs to know besides the files: the target folder, the record, the size limit. */
export interface UploadTarget {
  folder: FolderNode | null;
  record: ErpContext | null;
  /** The server's file upload size limit in bytes (0: none). */
  fileUploadSizeLimit: number;
}

/**
 * Upload of files into a record's folder (spec §4 "Upload queue"): each file gets a row in the
 * queue that reaches an end state (refused files too, with the reason), and the host hears of
 * each one (ERP: `POST /queue/upload`).
 */
export interface DocumentUpload {
  /**
   * Queues the files. Throws the spec's 'Cannot Complete Import' when there is no folder or
   * record to upload into. `onFinished` hears each file's end state.
   */
  upload(files: readonly File[], target: UploadTarget, onFinished?: (item: UploadItem) => void): StartedUpload[];
}

/** Creates the upload service of one mount over its web services, upload queue and host. */
export function createDocumentUpload(
  api: ApiServices,
  uploads: UploadQueue,
  host: Pick<HostAdapter, 'notifyUploadQueued'>,
): DocumentUpload {
  return {
    upload: (files, { folder, record, fileUploadSizeLimit }, onFinished) => {
      if (files.length === 0) return [];
      if (!folder || !record) throw new Error(MESSAGES.cannotCompleteImport);
      return files.map((file) => {
        const started = uploads.start(
          file,
          (onProgress, signal) => {
            // Refused files still get a row that ends as failed, with the reason, so every pick is accounted for.
            const validation = validateUpload(file, { fileUploadSizeLimit });
            if (!validation.valid) return Promise.reject(new Error(validation.message));
            return api.documents.uploadDocument(file, folder.constraints, onProgress, signal);
          },
          { folderId: folder.id },
        );
        host
          .notifyUploadQueued({
            id: started.id,
            files: [{ name: file.name, size: file.size }],
            folder: folder.constraints,
            link: {
              dataAreaId: record.dataAreaId,
              recordId: record.recordId,
              tableId: record.tableId,
              typeName: record.typeName,
              sitId: record.sitId,
            },
            queue: null,
            scan: false,
          })
          .catch((error: unknown) => console.warn('Could not tell the host about the upload.', error));
        if (onFinished) void started.finished.then(onFinished);
        return started;
      });
    },
  };
}
