import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { workflowApi, type ApiClient, type WorkflowQueue } from '@datahaven/core';
import { fileFromBase64, readAttachmentBase64, readMessageBase64, senderOf, whyNotImportable, type MailAttachment, type ReadMailItem } from './mailAttachments';

/** Props of the read-mode pane. */
export interface FileMailPaneProps {
  item: ReadMailItem;
  /** The core's web-services client, signed in through Outlook. */
  client: ApiClient;
  /** Where a queue opens in the web app (a new window: the pane is too narrow for the queue). */
  queueHref?: (queueId: number) => string;
}

/** The answer of `POST /api/mail-import` (docs/API.md; the core's MailImportAnswer), as far as the pane reads it. */
export interface MailImportResult {
  documents: { id: number }[];
  duplicates: { fileName: string; documentId: number | null; message: string }[];
}

/** Where one attachment stands while it is filed. */
interface Row {
  attachment: MailAttachment;
  state: string;
}

/** The pane's words (UX-DECISIONS "Outlook read pane: file an e-mail's invoice"). */
export const FILE_MAIL_TEXT = {
  title: "File this e-mail's invoice",
  noAttachments: 'This message has no attachments to file.',
  noQueues: 'You may import into no queue.',
  reading: 'Reading from Outlook…',
  sending: 'Sending…',
  filed: 'Filed',
  notFiled: 'Not filed',
  filedIn: (count: number, queue: string): string => `${count} ${count === 1 ? 'document' : 'documents'} filed in ${queue}.`,
  nothingFiled: 'Nothing was filed.',
} as const;

/** Every queue of the workflow root the caller may browse, enabled ones only (the import refuses a disabled queue). */
function queuesOf(root: { queueTypes: { queues: WorkflowQueue[] }[] }): WorkflowQueue[] {
  return root.queueTypes.flatMap((type) => type.queues).filter((queue) => queue.enabled);
}

/**
 * Outlook read mode: the open message's attachments (PDF, TIFF and images importable, the rest
 * said not to be in words), a queue to file them in, the message itself optionally kept, and a
 * note; each file read through Outlook and sent to `POST /api/mail-import` with the subject and
 * sender, its progress and the server's duplicates and refusals shown in words.
 */
export function FileMailPane({ item, client, queueHref = (id) => `/queues/${id}/documents` }: FileMailPaneProps): ReactElement {
  const [queues, setQueues] = useState<WorkflowQueue[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(item.attachments.filter((attachment) => whyNotImportable(attachment) === null).map((attachment) => attachment.id)));
  const [keepMessage, setKeepMessage] = useState(false);
  const [note, setNote] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; queue: WorkflowQueue | null } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    workflowApi(client)
      .getRoot({}, abort.signal)
      .then((root) => {
        const list = queuesOf(root);
        setQueues(list);
        setQueueId((current) => current ?? list[0]?.id ?? null);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setLoadError(error instanceof Error ? error.message : String(error));
      });
    return () => abort.abort();
  }, [client]);

  const setState = (id: string, state: string): void => setRows((current) => current.map((row) => (row.attachment.id === id ? { ...row, state } : row)));

  const file = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const queue = queues?.find((candidate) => candidate.id === queueId) ?? null;
    if (queue === null) return;
    const picked = item.attachments.filter((attachment) => chosen.has(attachment.id));
    setBusy(true);
    setOutcome(null);
    setRows(picked.map((attachment) => ({ attachment, state: 'Waiting' })));
    const form = new FormData();
    const sent: MailAttachment[] = [];
    // One by one: Outlook hands out one attachment per call, and a file it cannot read does not stop the others.
    for (const attachment of picked) {
      setState(attachment.id, FILE_MAIL_TEXT.reading);
      try {
        const base64 = await readAttachmentBase64(item, attachment);
        form.append('file', fileFromBase64(base64, attachment.name, attachment.contentType), attachment.name);
        sent.push(attachment);
        setState(attachment.id, FILE_MAIL_TEXT.sending);
      } catch (error) {
        setState(attachment.id, error instanceof Error ? error.message : String(error));
      }
    }
    const subject = item.subject ?? '';
    if (keepMessage) {
      try {
        const message = await readMessageBase64(item);
        if (message !== null) form.append('message', fileFromBase64(message, `${subject.trim() || 'message'}.eml`, 'message/rfc822'));
      } catch (error) {
        setOutcome({ text: error instanceof Error ? error.message : String(error), queue: null });
      }
    }
    if (sent.length === 0) {
      setOutcome({ text: FILE_MAIL_TEXT.nothingFiled, queue: null });
      setBusy(false);
      return;
    }
    form.append('subject', subject);
    form.append('from', senderOf(item));
    if (note.trim() !== '') form.append('note', note);
    try {
      // No time-out beyond the wait for the answer's headers: the server checks and stores every file first.
      const response = await client.authorizedFetch(client.url('/mail-import', { queueId: queue.id }), { method: 'POST', body: form, headers: { Accept: 'application/json' }, timeoutMs: 120_000 });
      const answer = (await response.json()) as MailImportResult;
      const duplicateOf = new Map(answer.duplicates.map((duplicate) => [duplicate.fileName, duplicate.message]));
      for (const attachment of sent) setState(attachment.id, duplicateOf.get(attachment.name) ?? FILE_MAIL_TEXT.filed);
      const filed = answer.documents.length;
      setOutcome({ text: filed > 0 ? FILE_MAIL_TEXT.filedIn(filed, queue.name) : FILE_MAIL_TEXT.nothingFiled, queue: filed > 0 ? queue : null });
    } catch (error) {
      // A refusal (409 every file a duplicate, 403, 413, 415 …) comes in the server's words.
      for (const attachment of sent) setState(attachment.id, FILE_MAIL_TEXT.notFiled);
      setOutcome({ text: error instanceof Error ? error.message : String(error), queue: null });
    } finally {
      setBusy(false);
    }
  };

  const importable = item.attachments.some((attachment) => whyNotImportable(attachment) === null);
  return (
    <form aria-labelledby="file-mail-title" onSubmit={(event) => void file(event)} style={{ padding: 12, display: 'grid', gap: 12, fontFamily: 'inherit' }}>
      <h1 id="file-mail-title" style={{ fontSize: 18, margin: 0 }}>{FILE_MAIL_TEXT.title}</h1>
      {item.attachments.length === 0 ? <p role="status">{FILE_MAIL_TEXT.noAttachments}</p> : null}
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>Attachments</legend>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {item.attachments.map((attachment) => {
            const why = whyNotImportable(attachment);
            return (
              <li key={attachment.id}>
                {why === null ? (
                  <label>
                    <input
                      type="checkbox"
                      checked={chosen.has(attachment.id)}
                      disabled={busy}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(attachment.id);
                        else next.delete(attachment.id);
                        setChosen(next);
                      }}
                    />{' '}
                    {attachment.name}
                  </label>
                ) : (
                  <span>{why}</span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {loadError !== null ? <p role="alert">{loadError}</p> : null}
      {queues !== null && queues.length === 0 ? <p role="status">{FILE_MAIL_TEXT.noQueues}</p> : null}
      <label>
        Queue{' '}
        <select value={queueId ?? ''} disabled={busy || queues === null || queues.length === 0} onChange={(event) => setQueueId(Number(event.target.value))}>
          {(queues ?? []).map((queue) => (
            <option key={queue.id} value={queue.id}>
              {queue.queueTypeName} — {queue.name}
            </option>
          ))}
        </select>
      </label>
      {item.getAsFileAsync !== undefined ? (
        <label>
          <input type="checkbox" checked={keepMessage} disabled={busy} onChange={(event) => setKeepMessage(event.target.checked)} /> Keep the e-mail itself as a document
        </label>
      ) : null}
      <label style={{ display: 'grid', gap: 4 }}>
        Note
        <textarea value={note} maxLength={4000} rows={3} disabled={busy} onChange={(event) => setNote(event.target.value)} />
      </label>
      <button type="submit" disabled={busy || !importable || chosen.size === 0 || queueId === null}>
        File
      </button>
      {rows.length > 0 ? (
        <ul aria-label="Progress" style={{ padding: 0, listStyle: 'none', margin: 0 }}>
          {rows.map((row) => (
            <li key={row.attachment.id}>
              {row.attachment.name}: {row.state}
            </li>
          ))}
        </ul>
      ) : null}
      {outcome !== null ? (
        <p role="status">
          {outcome.text}
          {outcome.queue !== null ? (
            <>
              {' '}
              <a href={queueHref(outcome.queue.id)} target="_blank" rel="noreferrer">
                Open {outcome.queue.name}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </form>
  );
}
