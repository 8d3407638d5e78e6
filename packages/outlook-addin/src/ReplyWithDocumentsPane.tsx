import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactElement } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  LIMITS,
  apiServices,
  downloadMenuAvailability,
  formatFileSize,
  type ApiClient,
  type DmsDocument,
  type ReplyDraft,
} from '@datahaven/core';
import type { GraphTokenHeaders } from './graphTokenHeaders';

/** Props of the reply pane. */
export interface ReplyWithDocumentsPaneProps {
  /** The core's web-services client, signed in through Outlook. */
  client: ApiClient;
  /** The Graph REST id of the message being read (convertToRestId, REST v2.0). */
  messageId: string;
  /** The header that lets the server reach the mailbox (a Graph token or the Entra assertion). */
  graphHeaders: GraphTokenHeaders;
  /** Opens the draft (Outlook's browser window where it has one). */
  openDraft(webLink: string): void;
}

/** The pane's words (UX-DECISIONS "Outlook read pane: reply with documents"). */
export const REPLY_TEXT = {
  title: 'Reply with documents',
  find: 'Find documents',
  search: 'Search',
  searching: 'Searching…',
  noResults: 'No documents found.',
  moreResults: (shown: number, total: number): string => `Showing ${shown} of ${total}: add words to narrow the search.`,
  picked: (count: number): string => `To attach (${count} of at most ${LIMITS.downloadMenuMaxDocuments})`,
  nothingPicked: 'Pick one or more documents to attach.',
  atLimit: `A reply takes at most ${LIMITS.downloadMenuMaxDocuments} documents.`,
  remove: (name: string): string => `Remove ${name}`,
  withAnnotations: 'With annotations',
  comment: 'Comment (optional)',
  reply: (count: number): string => (count === 0 ? 'Reply' : `Reply with ${count} ${count === 1 ? 'document' : 'documents'}`),
  retry: 'Retry',
  busy: 'Creating the reply draft…',
  created: (count: number): string => `Reply draft created with ${count} ${count === 1 ? 'attachment' : 'attachments'}.`,
  openDraft: 'Open the draft',
  notCreated: 'The reply draft was not created.',
  parts: (chunks: number): string => `uploaded in ${chunks} ${chunks === 1 ? 'part' : 'parts'}`,
} as const;

/** Where the reply stands. */
type Phase = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; draft: ReplyDraft } | { kind: 'failed'; message: string };

/** No time-out beyond the wait for the answer: the server uploads every file to Graph before it answers. */
const REPLY_TIMEOUT_MS = 300_000;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM, minWidth: 0 },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  searchRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  grow: { flexGrow: 1, minWidth: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
  size: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap', marginLeft: 'auto' },
  muted: { color: tokens.colorNeutralForeground3, margin: 0 },
  refused: { color: tokens.colorPaletteRedForeground1 },
});

function wordsOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : String(error);
}

/**
 * Outlook read mode, "Reply with documents": stored documents found with the product's search
 * (up to the download limit, each with the export flag, "With annotations" at the server's
 * default), an optional comment, then `POST /api/mail-drafts/reply` with the Graph credential —
 * the server creates the reply draft in the user's mailbox through Graph — and the draft opened.
 * What was attached is said with names and sizes; a failure in the server's words, with the
 * picked documents, choice and comment kept for Retry.
 */
export function ReplyWithDocumentsPane({ client, messageId, graphHeaders, openDraft }: ReplyWithDocumentsPaneProps): ReactElement {
  const styles = useStyles();
  const api = useMemo(() => apiServices(client), [client]);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ documents: DmsDocument[]; total: number } | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [picked, setPicked] = useState<readonly DmsDocument[]>([]);
  /** Each picked document's export flag, once the server said it. */
  const [exportable, setExportable] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [embed, setEmbed] = useState(false);
  const [comment, setComment] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const search = useRef<AbortController | null>(null);

  const runSearch = useCallback(
    (words: string): void => {
      search.current?.abort();
      const abort = new AbortController();
      search.current = abort;
      setSearching(true);
      setSearchError(null);
      api.search
        .search({ q: words, take: LIMITS.pageSize }, abort.signal)
        .then((page) => setResults({ documents: page.documents, total: page.total }))
        .catch((error: unknown) => {
          if (!abort.signal.aborted) setSearchError(wordsOf(error));
        })
        .finally(() => {
          if (search.current === abort) setSearching(false);
        });
    },
    [api],
  );

  useEffect(() => {
    const abort = new AbortController();
    // "With annotations" starts at what the server does when nobody chooses (as Download and Attach do).
    api.export
      .getDefaults(abort.signal)
      .then((defaults) => setEmbed(defaults.embedAnnotations))
      .catch(() => undefined);
    // The newest documents first, before any word is typed.
    runSearch('');
    return () => {
      abort.abort();
      search.current?.abort();
    };
  }, [api, runSearch]);

  const busy = phase.kind === 'busy';
  const pickedIds = new Set(picked.map((document) => document.id));
  const atLimit = picked.length >= LIMITS.downloadMenuMaxDocuments;
  const flags = picked.map((document) => exportable.get(document.id));
  // Download's rule (count, export flag), once every picked document's flag is known.
  const availability = flags.every((flag) => flag !== undefined)
    ? downloadMenuAvailability(flags.map((flag) => ({ access: { exportFileData: flag === true } })))
    : null;

  const pick = (document: DmsDocument, on: boolean): void => {
    if (!on) {
      setPicked((current) => current.filter((other) => other.id !== document.id));
      return;
    }
    if (pickedIds.has(document.id) || atLimit) return;
    setPicked((current) => [...current, document]);
    if (!exportable.has(document.id)) {
      // The export flag decides, as for Download; the server checks it again. Unknown access keeps Reply off.
      api.documents
        .getAccess(document.id)
        .then((access) => setExportable((current) => new Map(current).set(document.id, access.exportFileData)))
        .catch(() => setExportable((current) => new Map(current).set(document.id, false)));
    }
  };

  const reply = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy || picked.length === 0 || availability?.allowed !== true) return;
    setPhase({ kind: 'busy' });
    try {
      const headers = await graphHeaders();
      const draft = await client.post<ReplyDraft>(
        '/mail-drafts/reply',
        {
          messageId,
          documentIds: picked.map((document) => document.id),
          embedAnnotations: embed,
          ...(comment.trim() !== '' ? { comment } : {}),
        },
        { headers, timeoutMs: REPLY_TIMEOUT_MS },
      );
      setPhase({ kind: 'done', draft });
      // The draft is made: the picks are done with; a new reply starts empty.
      setPicked([]);
      setComment('');
      openDraft(draft.webLink);
    } catch (error) {
      // Nothing is cleared: the same documents, choice and comment go again on Retry.
      setPhase({ kind: 'failed', message: wordsOf(error) });
    }
  };

  const reason =
    picked.length === 0 ? REPLY_TEXT.nothingPicked : availability !== null && !availability.allowed ? availability.message : undefined;
  return (
    <form aria-labelledby="reply-title" className={styles.form} onSubmit={(event) => void reply(event)}>
      <h1 id="reply-title" className={styles.title}>
        {REPLY_TEXT.title}
      </h1>
      <div className={styles.searchRow} role="search">
        <Field label={REPLY_TEXT.find} className={styles.grow}>
          <Input
            type="search"
            value={query}
            onChange={(_event, data) => setQuery(data.value)}
            onKeyDown={(event) => {
              // Enter searches here instead of sending the reply.
              if (event.key === 'Enter') {
                event.preventDefault();
                runSearch(query);
              }
            }}
          />
        </Field>
        <Button onClick={() => runSearch(query)} disabled={searching}>
          {REPLY_TEXT.search}
        </Button>
      </div>
      {searching ? <Spinner size="tiny" label={REPLY_TEXT.searching} /> : null}
      {searchError !== null ? (
        <MessageBar intent="error">
          <MessageBarBody>{searchError}</MessageBarBody>
        </MessageBar>
      ) : null}
      {results !== null && !searching ? (
        results.documents.length === 0 ? (
          <p className={styles.muted}>{REPLY_TEXT.noResults}</p>
        ) : (
          <ul className={styles.list} aria-label="Search results">
            {results.documents.map((document) => (
              <li key={document.id} className={styles.row}>
                <Checkbox
                  label={document.name}
                  checked={pickedIds.has(document.id)}
                  disabled={busy || (atLimit && !pickedIds.has(document.id))}
                  onChange={(_event, data) => pick(document, data.checked === true)}
                />
                <span className={styles.size}>{formatFileSize(document.FileSize)}</span>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {results !== null && results.total > results.documents.length ? (
        <p className={styles.muted}>{REPLY_TEXT.moreResults(results.documents.length, results.total)}</p>
      ) : null}
      {atLimit ? <p className={styles.muted}>{REPLY_TEXT.atLimit}</p> : null}

      <section aria-labelledby="reply-picked">
        <h2 id="reply-picked" className={styles.title} style={{ fontSize: tokens.fontSizeBase300 }}>
          {REPLY_TEXT.picked(picked.length)}
        </h2>
        <ul className={styles.list} aria-labelledby="reply-picked">
          {picked.map((document) => (
            <li key={document.id} className={styles.row}>
              <span className={`${styles.name} ${exportable.get(document.id) === false ? styles.refused : ''}`}>{document.name}</span>
              <span className={styles.size}>{formatFileSize(document.FileSize)}</span>
              <Button
                size="small"
                appearance="subtle"
                aria-label={REPLY_TEXT.remove(document.name)}
                disabled={busy}
                onClick={() => pick(document, false)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <Checkbox
        label={REPLY_TEXT.withAnnotations}
        checked={embed}
        disabled={busy}
        onChange={(_event, data) => setEmbed(data.checked === true)}
      />
      <Field label={REPLY_TEXT.comment}>
        <Textarea value={comment} rows={3} maxLength={4000} disabled={busy} onChange={(_event, data) => setComment(data.value)} />
      </Field>
      {reason !== undefined ? <p className={styles.muted}>{reason}</p> : null}
      <Button type="submit" appearance="primary" disabled={busy || reason !== undefined || availability === null}>
        {phase.kind === 'failed' ? REPLY_TEXT.retry : REPLY_TEXT.reply(picked.length)}
      </Button>
      {busy ? <Spinner size="tiny" label={REPLY_TEXT.busy} /> : null}
      <div aria-live="polite">
        {phase.kind === 'done' ? (
          <MessageBar intent="success">
            <MessageBarBody>
              <MessageBarTitle>{REPLY_TEXT.created(phase.draft.attachments.length)}</MessageBarTitle>
              <ul className={styles.list} aria-label="Attached">
                {phase.draft.attachments.map((attachment) => (
                  <li key={`${attachment.documentId}-${attachment.fileName}`}>
                    {attachment.fileName} ({formatFileSize(attachment.size)}
                    {attachment.via === 'uploadSession' ? `, ${REPLY_TEXT.parts(attachment.chunks)}` : ''})
                  </li>
                ))}
              </ul>
              <Link
                href={phase.draft.webLink}
                target="_blank"
                rel="noreferrer"
                onClick={(event) => {
                  event.preventDefault();
                  openDraft(phase.draft.webLink);
                }}
              >
                {REPLY_TEXT.openDraft}
              </Link>
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {phase.kind === 'failed' ? (
          <MessageBar intent="error">
            <MessageBarBody>
              <MessageBarTitle>{REPLY_TEXT.notCreated}</MessageBarTitle> {phase.message}
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </form>
  );
}
