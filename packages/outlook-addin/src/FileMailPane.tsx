import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type ReactElement } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Dropdown,
  Field,
  FluentProvider,
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
  teamsDarkTheme,
  teamsHighContrastTheme,
  teamsLightTheme,
  tokens,
  useThemeClassName,
  webDarkTheme,
  webLightTheme,
  type Theme,
} from '@fluentui/react-components';
import {
  ApiError,
  IDEMPOTENCY_KEY_HEADER,
  fixedSignal,
  newIdempotencyKey,
  optionsApi,
  workflowApi,
  type ApiClient,
  type HostSignal,
  type HostThemeName,
  type MailImport,
  type WorkflowQueue,
} from '@datahaven/core';
import { FILE_MAIL_TEXT } from './fileMailText';
import {
  fileFromBase64,
  messageFileName,
  readAttachmentBase64,
  readMessageBase64,
  senderOf,
  whyMessageNotKept,
  whyNotImportable,
  type ReadMailItem,
} from './mailAttachments';
import { RecordDestinationFields, type RecordDestination } from './RecordDestinationFields';

export { FILE_MAIL_TEXT } from './fileMailText';

/** Props of the read-mode pane. */
export interface FileMailPaneProps {
  item: ReadMailItem;
  /** The core's web-services client, signed in through Outlook. */
  client: ApiClient;
  /** Where a queue opens in the web app (a new window: the pane is too narrow for the queue). */
  queueHref?: (queueId: number) => string;
  /**
   * Outlook's theme as the host follows it (createOutlookHostAdapter's `theme`). Without it the
   * pane takes the theme of a FluentProvider around it, or Fluent's web light theme when none.
   */
  theme?: HostSignal<HostThemeName>;
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

/** The Fluent theme each host theme name stands for (the names the Outlook host answers: webLight, webDark). */
const FLUENT_THEMES: Record<HostThemeName, Theme> = {
  webLight: webLightTheme,
  webDark: webDarkTheme,
  teamsLight: teamsLightTheme,
  teamsDark: teamsDarkTheme,
  teamsHighContrast: teamsHighContrastTheme,
};

const LIGHT = fixedSignal<HostThemeName>('webLight');
const PROVIDER_STYLE = { minHeight: '100%' } as const;

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
function queuesOf(root: { queueTypes: { queues: WorkflowQueue[] }[] }): WorkflowQueue[] {
  return root.queueTypes.flatMap((type) => type.queues).filter((queue) => queue.enabled);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The mail-import query of a destination (docs/API.md: a queue, or the record context as the upload takes it). */
function importQuery(
  kind: DestinationKind,
  queue: WorkflowQueue | null,
  record: RecordDestination | null,
): Record<string, string | number | undefined> | null {
  if (kind === 'queue') return queue === null ? null : { queueId: queue.id };
  if (record === null) return null;
  return { sitId: record.sitId, recordId: record.recordId, dataAreaId: record.dataAreaId, subtypeId: record.subtypeId ?? undefined };
}

/**
 * Outlook read mode: "File this e-mail's invoice". The open message's attachments (PDF, TIFF and
 * images ticked, every other one said in words with its size), into a queue or a record's folder,
 * the e-mail itself optionally kept, and a note; each file read through Outlook and sent to
 * `POST /api/mail-import` with the subject and sender, its progress and the server's duplicates
 * and refusals shown in words. Fluent v9 under Outlook's theme.
 */
export function FileMailPane(props: FileMailPaneProps): ReactElement {
  // A host that already wraps the pane in its FluentProvider keeps its theme; otherwise the pane brings one.
  const outerTheme = useThemeClassName();
  if (props.theme === undefined && outerTheme !== '') return <FileMailForm {...props} />;
  return <ThemedPane {...props} theme={props.theme ?? LIGHT} />;
}

function ThemedPane(props: FileMailPaneProps & { theme: HostSignal<HostThemeName> }): ReactElement {
  const name = useSyncExternalStore(props.theme.onChange, props.theme.current, props.theme.current);
  // The pane's height as a style, never a class: Fluent copies the provider's classes onto its portals
  // (the drop-down lists), and a full-height class there covered the pane with the theme's background.
  return (
    <FluentProvider theme={FLUENT_THEMES[name]} style={PROVIDER_STYLE} data-theme={name}>
      <FileMailForm {...props} />
    </FluentProvider>
  );
}

function FileMailForm({ item, client, queueHref = (id) => `/queues/${id}/documents` }: FileMailPaneProps): ReactElement {
  const styles = useStyles();
  const titleId = useId();
  const attachmentsId = useId();
  const [queues, setQueues] = useState<WorkflowQueue[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [sizeLimit, setSizeLimit] = useState(0);
  const [kind, setKind] = useState<DestinationKind>('queue');
  const [record, setRecord] = useState<RecordDestination | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(item.attachments.filter((attachment) => whyNotImportable(attachment) === null).map((attachment) => attachment.id)),
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
        if (!abort.signal.aborted) setLoadError(messageOf(error));
      });
    return () => abort.abort();
  }, [client]);

  useEffect(() => {
    let live = true;
    // The server's upload size limit, so a file it would refuse is said before Outlook reads it; without it the server judges.
    optionsApi(client)
      .getValues()
      .then((values) => {
        if (live) setSizeLimit(values.fileUploadSizeLimit);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);

  const reasons = useMemo(
    () => new Map(item.attachments.map((attachment) => [attachment.id, whyNotImportable(attachment, sizeLimit)])),
    [item.attachments, sizeLimit],
  );
  const importable = item.attachments.filter((attachment) => reasons.get(attachment.id) === null);
  const picked = importable.filter((attachment) => chosen.has(attachment.id));
  const messageReason = whyMessageNotKept(item);
  const queue = queues?.find((candidate) => candidate.id === queueId) ?? null;
  const query = importQuery(kind, queue, record);
  const fileCount = picked.length + (keepMessage && messageReason === null ? 1 : 0);
  // Each file read from Outlook is a step, and the server's answer the last one.
  const doneCount = rows.filter((row) => row.state !== FILE_MAIL_TEXT.waiting && row.state !== FILE_MAIL_TEXT.reading).length;

  const setRow = (key: string, state: string, failed = false): void =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, state, failed } : row)));

  const file = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (query === null || busy || fileCount === 0) return;
    const keep = keepMessage && messageReason === null;
    const messageName = messageFileName(item.subject);
    const destination = kind === 'queue' ? { queue, record: null } : { queue: null, record };
    setBusy(true);
    setOutcome(null);
    setRows([
      ...picked.map((attachment) => ({ key: attachment.id, name: attachment.name, state: FILE_MAIL_TEXT.waiting, failed: false })),
      ...(keep ? [{ key: 'message', name: messageName, state: FILE_MAIL_TEXT.waiting, failed: false }] : []),
    ]);
    const form = new FormData();
    const sent: { key: string; name: string }[] = [];
    // One by one: Outlook hands out one attachment per call, and a file it cannot read does not stop the others.
    for (const attachment of picked) {
      setRow(attachment.id, FILE_MAIL_TEXT.reading);
      try {
        const base64 = await readAttachmentBase64(item, attachment);
        form.append('file', fileFromBase64(base64, attachment.name, attachment.contentType), attachment.name);
        sent.push({ key: attachment.id, name: attachment.name });
        setRow(attachment.id, FILE_MAIL_TEXT.sending);
      } catch (error) {
        setRow(attachment.id, messageOf(error), true);
      }
    }
    if (keep) {
      setRow('message', FILE_MAIL_TEXT.reading);
      try {
        const message = await readMessageBase64(item);
        if (message === null) throw new Error(messageReason ?? FILE_MAIL_TEXT.notFiled);
        form.append('message', fileFromBase64(message, messageName, 'message/rfc822'), messageName);
        sent.push({ key: 'message', name: messageName });
        setRow('message', FILE_MAIL_TEXT.sending);
      } catch (error) {
        setRow('message', messageOf(error), true);
      }
    }
    if (sent.length === 0) {
      setOutcome({ intent: 'error', text: FILE_MAIL_TEXT.nothingFiled, queue: null });
      setBusy(false);
      return;
    }
    form.append('subject', item.subject ?? '');
    form.append('from', senderOf(item));
    if (note.trim() !== '') form.append('note', note);
    const request = JSON.stringify([query, sent, note, item.subject ?? '', senderOf(item)]);
    const idempotencyKey = unanswered.current?.request === request ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = null;
    let succeeded = false;
    try {
      // No time-out beyond the wait for the answer's headers: the server checks and stores every file first.
      const response = await client.authorizedFetch(client.url('/mail-import', query), {
        method: 'POST',
        body: form,
        headers: { Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        timeoutMs: 120_000,
      });
      succeeded = true;
      const answer = (await response.json()) as MailImport;
      const duplicateOf = new Map(answer.duplicates.map((duplicate) => [duplicate.fileName, duplicate.message]));
      for (const { key, name } of sent) setRow(key, duplicateOf.get(name) ?? FILE_MAIL_TEXT.filed);
      const filed = answer.documents.length;
      if (filed === 0) setOutcome({ intent: 'warning', text: FILE_MAIL_TEXT.nothingFiled, queue: null });
      else if (destination.queue !== null)
        setOutcome({ intent: 'success', text: FILE_MAIL_TEXT.filedIn(filed, destination.queue.name), queue: destination.queue });
      else if (destination.record !== null) {
        // A table with an import queue puts the documents there too; the clerk hears where they wait.
        const importQueue = queues?.find((candidate) => candidate.id === destination.record?.importQueueId) ?? null;
        const text = FILE_MAIL_TEXT.filedOn(filed, destination.record.recordLabel, destination.record.folderText);
        setOutcome({
          intent: 'success',
          text: importQueue === null ? text : `${text} ${FILE_MAIL_TEXT.waitsIn(filed, importQueue.name)}`,
          queue: importQueue,
        });
      }
    } catch (error) {
      // Any other refusal stored nothing: the next try is a new action.
      if (succeeded || (error instanceof ApiError && error.outcomeUnknown)) unanswered.current = { request, key: idempotencyKey };
      // A refusal (409 every file a duplicate, 403, 413, 415 …) comes in the server's words.
      for (const { key } of sent) setRow(key, FILE_MAIL_TEXT.notFiled, true);
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
        {FILE_MAIL_TEXT.title}
      </Subtitle2>
      {item.attachments.length === 0 ? (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{FILE_MAIL_TEXT.noAttachments}</MessageBarBody>
        </MessageBar>
      ) : (
        <fieldset className={styles.group} aria-labelledby={attachmentsId}>
          <legend className={styles.legend}>
            <Body1 id={attachmentsId}>{FILE_MAIL_TEXT.attachments}</Body1>
          </legend>
          {item.attachments.map((attachment) => {
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
                  {[attachment.size > 0 ? FILE_MAIL_TEXT.sizeOf(attachment.size) : '', why ?? ''].filter((part) => part !== '').join(' · ')}
                </Caption1>
              </div>
            );
          })}
          {importable.length === 0 ? (
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>{FILE_MAIL_TEXT.nothingImportable}</MessageBarBody>
            </MessageBar>
          ) : null}
        </fieldset>
      )}
      <Field label={FILE_MAIL_TEXT.destination}>
        <RadioGroup value={kind} disabled={busy} onChange={(_event, data) => setKind(data.value === 'record' ? 'record' : 'queue')}>
          <Radio value="queue" label={FILE_MAIL_TEXT.intoQueue} />
          <Radio value="record" label={FILE_MAIL_TEXT.intoRecord} />
        </RadioGroup>
      </Field>
      {kind === 'queue' ? (
        loadError !== null ? (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{loadError}</MessageBarBody>
          </MessageBar>
        ) : queues === null ? (
          <Spinner size="tiny" label={FILE_MAIL_TEXT.loadingQueues} />
        ) : queues.length === 0 ? (
          <MessageBar intent="info" layout="multiline">
            <MessageBarBody>{FILE_MAIL_TEXT.noQueues}</MessageBarBody>
          </MessageBar>
        ) : (
          <Field label={FILE_MAIL_TEXT.queue}>
            {/* The lists open inline: a host's FluentProvider class would follow them into a portal (see ThemedPane). */}
            <Dropdown
              inlinePopup
              value={queue === null ? '' : `${queue.queueTypeName} — ${queue.name}`}
              selectedOptions={queue === null ? [] : [String(queue.id)]}
              disabled={busy}
              onOptionSelect={(_event, data) => setQueueId(Number(data.optionValue))}
            >
              {queues.map((candidate) => (
                <Option key={candidate.id} value={String(candidate.id)}>
                  {`${candidate.queueTypeName} — ${candidate.name}`}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )
      ) : (
        <RecordDestinationFields client={client} disabled={busy} onChange={setRecord} />
      )}
      <Field hint={messageReason ?? undefined}>
        <Checkbox
          label={FILE_MAIL_TEXT.keepMessage}
          checked={keepMessage && messageReason === null}
          disabled={busy || messageReason !== null}
          onChange={(_event, data) => setKeepMessage(data.checked === true)}
        />
      </Field>
      <Field label={FILE_MAIL_TEXT.note}>
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
          disabled={busy || fileCount === 0 || query === null}
          icon={busy ? <Spinner size="extra-tiny" /> : undefined}
        >
          {busy ? FILE_MAIL_TEXT.filing : FILE_MAIL_TEXT.file}
        </Button>
      </div>
      {busy && rows.length > 0 ? (
        <ProgressBar value={doneCount / (rows.length + 1)} thickness="large" aria-label={FILE_MAIL_TEXT.progress} />
      ) : null}
      {rows.length > 0 ? (
        <ul aria-label={FILE_MAIL_TEXT.progress} className={styles.list}>
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
                <Link href={queueHref(outcome.queue.id)} target="_blank" rel="noreferrer">
                  {FILE_MAIL_TEXT.openQueue(outcome.queue.name)}
                </Link>
              </>
            ) : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </form>
  );
}
