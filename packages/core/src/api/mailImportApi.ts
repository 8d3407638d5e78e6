import type { ImportSettings } from '../contract/integratedTableContract';
import type { MailImport } from '../contract/mailImportContract';
import type { ApiClient, Query } from './ApiClient';
import { IDEMPOTENCY_KEY_HEADER } from './idempotencyKey';

/** Where an e-mail's files are filed (docs/API.md mail-import): a queue, or a record's folder as the upload takes its context. */
export type MailImportDestination =
  | { queueId: number }
  | {
      sitId: number;
      recordId: string;
      /** The record's company; the source's own when absent. */
      dataAreaId?: string;
      /** The folder's subtype; none files on the record without one. */
      subtypeId?: number;
    };

/** The multipart parts of one filing: the attachments, the e-mail itself, its subject and sender, and a note. */
export interface MailImportParts {
  /** The attachments, each a `file` part, in order. */
  files: readonly File[];
  /** The whole message as `.eml` (the `message` part), when it is kept as a document too. */
  message?: File;
  subject: string;
  /** The sender as `Name <address>`. */
  from: string;
  /** The note on every filed document; a blank one is left out. */
  note?: string;
}

/**
 * The server answered a filing with success, but its answer could not be read: the files may be
 * stored, so the same filing is sent again with the same Idempotency-Key (the server then answers
 * as the first time), exactly as for an ApiError whose `outcomeUnknown` is true.
 */
export class MailImportAnswerUnreadable extends Error {
  /** Always true: whether the files were stored is not known. */
  readonly outcomeUnknown = true;

  constructor(message: string) {
    super(message);
    this.name = 'MailImportAnswerUnreadable';
  }
}

/** No time-out beyond the wait for the answer's headers: the server checks and stores every file first. */
const MAIL_IMPORT_TIMEOUT_MS = 120_000;

/** Filing a received e-mail's files (docs/API.md `POST /mail-import`) and where a record's uploads go. */
export interface MailImportApi {
  /** Whether and where an upload on a table's records goes: its folders and import queue (GET /sits/{id}/importSettings). */
  getImportSettings(sitId: number, signal?: AbortSignal): Promise<ImportSettings>;
  /**
   * Files the parts into the destination (POST /mail-import, multipart) under `idempotencyKey`:
   * one key per filing, the same again only when a filing whose outcome is unknown is sent again.
   * Rejects with an ApiError in the server's words, or MailImportAnswerUnreadable.
   */
  importMail(destination: MailImportDestination, parts: MailImportParts, idempotencyKey: string): Promise<MailImport>;
}

/** The query of a destination, its keys in the order the server documents them. */
function destinationQuery(destination: MailImportDestination): Query {
  if ('queueId' in destination) return { queueId: destination.queueId };
  return {
    sitId: destination.sitId,
    recordId: destination.recordId,
    dataAreaId: destination.dataAreaId,
    subtypeId: destination.subtypeId,
  };
}

/** Creates the mail-import calls over an ApiClient. */
export function mailImportApi(client: ApiClient): MailImportApi {
  return {
    getImportSettings: (sitId, signal) => client.get<ImportSettings>(`/sits/${sitId}/importSettings`, { signal }),
    importMail: async (destination, parts, idempotencyKey) => {
      const form = new FormData();
      for (const file of parts.files) form.append('file', file, file.name);
      if (parts.message !== undefined) form.append('message', parts.message, parts.message.name);
      form.append('subject', parts.subject);
      form.append('from', parts.from);
      if (parts.note !== undefined && parts.note.trim() !== '') form.append('note', parts.note);
      const response = await client.authorizedFetch(client.url('/mail-import', destinationQuery(destination)), {
        method: 'POST',
        body: form,
        headers: { Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        timeoutMs: MAIL_IMPORT_TIMEOUT_MS,
      });
      try {
        return (await response.json()) as MailImport;
      } catch (cause) {
        throw new MailImportAnswerUnreadable(cause instanceof Error ? cause.message : String(cause));
      }
    },
  };
}
