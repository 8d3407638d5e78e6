import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  Body1,
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { LinkAddRegular } from '@fluentui/react-icons/svg/link-add';
import { ApiError, ENTITY_PAGE_SIZE } from '../../api';
import type { EntityProperty, EntityRecord } from '../../contract';
import { decodeDocumentId, hasQueueFeature } from '../../model';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useGoBack } from '../app/useGoBack';
import { useHostContext } from '../app/useHostContext';
import { useNotify } from '../app/useToast';
import { useDocumentAccess } from '../export/useDocumentAccess';
import { launchLinkedRecord } from '../launch/launchLinkedRecord';
import { useDebouncedValue } from '../workflow/useDebouncedValue';
import { ApproveAfterLinkDialog, announceLinkEvents, type ApproveAfterLink } from './ApproveAfterLinkDialog';
import { linkErrorMessage } from './linkErrorMessage';
import { linkableEntityTypes, sameTypeName } from './linkableEntityTypes';

const useStyles = makeStyles({
  screen: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minHeight: 0,
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  scroll: { flexGrow: 1, minHeight: 0, overflow: 'auto' },
  grid: { borderCollapse: 'collapse', width: '100%', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  cell: {
    textAlign: 'start',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  row: { cursor: 'pointer', ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  active: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  hint: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

/** The columns a clerk picks a record by: the column set, without a GUID key no one reads. */
function visibleColumns(properties: readonly EntityProperty[]): EntityProperty[] {
  return properties.filter((property) => !(property.isKey && property.type === 'Edm.Guid'));
}

/** A record's value as a cell shows it. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** What users call a record: its number, else its name, else its key. */
function recordNumber(record: EntityRecord, key: string | undefined): string {
  for (const field of ['number', 'displayName', 'name'])
    if (typeof record[field] === 'string' && record[field] !== '') return String(record[field]);
  return key !== undefined ? cellText(record[key]) : '';
}

/**
 * Link to Existing (`/link-to-existing/:docId`, embedded §2): choose the record type (the record
 * in context's, the document's link's, the integrated tables of GET /sits), filter each column
 * (q_{field}), page through the records 30 at a time with the keyboard or the mouse, and link the
 * document to the chosen one (POST /documents/{id}/link). Success refreshes the document, the
 * folders, the workflow and search, and goes back. The spec's link messages show for their cases;
 * an ERP that cannot be reached shows the server's words with Retry.
 */
export function LinkToExistingScreen(): ReactElement {
  const styles = useStyles();
  const { docId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const id = decodeDocumentId(docId);
  const { api, loading, capabilities, alerts } = useServices();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const goBack = useGoBack();
  // The records are read for the company in context, so they wait for the host to say which.
  const { context, host: hostContext } = useHostContext();
  const contextKnown = hostContext !== null;
  const hintId = useId();
  const rowIdPrefix = useId();
  const grid = useRef<HTMLTableElement>(null);

  const documentQuery = useQuery({
    queryKey: queryKeys.document(id),
    queryFn: ({ signal }) => loading.track(api.documents.getDocument(id, signal)),
    enabled: id !== 0,
    retry: false,
    meta: { quiet: true },
  });
  const document = documentQuery.data ?? null;
  const documentMissing = id === 0 || (documentQuery.error instanceof ApiError && documentQuery.error.status === 404);

  const tablesQuery = useQuery({
    queryKey: queryKeys.linkableTables,
    queryFn: ({ signal }) => loading.track(api.link.getLinkableTables(signal)),
    meta: { quiet: true },
  });
  const choices = useMemo(
    () => linkableEntityTypes(context, document?.link ?? null, tablesQuery.data ?? []),
    [context, document, tablesQuery.data],
  );
  const [chosenName, setChosenName] = useState<string | null>(searchParams.get('typeName'));
  const chosen =
    choices.find((choice) => chosenName !== null && sameTypeName(choice.typeName, chosenName)) ?? (choices.length > 0 ? choices[0] : null);
  const typeName = chosen?.typeName ?? '';

  const [filters, setFilters] = useState<Record<string, string>>({});
  const settledFilters = useDebouncedValue(filters);
  const [page, setPage] = useState(0);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [linking, setLinking] = useState(false);
  const [linkMessage, setLinkMessage] = useState<string | null>(null);
  /** PromptToApproveOnLink's "Approve now?" after the link; the screen goes back once it is answered. */
  const [approveAfter, setApproveAfter] = useState<ApproveAfterLink | null>(null);

  // New filters start again from the first page, nothing highlighted (compared as text: the
  // debounce hands over a new object even when nothing changed, e.g. the cleared filters of a new type).
  const filterKey = JSON.stringify(settledFilters);
  useEffect(() => {
    setPage(0);
    setActiveIndex(-1);
  }, [filterKey]);
  const chooseType = (name: string): void => {
    setChosenName(name);
    setFilters({});
    setPage(0);
    setActiveIndex(-1);
  };

  const dataAreaId = context?.dataAreaId ?? null;
  const propertiesQuery = useQuery({
    queryKey: queryKeys.entityTypeProperties(typeName),
    queryFn: ({ signal }) => loading.track(api.link.getEntityTypeProperties(typeName, undefined, signal)),
    enabled: chosen !== null,
    retry: false,
    meta: { quiet: true },
  });
  const recordsQuery = useQuery({
    queryKey: queryKeys.entities(typeName, {
      skip: page * ENTITY_PAGE_SIZE,
      filters: settledFilters,
      dataAreaId,
      docId: id > 0 ? id : null,
    }),
    queryFn: ({ signal }) =>
      loading.track(
        api.link.getEntities(
          typeName,
          { skip: page * ENTITY_PAGE_SIZE, filters: settledFilters, dataAreaId: dataAreaId ?? undefined, docId: id > 0 ? id : undefined },
          signal,
        ),
      ),
    enabled: contextKnown && chosen !== null,
    retry: false,
    meta: { quiet: true },
  });

  const properties = propertiesQuery.data ?? null;
  const columns = useMemo(() => visibleColumns(properties ?? []), [properties]);
  const key = properties?.find((property) => property.isKey)?.name;
  const records = recordsQuery.data ?? null;
  const failure = propertiesQuery.error ?? recordsQuery.error;
  const failureMessage = failure === null ? null : failure instanceof Error ? failure.message : MESSAGES.unhandledError;
  const busy = propertiesQuery.isFetching || recordsQuery.isFetching || tablesQuery.isFetching || !contextKnown;
  const active = records !== null && activeIndex >= 0 && activeIndex < records.length ? records[activeIndex] : null;
  // A linked document may be linked on when its access says `link` (the server replaces the link).
  const documentAccess = useDocumentAccess(document === null ? [] : [document]);
  const mayRelink =
    document !== null && document.link !== null && documentAccess !== null && documentAccess.length === 1 && documentAccess[0].link;
  const alreadyLinked = document !== null && document.link !== null && !mayRelink;
  const lastPage = records !== null && records.length < ENTITY_PAGE_SIZE;

  const retry = (): void => {
    void propertiesQuery.refetch();
    void recordsQuery.refetch();
  };

  const link = (record: EntityRecord | null): void => {
    if (record === null || chosen === null || linking) return;
    if (documentMissing) return setLinkMessage(MESSAGES.linkDocumentNotFound);
    if (alreadyLinked) return setLinkMessage(MESSAGES.linkAlreadyLinked);
    const recordId = key !== undefined ? record[key] : undefined;
    const relatedDataAreaId = typeof record.dataAreaId === 'string' ? record.dataAreaId : (dataAreaId ?? '');
    if (typeof recordId !== 'string' || recordId === '') return setLinkMessage(MESSAGES.linkInvalidRecordId);
    setLinking(true);
    setLinkMessage(null);
    loading
      .track(
        api.link.linkDocument(id, {
          relatedTypeName: typeName,
          relatedDataAreaId,
          relatedRecordId: recordId,
          relatedTableId: chosen?.tableId,
          relatedSitId: chosen?.sitId,
          rowConflictId: document?.rowVersion,
          expectedQueueId: document?.queue?.id,
        }),
      )
      .then(async (change) => {
        // The document, its access, the folders it now shows in, the queues and search all changed.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.document(id) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.documentView(id) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.folders }),
          queryClient.invalidateQueries({ queryKey: queryKeys.workflow }),
          queryClient.invalidateQueries({ queryKey: ['search'] }),
        ]);
        const number = recordNumber(record, key);
        // The queue's OnLink event (docs/UX-DECISIONS.md "OnLink"): approved, not approved and why, or "Approve now?".
        const ask = announceLinkEvents(change, { id, name: document?.name ?? '', queue: document?.queue ?? null }, number, {
          notify,
          warn: (text) => alerts.push(text, 'warning'),
        });
        if (change.autoApproved !== true) notify(UI_TEXT.link.linkedTo(number));
        // LaunchRecordAfterDocumentLink (the document's queue; the server's OnLink answer when it gives one): the record just linked opens, as after a Quick Link.
        if (change.link && (change.launchRecord ?? hasQueueFeature(document?.queue, 'LaunchRecordAfterDocumentLink'))) {
          void launchLinkedRecord(
            { api, capabilities, alerts },
            { ...change.link, sourceEntityTypeName: change.link.sourceEntityTypeName ?? typeName },
          );
        }
        // Back once the prompt is answered: the screen holds the dialog.
        if (ask !== null) setApproveAfter(ask);
        else goBack();
      })
      .catch((error: unknown) => {
        setLinkMessage(linkErrorMessage(error));
        setLinking(false);
      });
  };

  const moveTo = (index: number): void => {
    if (records === null || records.length === 0) return;
    const next = Math.max(0, Math.min(records.length - 1, index));
    setActiveIndex(next);
    // The row's own document (the app's, never a global reached behind the host's back).
    grid.current?.ownerDocument.getElementById(`${rowIdPrefix}-${next}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>): void => {
    const fromFilter = event.target instanceof HTMLInputElement;
    if (fromFilter && event.key !== 'ArrowDown' && event.key !== 'Enter') return;
    if (fromFilter) {
      // Down (or Enter) from a filter goes into the results, on the first record.
      event.preventDefault();
      grid.current?.focus();
      moveTo(Math.max(activeIndex, 0));
      return;
    }
    const handled = (): void => event.preventDefault();
    switch (event.key) {
      case 'ArrowDown':
        handled();
        return moveTo(activeIndex + 1);
      case 'ArrowUp':
        handled();
        return moveTo(activeIndex - 1);
      case 'Home':
        handled();
        return moveTo(0);
      case 'End':
        handled();
        return moveTo((records?.length ?? 1) - 1);
      case 'PageDown':
        handled();
        if (!lastPage && records !== null) {
          setPage(page + 1);
          setActiveIndex(0);
        }
        return;
      case 'PageUp':
        handled();
        if (page > 0) {
          setPage(page - 1);
          setActiveIndex(0);
        }
        return;
      case 'Enter':
        handled();
        return link(active);
      default:
    }
  };

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={goBack} />
        <Subtitle2 as="h1" className={styles.title} title={document?.name}>
          {document ? UI_TEXT.link.titleOf(document.name) : UI_TEXT.link.title}
        </Subtitle2>
      </div>
      {documentMissing ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{MESSAGES.linkDocumentNotFound}</MessageBarBody>
        </MessageBar>
      ) : null}
      {document?.link ? (
        <MessageBar intent={mayRelink ? 'info' : 'warning'} layout="multiline">
          <MessageBarBody>
            {mayRelink
              ? UI_TEXT.link.replacesLink(document.type ?? '', document.link.sourceNumber)
              : `${MESSAGES.linkAlreadyLinked} ${UI_TEXT.link.currentLink(document.type ?? '', document.link.sourceNumber)}`}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <Field label={UI_TEXT.link.recordType}>
        <Select value={typeName} onChange={(_event, data) => chooseType(data.value)}>
          {choices.map((choice) => (
            <option key={choice.typeName} value={choice.typeName}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      <span id={hintId} className={styles.hint}>
        {UI_TEXT.link.keyboardHint}
      </span>
      <div className={styles.scroll}>
        <table
          ref={grid}
          role="grid"
          aria-label={UI_TEXT.link.records}
          aria-describedby={hintId}
          aria-busy={busy}
          aria-activedescendant={active !== null ? `${rowIdPrefix}-${activeIndex}` : undefined}
          tabIndex={0}
          className={styles.grid}
          onKeyDown={onGridKeyDown}
        >
          <thead>
            <tr role="row">
              {columns.map((column) => (
                <th key={column.name} role="columnheader" className={styles.cell}>
                  {column.name}
                </th>
              ))}
            </tr>
            <tr role="row" aria-label={UI_TEXT.link.filters}>
              {columns.map((column) => (
                <td key={column.name} role="gridcell" className={styles.cell}>
                  <Input
                    size="small"
                    aria-label={UI_TEXT.link.filterOf(column.name)}
                    value={filters[column.name] ?? ''}
                    onChange={(_event, data) => setFilters((current) => ({ ...current, [column.name]: data.value }))}
                  />
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {(failure === null ? (records ?? []) : []).map((record, index) => (
              <tr
                key={key !== undefined ? cellText(record[key]) : index}
                id={`${rowIdPrefix}-${index}`}
                role="row"
                aria-selected={index === activeIndex}
                className={mergeClasses(styles.row, index === activeIndex && styles.active)}
                onClick={() => setActiveIndex(index)}
                onDoubleClick={() => link(record)}
              >
                {columns.map((column) => (
                  <td key={column.name} role="gridcell" className={styles.cell}>
                    {cellText(record[column.name])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {failureMessage !== null ? (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{failureMessage}</MessageBarBody>
            <Button onClick={retry}>{UI_TEXT.link.retry}</Button>
          </MessageBar>
        ) : busy && records === null ? (
          <Spinner size="tiny" label={UI_TEXT.link.loadingRecords} />
        ) : records !== null && records.length === 0 ? (
          <Body1 role="status">{UI_TEXT.link.noRecords}</Body1>
        ) : null}
      </div>
      {linkMessage !== null ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{linkMessage}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.footer}>
        <Button disabled={page === 0 || busy} onClick={() => setPage(page - 1)}>
          {UI_TEXT.link.previousPage}
        </Button>
        <Text>{UI_TEXT.link.pageOf(page + 1)}</Text>
        <Button disabled={lastPage || records === null || busy} onClick={() => setPage(page + 1)}>
          {UI_TEXT.link.nextPage}
        </Button>
        {busy && records !== null ? <Spinner size="extra-tiny" label={UI_TEXT.link.loadingRecords} /> : null}
        <span className={styles.grow} />
        <Button
          appearance="primary"
          icon={linking ? <Spinner size="extra-tiny" /> : <LinkAddRegular />}
          disabled={active === null || linking || alreadyLinked || documentMissing}
          onClick={() => link(active)}
        >
          {linking ? UI_TEXT.link.linking : UI_TEXT.link.link}
        </Button>
      </div>
      <ApproveAfterLinkDialog
        pending={approveAfter}
        onDone={() => {
          setApproveAfter(null);
          goBack();
        }}
      />
    </div>
  );
}
