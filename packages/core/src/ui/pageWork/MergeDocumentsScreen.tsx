import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular } from '@fluentui/react-icons/svg/arrow-down';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { ArrowUpRegular } from '@fluentui/react-icons/svg/arrow-up';
import { ReOrderDotsVerticalRegular } from '@fluentui/react-icons/svg/re-order-dots-vertical';
import { decodeDocumentId, encodeDocumentId, type DmsDocument, type DocumentAccess } from '../../model';
import { mergeAvailability, type ActionAvailability } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import { useServices, useStore } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useGoBack } from '../app/useGoBack';
import { useOptionValues } from '../app/useOptionValues';
import { useNotify } from '../app/useToast';
import { mergeStoreOf } from './mergeStores';
import { pageWorkErrorText } from './pageWorkErrors';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { UI_TEXT } from '../../locale/uiText';
import { shownMessage } from '../../locale/shownMessage';

/** The drag payload type of a row (its document id). */
const ROW_DRAG_TYPE = 'application/x-datahaven-merge-row';

const useStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
  },
  title: { flexGrow: 1, minWidth: 0 },
  body: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'grab',
  },
  dropTarget: { border: `2px dashed ${tokens.colorBrandStroke1}` },
  position: { minWidth: '1.5em', textAlign: 'right', color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

type Entry = { document: DmsDocument; access: DocumentAccess };
type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; entries: readonly Entry[] };
/** What the screen shows for its loads: nothing asked, a failure, still loading, or every document with its flags. */
function loadState(
  asked: number,
  documents: readonly DmsDocument[] | undefined,
  access: readonly (DocumentAccess | undefined)[],
  error: unknown,
): LoadState {
  if (asked === 0) return { status: 'ready', entries: [] };
  if (error) return { status: 'failed', message: pageWorkErrorText(error, MESSAGES.unhandledError) };
  if (!documents) return { status: 'loading' };
  const entries = documents.flatMap((document, index) => {
    const flags = access[index];
    return flags ? [{ document, access: flags }] : [];
  });
  return entries.length === documents.length ? { status: 'ready', entries } : { status: 'loading' };
}

type SubmitState =
  | { step: 'editing'; error: string | null }
  | { step: 'working' }
  | { step: 'done'; merged: DmsDocument; originalsDeleted: boolean };

/** The ids of the `docIds` query: comma-separated or repeated, plain or encoded (spec §9); anything else is left out. */
export function parseMergeDocIds(values: readonly string[]): number[] {
  const ids = values
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => (/^[1-9][0-9]{0,15}$/.test(item) ? Number(item) : decodeDocumentId(item)))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

/** The link to the merge screen for documents in the order given. */
export function mergeDocumentsPath(docIds: readonly number[]): string {
  return `/merge-documents?docIds=${docIds.join(',')}`;
}

/** Ours: the default name hint (the server names the result '<first name> (merged).pdf'). */
function defaultMergedName(first: DmsDocument | undefined): string {
  return first ? `${first.name.replace(/\.pdf$/i, '')} (merged)` : '';
}

/** Moves the item at `from` to `to` (both indexes into the list before the move). */
function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * The merge screen (`/merge-documents?docIds=`, spec §2 "merge documents" popup, §5): the chosen
 * documents in merge order (drag a row, or Move up / Move down, or Alt+arrows on a row), the
 * combined document's name, keep or remove the originals. Availability is the core rule (more
 * than one document, all with the merge flag and the same link) and the combined size must not
 * exceed 'Maximum PDF size in bytes' ('Merge file size greater than the maximum'). The list is
 * kept in local storage ("documents to merge"), so the screen opened without docIds shows the last one.
 */
export function MergeDocumentsScreen(): ReactElement {
  const { formatFileSize } = useLocaleFormats();
  const styles = useStyles();
  const services = useServices();
  const { api, loading, queryClient } = services;
  const navigate = useNavigate();
  const goBack = useGoBack();
  const notify = useNotify();
  const options = useOptionValues();
  const [search] = useSearchParams();
  const store = mergeStoreOf(services);
  const storedIds = useStore(store);
  const queryIds = useMemo(() => parseMergeDocIds(search.getAll('docIds')), [search]);
  const [name, setName] = useState('');
  const [keepOriginals, setKeepOriginals] = useState(true);
  const [submit, setSubmit] = useState<SubmitState>({ step: 'editing', error: null });
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const refocus = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // The query names the documents when given; otherwise the list left in local storage does.
  useEffect(() => {
    if (queryIds.length > 0) store.set(queryIds);
  }, [queryIds, store]);
  const ids = queryIds.length > 0 ? queryIds : storedIds;
  const idsKey = [...ids].sort((a, b) => a - b).join(',');

  // The documents, then each one's access flags, through the cache (keys shared with the other
  // screens of those documents); the screen shows a failure itself.
  const wanted = useMemo(() => (idsKey === '' ? [] : idsKey.split(',').map(Number)), [idsKey]);
  const documentsQuery = useQuery({
    queryKey: queryKeys.documentList(wanted),
    queryFn: ({ signal }) => loading.track(api.documents.getDocuments(wanted, signal)),
    enabled: wanted.length > 0,
    meta: { quiet: true },
  });
  const accessResults = useQueries({
    queries: (documentsQuery.data ?? []).map((document) => ({
      queryKey: queryKeys.documentAccess(document.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => loading.track(api.documents.getAccess(document.id, signal)),
      meta: { quiet: true },
    })),
  });
  const load = loadState(
    wanted.length,
    documentsQuery.data,
    accessResults.map((result) => result.data),
    documentsQuery.error ?? accessResults.find((result) => result.error)?.error ?? null,
  );

  useLayoutEffect(() => {
    if (refocus.current === null) return;
    const selector = refocus.current;
    refocus.current = null;
    listRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  // Documents the server no longer shows (deleted, no access) drop out; the stored order decides the rest.
  const entries: Entry[] = load.status === 'ready' ? ids.flatMap((id) => load.entries.filter((entry) => entry.document.id === id)) : [];
  const totalSize = entries.reduce((sum, entry) => sum + entry.document.FileSize, 0);
  const tooBig = options !== null && options.maxPdfSizeBytes > 0 && totalSize > options.maxPdfSizeBytes;
  const rule: ActionAvailability = mergeAvailability(entries.map((entry) => ({ access: entry.access, link: entry.document.link })));
  const availability: ActionAvailability = !rule.allowed
    ? rule
    : tooBig
      ? { allowed: false, reason: 'notPermitted', message: MESSAGES.mergeTooBig }
      : rule;
  const canDelete = entries.length > 0 && entries.every((entry) => entry.access.delete);
  const working = submit.step === 'working';

  const reorder = (from: number, to: number, focusSelector: string | null = null): void => {
    if (from === to || from < 0 || to < 0 || to >= entries.length) return;
    store.set(
      moveItem(
        entries.map((entry) => entry.document.id),
        from,
        to,
      ),
    );
    if (queryIds.length > 0)
      navigate(
        mergeDocumentsPath(
          moveItem(
            entries.map((entry) => entry.document.id),
            from,
            to,
          ),
        ),
        { replace: true },
      );
    refocus.current = focusSelector;
  };

  const submitMerge = (): void => {
    if (!availability.allowed || working) return;
    const deleteOriginals = canDelete && !keepOriginals;
    setSubmit({ step: 'working' });
    loading.track(api.pageWork.merge({ docIds: entries.map((entry) => entry.document.id), name, deleteOriginals })).then(
      (merged) => {
        store.clear();
        // A new document in the record's folders; the originals changed or went (and left their queues).
        void queryClient.invalidateQueries({ queryKey: queryKeys.folders });
        void queryClient.invalidateQueries({ queryKey: queryKeys.workflow });
        for (const entry of entries) void queryClient.invalidateQueries({ queryKey: queryKeys.document(entry.document.id) });
        setSubmit({ step: 'done', merged, originalsDeleted: deleteOriginals });
        notify(UI_TEXT.pageWork.merged(entries.length, merged.name));
      },
      (error: unknown) => setSubmit({ step: 'editing', error: pageWorkErrorText(error, MESSAGES.unhandledError) }),
    );
  };

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={goBack} />
        <Text as="h1" weight="semibold" className={styles.title}>
          {UI_TEXT.pageWork.mergeDocuments}
        </Text>
      </div>
      <div className={styles.body}>
        {load.status === 'loading' ? <Spinner label={UI_TEXT.pageWork.readingDocuments} /> : null}
        {load.status === 'failed' ? (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{load.message}</MessageBarBody>
          </MessageBar>
        ) : null}
        {submit.step === 'done' ? (
          <div role="status" className={styles.actions}>
            <Body1>{UI_TEXT.pageWork.mergedInto(submit.merged.name, submit.merged.totalPages, submit.originalsDeleted)}</Body1>
            <Button appearance="primary" onClick={() => navigate(`/viewer/${encodeDocumentId(submit.merged.id)}`)}>
              {UI_TEXT.open}
            </Button>
            <Button onClick={goBack}>{UI_TEXT.done}</Button>
          </div>
        ) : null}
        {load.status === 'ready' && submit.step !== 'done' ? (
          <>
            <Text size={200} className={styles.muted} id="merge-order-help">
              {UI_TEXT.pageWork.mergeOrderHelp}
            </Text>
            <ol ref={listRef} className={styles.list} aria-label={UI_TEXT.pageWork.documentsToMerge} aria-describedby="merge-order-help">
              {entries.map((entry, index) => (
                <li
                  key={entry.document.id}
                  className={mergeClasses(styles.row, dropIndex === index && styles.dropTarget)}
                  draggable={!working}
                  tabIndex={0}
                  data-doc-id={entry.document.id}
                  aria-label={UI_TEXT.pageWork.mergeRow(
                    index + 1,
                    entry.document.name,
                    entry.document.totalPages,
                    formatFileSize(entry.document.FileSize),
                  )}
                  onKeyDown={(event) => {
                    if (event.target !== event.currentTarget || !event.altKey || working) return;
                    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                      event.preventDefault();
                      reorder(index, index + (event.key === 'ArrowUp' ? -1 : 1), `[data-doc-id="${entry.document.id}"]`);
                    }
                  }}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(ROW_DRAG_TYPE, String(index));
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(event) => {
                    if (!Array.from(event.dataTransfer.types).includes(ROW_DRAG_TYPE)) return;
                    event.preventDefault();
                    setDropIndex(index);
                  }}
                  onDragLeave={() => setDropIndex((current) => (current === index ? null : current))}
                  onDragEnd={() => setDropIndex(null)}
                  onDrop={(event) => {
                    const from = Number.parseInt(event.dataTransfer.getData(ROW_DRAG_TYPE), 10);
                    setDropIndex(null);
                    if (!Number.isInteger(from)) return;
                    event.preventDefault();
                    reorder(from, index);
                  }}
                >
                  <ReOrderDotsVerticalRegular aria-hidden />
                  <span className={styles.position} aria-hidden>
                    {index + 1}.
                  </span>
                  <span className={styles.name} title={entry.document.name}>
                    {entry.document.name}
                  </span>
                  <Text size={200} className={styles.muted}>
                    {UI_TEXT.pageWork.pagesAndSize(entry.document.totalPages, formatFileSize(entry.document.FileSize))}
                  </Text>
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<ArrowUpRegular />}
                    aria-label={UI_TEXT.pageWork.moveUpNamed(entry.document.name)}
                    title={UI_TEXT.pageWork.moveUp}
                    data-move="up"
                    disabled={index === 0 || working}
                    onClick={() => reorder(index, index - 1, `[data-doc-id="${entry.document.id}"] button[data-move="up"]`)}
                  />
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<ArrowDownRegular />}
                    aria-label={UI_TEXT.pageWork.moveDownNamed(entry.document.name)}
                    title={UI_TEXT.pageWork.moveDown}
                    data-move="down"
                    disabled={index === entries.length - 1 || working}
                    onClick={() => reorder(index, index + 1, `[data-doc-id="${entry.document.id}"] button[data-move="down"]`)}
                  />
                </li>
              ))}
            </ol>
            <Text size={200}>
              {UI_TEXT.pageWork.mergeTotal(
                entries.length,
                entries.reduce((sum, entry) => sum + entry.document.totalPages, 0),
                formatFileSize(totalSize),
              )}
            </Text>
            <Field label={UI_TEXT.pageWork.mergedName}>
              <Input
                value={name}
                placeholder={defaultMergedName(entries[0]?.document)}
                disabled={working}
                onChange={(_event, data) => setName(data.value)}
              />
            </Field>
            <Checkbox
              label={UI_TEXT.pageWork.keepOriginals}
              checked={keepOriginals || !canDelete}
              disabled={!canDelete || working}
              onChange={(_event, data) => setKeepOriginals(data.checked === true)}
            />
            {!availability.allowed ? (
              <MessageBar intent="warning" layout="multiline">
                <MessageBarBody>{shownMessage(availability.message)}</MessageBarBody>
              </MessageBar>
            ) : null}
            {submit.step === 'editing' && submit.error ? (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>{submit.error}</MessageBarBody>
              </MessageBar>
            ) : null}
            <div className={styles.actions}>
              <Button appearance="primary" disabled={!availability.allowed || working} onClick={submitMerge}>
                {working ? UI_TEXT.pageWork.merging : UI_TEXT.pageWork.mergeCount(entries.length)}
              </Button>
              <Button
                disabled={working}
                onClick={() => {
                  store.clear();
                  goBack();
                }}
              >
                {UI_TEXT.cancel}
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
