import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
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
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import type { ReplyDraft } from '../../contract/mailDraftContract';
import { LIMITS, type DmsDocument } from '../../model';
import { downloadMenuAvailability } from '../../rules';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { shownMessage } from '../../locale/shownMessage';

/** Props of the reply view. */
export interface ReplyWithDocumentsPaneProps {
  /** The Graph REST id of the message being read (the host's `restId`). */
  messageId: string;
}

/** Where the reply stands. */
type Phase = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; draft: ReplyDraft } | { kind: 'failed'; message: string };

const TEXT = UI_TEXT.mail.reply;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM, minWidth: 0 },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  subtitle: { fontSize: tokens.fontSizeBase300 },
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
 * "Reply with documents": stored documents found with the product's search (up to the download
 * limit, each with the export flag, "With annotations" at the server's default), an optional
 * comment, then `POST /api/mail-drafts/reply` with the host's Graph credential — the server
 * creates the reply draft in the user's mailbox through Graph — and the draft opened through the
 * host. What was attached is said with names and sizes; a failure in the server's words, with the
 * picked documents, choice and comment kept for Retry.
 */
export function ReplyWithDocumentsPane({ messageId }: ReplyWithDocumentsPaneProps): ReactElement {
  const styles = useStyles();
  const titleId = useId();
  const pickedId = useId();
  const { api, capabilities, loading } = useServices();
  const { formatFileSize } = useLocaleFormats();
  const [query, setQuery] = useState('');
  // The words last searched: the newest documents first, before any word is typed.
  const [searched, setSearched] = useState('');
  const search = useQuery({
    queryKey: queryKeys.searchPage(searched, LIMITS.pageSize),
    queryFn: ({ signal }) => loading.track(api.search.search({ q: searched, take: LIMITS.pageSize }, signal)),
    // A new search keeps the last hits in hand until its answer comes (shown again when it fails).
    placeholderData: keepPreviousData,
    meta: { quiet: true },
  });
  // "With annotations" starts at what the server does when nobody chooses (as Download and Attach do).
  const defaults = useQuery({
    queryKey: queryKeys.exportDefaults,
    queryFn: ({ signal }) => api.export.getDefaults(signal),
    staleTime: Infinity,
    meta: { quiet: true },
  });
  const [picked, setPicked] = useState<readonly DmsDocument[]>([]);
  // The export flag decides, as for Download; the server checks it again. Unknown access keeps Reply off.
  const access = useQueries({
    queries: picked.map((document) => ({
      queryKey: queryKeys.documentAccess(document.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.documents.getAccess(document.id, signal),
      meta: { quiet: true },
    })),
  });
  const [chosenEmbed, setEmbed] = useState<boolean | undefined>(undefined);
  const embed = chosenEmbed ?? defaults.data?.embedAnnotations ?? false;
  const [comment, setComment] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const runSearch = (words: string): void => {
    if (words === searched) void search.refetch();
    else setSearched(words);
  };

  const searching = search.isFetching;
  const searchError = search.error === null ? null : wordsOf(search.error);
  const results = search.data === undefined ? null : { documents: search.data.documents, total: search.data.total };
  const busy = phase.kind === 'busy';
  const pickedIds = new Set(picked.map((document) => document.id));
  const atLimit = picked.length >= LIMITS.downloadMenuMaxDocuments;
  /** Each picked document's export flag once the server said it (a failed read: not exportable). */
  const flags = access.map((result) => (result.data !== undefined ? result.data.exportFileData : result.isError ? false : undefined));
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
  };

  const reply = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy || picked.length === 0 || availability?.allowed !== true) return;
    setPhase({ kind: 'busy' });
    try {
      // A host without a Microsoft sign-in sends none: the server then says why no draft was made.
      const headers = (await capabilities.getGraphCredentialHeaders?.()) ?? {};
      const draft = await api.mailDrafts.createReply(
        {
          messageId,
          documentIds: picked.map((document) => document.id),
          embedAnnotations: embed,
          ...(comment.trim() !== '' ? { comment } : {}),
        },
        headers,
      );
      setPhase({ kind: 'done', draft });
      // The draft is made: the picks are done with; a new reply starts empty.
      setPicked([]);
      setComment('');
      capabilities.openMailDraft(draft.webLink);
    } catch (error) {
      // Nothing is cleared: the same documents, choice and comment go again on Retry.
      setPhase({ kind: 'failed', message: wordsOf(error) });
    }
  };

  const reason =
    picked.length === 0
      ? TEXT.nothingPicked
      : availability !== null && !availability.allowed
        ? shownMessage(availability.message)
        : undefined;
  return (
    <form aria-labelledby={titleId} className={styles.form} onSubmit={(event) => void reply(event)}>
      <h1 id={titleId} className={styles.title}>
        {TEXT.title}
      </h1>
      <div className={styles.searchRow} role="search">
        <Field label={TEXT.find} className={styles.grow}>
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
          {TEXT.search}
        </Button>
      </div>
      {searching ? <Spinner size="tiny" label={TEXT.searching} /> : null}
      {searchError !== null ? (
        <MessageBar intent="error">
          <MessageBarBody>{searchError}</MessageBarBody>
        </MessageBar>
      ) : null}
      {results !== null && !searching ? (
        results.documents.length === 0 ? (
          <p className={styles.muted}>{TEXT.noResults}</p>
        ) : (
          <ul className={styles.list} aria-label={TEXT.searchResults}>
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
        <p className={styles.muted}>{TEXT.moreResults(results.documents.length, results.total)}</p>
      ) : null}
      {atLimit ? <p className={styles.muted}>{TEXT.atLimit}</p> : null}

      <section aria-labelledby={pickedId}>
        <h2 id={pickedId} className={mergeClasses(styles.title, styles.subtitle)}>
          {TEXT.picked(picked.length)}
        </h2>
        <ul className={styles.list} aria-labelledby={pickedId}>
          {picked.map((document, index) => (
            <li key={document.id} className={styles.row}>
              <span className={mergeClasses(styles.name, flags[index] === false && styles.refused)}>{document.name}</span>
              <span className={styles.size}>{formatFileSize(document.FileSize)}</span>
              <Button
                size="small"
                appearance="subtle"
                aria-label={TEXT.remove(document.name)}
                disabled={busy}
                onClick={() => pick(document, false)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <Checkbox label={TEXT.withAnnotations} checked={embed} disabled={busy} onChange={(_event, data) => setEmbed(data.checked === true)} />
      <Field label={TEXT.comment}>
        <Textarea value={comment} rows={3} maxLength={4000} disabled={busy} onChange={(_event, data) => setComment(data.value)} />
      </Field>
      {reason !== undefined ? <p className={styles.muted}>{reason}</p> : null}
      <Button type="submit" appearance="primary" disabled={busy || reason !== undefined || availability === null}>
        {phase.kind === 'failed' ? TEXT.retry : TEXT.reply(picked.length)}
      </Button>
      {busy ? <Spinner size="tiny" label={TEXT.busy} /> : null}
      <div aria-live="polite">
        {phase.kind === 'done' ? (
          <MessageBar intent="success">
            <MessageBarBody>
              <MessageBarTitle>{TEXT.created(phase.draft.attachments.length)}</MessageBarTitle>
              <ul className={styles.list} aria-label={TEXT.attached}>
                {phase.draft.attachments.map((attachment) => (
                  <li key={`${attachment.documentId}-${attachment.fileName}`}>
                    {attachment.fileName} ({formatFileSize(attachment.size)}
                    {attachment.via === 'uploadSession' ? `, ${TEXT.parts(attachment.chunks)}` : ''})
                  </li>
                ))}
              </ul>
              <Link
                href={phase.draft.webLink}
                target="_blank"
                rel="noreferrer"
                onClick={(event) => {
                  event.preventDefault();
                  capabilities.openMailDraft(phase.draft.webLink);
                }}
              >
                {TEXT.openDraft}
              </Link>
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {phase.kind === 'failed' ? (
          <MessageBar intent="error">
            <MessageBarBody>
              <MessageBarTitle>{TEXT.notCreated}</MessageBarTitle> {phase.message}
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </form>
  );
}
