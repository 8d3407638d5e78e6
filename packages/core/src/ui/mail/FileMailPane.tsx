import { useId, useMemo, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Dropdown,
  Field,
  Link,
  MessageBar,
  MessageBarBody,
  Option,
  ProgressBar,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle2,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError, MailImportAnswerUnreadable, newIdempotencyKey, type MailImportDestination } from '../../api';
import type { HostMailMessage } from '../../host';
import type { WorkflowQueue, WorkflowRoot } from '../../model';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { useOpenAppPage } from '../app/useOpenAppPage';
import { queryKeys } from '../../state/queryKeys';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { fileFromBase64, messageFileName, senderOf, whyMessageNotKept, whyNotImportable } from './mailFilingRules';
import { RecordDestinationFields, type RecordDestination } from './RecordDestinationFields';

/** Props of the filing view. */
export interface FileMailPaneProps {
  /** The e-mail being read, as the host hands it out. */
  message: HostMailMessage;
  /**
   * The app page of a queue, opened as the host opens its own pages (useOpenAppPage: in the pane
   * for Outlook, whose new windows would carry no sign-in). Default: the responsive workflow view.
   */
  queueHref?: (queueId: number) => string;
}

/** One file of a filing (an attachment or the kept e-mail) and where it stands. */
interface Row {
  key: string;
  name: string;
  state: string;
  failed: boolean;
}

/** How a filing ended: its words, how they read, and the queue to open. */
interface Outcome {
  intent: 'success' | 'warning' | 'error';
  text: string;
  queue: WorkflowQueue | null;
}

type DestinationKind = 'queue' | 'record';

const TEXT = UI_TEXT.mail.file;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM, minWidth: 0 },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, border: 0, margin: 0, padding: 0, minWidth: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  attachment: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  detail: { color: tokens.colorNeutralForeground3, paddingInlineStart: '32px', overflowWrap: 'anywhere' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    overflowWrap: 'anywhere',
  },
  failed: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** Every queue of the workflow root the caller may browse, enabled ones only (the import refuses a disabled queue). */
function queuesOf(root: WorkflowRoot): WorkflowQueue[] {
  return root.queueTypes.flatMap((type) => type.queues).filter((queue) => queue.enabled);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether the server may have stored a filing although no success came back: the same filing then goes again with its key. */
function outcomeUnknown(error: unknown): boolean {
  return (error instanceof ApiError && error.outcomeUnknown) || error instanceof MailImportAnswerUnreadable;
}

/** The mail-import destination of a choice (docs/API.md: a queue, or the record context as the upload takes it). */
function destinationOf(kind: DestinationKind, queue: WorkflowQueue | null, record: RecordDestination | null): MailImportDestination | null {
  if (kind === 'queue') return queue === null ? null : { queueId: queue.id };
  if (record === null) return null;
  return { sitId: record.sitId, recordId: record.recordId, dataAreaId: record.dataAreaId, subtypeId: record.subtypeId ?? undefined };
}

/**
 * "File this e-mail's invoice": the message's attachments (PDF, TIFF and images ticked, every
 * other one said in words with its size), into a queue or a record's folder, the e-mail itself
 * optionally kept, and a note; each file read through the host and sent to `POST /api/mail-import`
 * with the subject and sender, its progress and the server's duplicates and refusals shown in
 * words. A filing refreshes the queues, folders and searches it added documents to.
 */
export function FileMailPane({ message, queueHref = (id) => `/workflow2/queues/${id}/documents` }: FileMailPaneProps): ReactElement {
  const styles = useStyles();
  const openAppPage = useOpenAppPage();
  const titleId = useId();
  const attachmentsId = useId();
  const { api, loading } = useServices();
  const queryClient = useQueryClient();
  const { formatFileSize } = useLocaleFormats();
  // The queues read as the workflow root lists them; a failure is said here, not in the alert area.
  const rootQuery = useQuery({
    queryKey: queryKeys.workflowRoot({}),
    queryFn: ({ signal }) => loading.track(api.workflow.getRoot({}, signal)),
    meta: { quiet: true },
  });
  // The server's upload size limit, so a file it would refuse is said before the host reads it; without it the server judges.
  const optionsQuery = useQuery({
    queryKey: queryKeys.options,
    queryFn: () => api.options.getValues(),
    staleTime: Infinity,
    meta: { quiet: true },
  });
  const queues = useMemo(() => (rootQuery.data === undefined ? null : queuesOf(rootQuery.data)), [rootQuery.data]);
  // The ones the caller may file into: the server says which refuse (a final queue, no Paste flag, NoImporting).
  const fileableQueues = useMemo(() => queues?.filter((candidate) => (candidate.importRefusal ?? null) === null) ?? null, [queues]);
  const loadError = rootQuery.error === null ? null : messageOf(rootQuery.error);
  const sizeLimit = optionsQuery.data?.fileUploadSizeLimit ?? 0;
  const [pickedQueueId, setQueueId] = useState<number | null>(null);
  const [kind, setKind] = useState<DestinationKind>('queue');
  const [record, setRecord] = useState<RecordDestination | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        message.attachments
          .filter((attachment) => whyNotImportable(attachment, 0, formatFileSize) === null)
          .map((attachment) => attachment.id),
      ),
  );
  const [keepMessage, setKeepMessage] = useState(false);
  const [note, setNote] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The Idempotency-Key of a filing whose outcome is unknown (no answer, a gateway's 502/504, 'still
  // being processed': ApiError.outcomeUnknown, or a success whose body could not be read): the
  // same filing sent again carries it, so a server that had stored it answers as the first time
  // instead of "already in the queue"; anything else filed is a new action with a new key.
  const unanswered = useRef<{ request: string; key: string } | null>(null);

  const reasons = useMemo(
    () => new Map(message.attachments.map((attachment) => [attachment.id, whyNotImportable(attachment, sizeLimit, formatFileSize)])),
    [message.attachments, sizeLimit, formatFileSize],
  );
  const importable = message.attachments.filter((attachment) => reasons.get(attachment.id) === null);
  const picked = importable.filter((attachment) => chosen.has(attachment.id));
  const messageReason = whyMessageNotKept(message);
  const queueId = pickedQueueId ?? fileableQueues?.[0]?.id ?? null;
  const queue = fileableQueues?.find((candidate) => candidate.id === queueId) ?? null;
  const destination = destinationOf(kind, queue, record);
  const fileCount = picked.length + (keepMessage && messageReason === null ? 1 : 0);
  // Each file read from the host is a step, and the server's answer the last one.
  const doneCount = rows.filter((row) => row.state !== TEXT.waiting && row.state !== TEXT.reading).length;

  const setRow = (key: string, state: string, failed = false): void =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, state, failed } : row)));

  const file = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (destination === null || busy || fileCount === 0) return;
    const readAsEml = keepMessage && messageReason === null ? message.readAsEml : undefined;
    const messageName = messageFileName(message.subject);
    const target = kind === 'queue' ? { queue, record: null } : { queue: null, record };
    setBusy(true);
    setOutcome(null);
    setRows([
      ...picked.map((attachment) => ({ key: attachment.id, name: attachment.name, state: TEXT.waiting, failed: false })),
      ...(readAsEml !== undefined ? [{ key: 'message', name: messageName, state: TEXT.waiting, failed: false }] : []),
    ]);
    const files: File[] = [];
    let eml: File | undefined;
    const sent: { key: string; name: string }[] = [];
    // One by one: Outlook hands out one attachment per call, and a file it cannot read does not stop the others.
    for (const attachment of picked) {
      setRow(attachment.id, TEXT.reading);
      try {
        const base64 = await message.readAttachment(attachment);
        files.push(fileFromBase64(base64, attachment.name, attachment.contentType));
        sent.push({ key: attachment.id, name: attachment.name });
        setRow(attachment.id, TEXT.sending);
      } catch (error) {
        setRow(attachment.id, messageOf(error), true);
      }
    }
    if (readAsEml !== undefined) {
      setRow('message', TEXT.reading);
      try {
        eml = fileFromBase64(await readAsEml.call(message), messageName, 'message/rfc822');
        sent.push({ key: 'message', name: messageName });
        setRow('message', TEXT.sending);
      } catch (error) {
        setRow('message', messageOf(error), true);
      }
    }
    if (sent.length === 0) {
      setOutcome({ intent: 'error', text: TEXT.nothingFiled, queue: null });
      setBusy(false);
      return;
    }
    const subject = message.subject ?? '';
    const from = senderOf(message);
    const request = JSON.stringify([destination, sent, note, subject, from]);
    const idempotencyKey = unanswered.current?.request === request ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = null;
    let answered = false;
    try {
      const answer = await api.mailImport.importMail(destination, { files, message: eml, subject, from, note }, idempotencyKey);
      answered = true;
      // The documents are in a queue or on a record now: its lists and the searches show them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflow });
      void queryClient.invalidateQueries({ queryKey: queryKeys.folders });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      const duplicateOf = new Map(answer.duplicates.map((duplicate) => [duplicate.fileName, duplicate.message]));
      for (const { key, name } of sent) setRow(key, duplicateOf.get(name) ?? TEXT.filed);
      const filed = answer.documents.length;
      if (filed === 0) setOutcome({ intent: 'warning', text: TEXT.nothingFiled, queue: null });
      else if (target.queue !== null) setOutcome({ intent: 'success', text: TEXT.filedIn(filed, target.queue.name), queue: target.queue });
      else if (target.record !== null) {
        // A table with an import queue puts the documents there too; the clerk hears where they wait.
        const importQueue = queues?.find((candidate) => candidate.id === target.record?.importQueueId) ?? null;
        const text = TEXT.filedOn(filed, target.record.recordLabel, target.record.folderText);
        setOutcome({
          intent: 'success',
          text: importQueue === null ? text : `${text} ${TEXT.waitsIn(filed, importQueue.name)}`,
          queue: importQueue,
        });
      }
    } catch (error) {
      // Any other refusal stored nothing: the next try is a new action.
      if (answered || outcomeUnknown(error)) unanswered.current = { request, key: idempotencyKey };
      // A refusal (409 every file a duplicate, 403, 413, 415 …) comes in the server's words.
      for (const { key } of sent) setRow(key, TEXT.notFiled, true);
      setOutcome({ intent: 'error', text: messageOf(error), queue: null });
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: string, on: boolean): void => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  return (
    <form aria-labelledby={titleId} className={styles.form} onSubmit={(event) => void file(event)}>
      <Subtitle2 as="h1" id={titleId}>
        {TEXT.title}
      </Subtitle2>
      {message.attachments.length === 0 ? (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{TEXT.noAttachments}</MessageBarBody>
        </MessageBar>
      ) : (
        <fieldset className={styles.group} aria-labelledby={attachmentsId}>
          <legend className={styles.legend}>
            <Body1 id={attachmentsId}>{TEXT.attachments}</Body1>
          </legend>
          {message.attachments.map((attachment) => {
            const why = reasons.get(attachment.id) ?? null;
            const detailId = `${attachmentsId}-${attachment.id}`;
            return (
              <div key={attachment.id} className={styles.attachment}>
                <Checkbox
                  label={attachment.name}
                  checked={why === null && chosen.has(attachment.id)}
                  disabled={busy || why !== null}
                  aria-describedby={detailId}
                  onChange={(_event, data) => toggle(attachment.id, data.checked === true)}
                />
                <Caption1 id={detailId} className={styles.detail}>
                  {[attachment.size > 0 ? formatFileSize(attachment.size) : '', why ?? ''].filter((part) => part !== '').join(' · ')}
                </Caption1>
              </div>
            );
          })}
          {importable.length === 0 ? (
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>{TEXT.nothingImportable}</MessageBarBody>
            </MessageBar>
          ) : null}
        </fieldset>
      )}
      <Field label={TEXT.destination}>
        <RadioGroup value={kind} disabled={busy} onChange={(_event, data) => setKind(data.value === 'record' ? 'record' : 'queue')}>
          <Radio value="queue" label={TEXT.intoQueue} />
          <Radio value="record" label={TEXT.intoRecord} />
        </RadioGroup>
      </Field>
      {kind === 'queue' ? (
        loadError !== null ? (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{loadError}</MessageBarBody>
          </MessageBar>
        ) : fileableQueues === null ? (
          <Spinner size="tiny" label={TEXT.loadingQueues} />
        ) : fileableQueues.length === 0 ? (
          <MessageBar intent="info" layout="multiline">
            <MessageBarBody>{TEXT.noQueues}</MessageBarBody>
          </MessageBar>
        ) : (
          <Field label={TEXT.queue}>
            {/* The lists open inline: a FluentProvider's class would follow them into a portal and cover the pane. */}
            <Dropdown
              inlinePopup
              value={queue === null ? '' : `${queue.queueTypeName} — ${queue.name}`}
              selectedOptions={queue === null ? [] : [String(queue.id)]}
              disabled={busy}
              onOptionSelect={(_event, data) => setQueueId(Number(data.optionValue))}
            >
              {fileableQueues.map((candidate) => (
                <Option key={candidate.id} value={String(candidate.id)}>
                  {`${candidate.queueTypeName} — ${candidate.name}`}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )
      ) : (
        <RecordDestinationFields disabled={busy} onChange={setRecord} />
      )}
      <Field hint={messageReason ?? undefined}>
        <Checkbox
          label={TEXT.keepMessage}
          checked={keepMessage && messageReason === null}
          disabled={busy || messageReason !== null}
          onChange={(_event, data) => setKeepMessage(data.checked === true)}
        />
      </Field>
      <Field label={TEXT.note}>
        <Textarea
          value={note}
          maxLength={4000}
          rows={3}
          resize="vertical"
          disabled={busy}
          onChange={(_event, data) => setNote(data.value)}
        />
      </Field>
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabled={busy || fileCount === 0 || destination === null}
          icon={busy ? <Spinner size="extra-tiny" /> : undefined}
        >
          {busy ? TEXT.filing : TEXT.file}
        </Button>
      </div>
      {busy && rows.length > 0 ? <ProgressBar value={doneCount / (rows.length + 1)} thickness="large" aria-label={TEXT.progress} /> : null}
      {rows.length > 0 ? (
        <ul aria-label={TEXT.progress} className={styles.list}>
          {rows.map((row) => (
            <li key={row.key} className={row.failed ? styles.failed : undefined}>
              <Caption1>{`${row.name}: ${row.state}`}</Caption1>
            </li>
          ))}
        </ul>
      ) : null}
      {outcome !== null ? (
        <MessageBar intent={outcome.intent} layout="multiline" role={outcome.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>
            <span>{outcome.text}</span>
            {outcome.queue !== null ? (
              <>
                {' '}
                <Link
                  href={queueHref(outcome.queue.id)}
                  onClick={(event) => {
                    // The queue is one of the app's own pages: a bare link would leave the host's sign-in behind.
                    event.preventDefault();
                    if (outcome.queue !== null) openAppPage(queueHref(outcome.queue.id));
                  }}
                >
                  {TEXT.openQueue(outcome.queue.name)}
                </Link>
              </>
            ) : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </form>
  );
}
