import type { ApiServices } from '../api';
import type { HostCapabilities } from '../host';
import type { DmsDocument } from '../model';
import { UI_TEXT } from '../locale/uiText';

/** The annotation choice of an export: true/false as the user picked it, undefined for the server's default. */
export type EmbedChoice = boolean | undefined;

/** Where one document of an attach stands: waiting its turn, its file being fetched, handed to the host, attached, or failed (with the reason in words). */
export interface AttachProgress {
  docId: number;
  /** Known once the server sent the file. */
  fileName?: string;
  state: 'waiting' | 'fetching' | 'attaching' | 'attached' | 'failed';
  /** Why it failed, in words. */
  message?: string;
}

/**
 * Download, print and e-mail of stored documents, as the screens ask for them: the bytes come
 * through the web services (they need the bearer) and leave through the host's capabilities
 * (save, print, open, the parent's mail editor), so no screen touches the browser itself.
 */
export interface DocumentExport {
  /** Saves a document's own bytes (a type the viewer does not show, or the viewer's Download). */
  saveOriginal(document: Pick<DmsDocument, 'id' | 'name'>): Promise<void>;
  /** Saves one document as its file, several as Documents.zip (spec §2 downloader). */
  download(ids: readonly number[], embedAnnotations: EmbedChoice): Promise<void>;
  /** Prints a document as a PDF through the host's print dialog. */
  print(id: number, embedAnnotations: EmbedChoice): Promise<void>;
  /** Saves the evidence packet of the documents (one PDF; one document's named after it). */
  evidencePacket(ids: readonly number[]): Promise<void>;
  /** Whether the host makes drafts in its own mail editor (an ERP parent). */
  readonly hasParentDraft: boolean;
  /** Whether the host signs in to the user's mailbox (Graph drafts). */
  readonly hasMailboxDraft: boolean;
  /** Hands a draft to the host's mail editor (ERP `POST /email-draft`) with an absolute `.eml` link it fetches itself. */
  parentDraft(ids: readonly number[], embedAnnotations: EmbedChoice): Promise<void>;
  /**
   * Creates a draft in the user's mailbox and opens it: the window opens now, inside the user's
   * click, and follows the draft's URL (closed again when the draft fails). Rejects as the draft did.
   */
  mailboxDraft(ids: readonly number[], embedAnnotations: EmbedChoice): Promise<void>;
  /** Saves an `.eml` draft with the documents attached ("email draft download"). */
  downloadEmailDraft(ids: readonly number[], embedAnnotations: EmbedChoice): Promise<void>;
  /**
   * Attaches the documents to the item the host is composing (Outlook compose), one after the
   * other, telling `onProgress` each step of each file; a file that fails does not stop the
   * others. Resolves to each file's last step. Absent on hosts that compose nothing.
   */
  attach?(ids: readonly number[], embedAnnotations: EmbedChoice, onProgress: (progress: AttachProgress) => void): Promise<AttachProgress[]>;
}

/** Creates the export service of one mount over its web services and host capabilities. */
export function createDocumentExport(api: ApiServices, host: HostCapabilities): DocumentExport {
  const { attachFile, createEmailDraft, getGraphToken } = host;
  const service: DocumentExport = {
    saveOriginal: async (document) => {
      const response = await api.documents.fetchData(document.id, { download: true, urlEncodeFileName: true });
      await host.saveFile({ blob: await response.blob(), fileName: document.name });
    },
    download: async (ids, embedAnnotations) => {
      const file =
        ids.length === 1
          ? await api.export.downloadDocument(ids[0], { embedAnnotations })
          : await api.export.downloadDocuments(ids, { embedAnnotations });
      await host.saveFile(file);
    },
    print: async (id, embedAnnotations) => host.print(await api.export.fetchPrintablePdf(id, { embedAnnotations })),
    evidencePacket: async (ids) =>
      host.saveFile(ids.length === 1 ? await api.export.downloadEvidencePacket(ids[0]) : await api.export.downloadEvidencePackets(ids)),
    hasParentDraft: createEmailDraft !== undefined,
    hasMailboxDraft: getGraphToken !== undefined,
    parentDraft: async (ids, embedAnnotations) => {
      if (!createEmailDraft) throw new Error(UI_TEXT.export.noParentMailEditor);
      // The parent lives on another origin (BC): it needs an absolute link, fetched with its own token for the user.
      const emailLinkUrl = host.absoluteUrl(api.export.emailLinkUrl(ids, { embedAnnotations }));
      await createEmailDraft({ docIds: [...ids], embedAnnotations: embedAnnotations ?? null, emailLinkUrl });
    },
    mailboxDraft: (ids, embedAnnotations) => {
      if (!getGraphToken) return Promise.reject(new Error(UI_TEXT.export.noMailboxSignIn));
      // A webLink may be app-relative (the demo mailbox): the new window gets it absolute.
      const url = getGraphToken()
        .then((token) => api.export.createMailboxDraft(ids, token, { embedAnnotations }))
        .then((webLink) => host.absoluteUrl(webLink));
      host.openUrl(url);
      return url.then(() => undefined);
    },
    downloadEmailDraft: async (ids, embedAnnotations) => host.saveFile(await api.export.downloadEmailDraft(ids, { embedAnnotations })),
  };
  if (attachFile) {
    service.attach = async (ids, embedAnnotations, onProgress) => {
      const results: AttachProgress[] = [];
      for (const docId of ids) onProgress({ docId, state: 'waiting' });
      // One file at a time: Outlook attaches one per call, and each file's progress shows as it goes.
      for (const docId of ids) {
        let fileName: string | undefined;
        const step = (progress: AttachProgress): AttachProgress => {
          onProgress(progress);
          return progress;
        };
        try {
          step({ docId, state: 'fetching' });
          const file = await api.export.fetchBase64(docId, { embedAnnotations });
          fileName = file.fileName;
          step({ docId, fileName, state: 'attaching' });
          await attachFile(file);
          results.push(step({ docId, fileName, state: 'attached' }));
        } catch (error) {
          const message = error instanceof Error && error.message !== '' ? error.message : String(error);
          results.push(step({ docId, fileName, state: 'failed', message }));
        }
      }
      return results;
    };
  }
  return service;
}
