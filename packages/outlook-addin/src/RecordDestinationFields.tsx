import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Button, Caption1, Combobox, Dropdown, Field, MessageBar, MessageBarBody, Option, Spinner } from '@fluentui/react-components';
import { ENTITY_PAGE_SIZE, linkApi, type ApiClient, type LinkApi } from '@datahaven/core';
import { FILE_MAIL_TEXT } from './fileMailText';

/** An integrated table as `GET /api/sits` answers it (the core's LinkableTable). */
type RecordTable = Awaited<ReturnType<LinkApi['getLinkableTables']>>[number];
/** One ERP record as `GET /api/entity-types/{name}/entities` answers it. */
type RecordRow = Awaited<ReturnType<LinkApi['getEntities']>>[number];

/** `GET /api/sits/{id}/importSettings` (docs/API.md): whether and where an upload on the table's records goes. */
interface ImportSettings {
  canUpload: boolean;
  folders: { id: number; text: string; subtypeId: number | null }[];
  queueId: number | null;
}

/** The record's folder the pane files into: the query `POST /api/mail-import` takes, and the words the result says. */
export interface RecordDestination {
  sitId: number;
  recordId: string;
  /** The record's company, as the ERP answered it; the source's own when absent. */
  dataAreaId?: string;
  subtypeId: number | null;
  /** "Vendor V10000 — Fabrikam, Inc." */
  recordLabel: string;
  /** The folder's name, null when the table has no folder taking uploads. */
  folderText: string | null;
  /** The table's import queue the documents enter (null: filed outside workflow). */
  importQueueId: number | null;
}

/** Props of the record picker. */
export interface RecordDestinationFieldsProps {
  client: ApiClient;
  disabled: boolean;
  /** The complete destination, or null while something is missing or not allowed. */
  onChange(destination: RecordDestination | null): void;
}

/** The text properties a record is searched by, in the order a clerk types them (the pushLink column set has them where the type does). */
const SEARCH_FIELDS = ['number', 'displayName', 'name', 'vendorName', 'vendorInvoiceNumber'] as const;
/** How long typing rests before the ERP is asked. */
const SEARCH_DELAY_MS = 300;

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** What users call a record: its number and its name ("V10000 — Fabrikam, Inc."). */
function recordName(record: RecordRow): string {
  const number = textOf(record.number);
  const name = textOf(record.displayName) || textOf(record.name) || textOf(record.vendorName);
  return [number, name].filter((part) => part !== '').join(' — ');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Typing settles before it is searched: one ERP call per pause, not per key. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** The record type's key and searchable fields, read from its column set. */
interface TypeShape {
  key: string;
  searchFields: string[];
}

/**
 * "Into a record's folder": the record type (the tables the caller may link to, GET /sits),
 * the record found by its number or name (GET /entity-types/{name}/entities with q_{field},
 * 30 at a time with More records), and the folder (GET /sits/{id}/importSettings: the folders
 * that take uploads; a table the caller may not upload on is said in words).
 */
export function RecordDestinationFields({ client, disabled, onChange }: RecordDestinationFieldsProps): ReactElement {
  const api = useMemo(() => linkApi(client), [client]);
  const [tables, setTables] = useState<RecordTable[] | null>(null);
  const [tablesError, setTablesError] = useState<string | null>(null);
  const [table, setTable] = useState<RecordTable | null>(null);
  const [shape, setShape] = useState<TypeShape | null>(null);
  const [settings, setSettings] = useState<ImportSettings | null>(null);
  const [tableError, setTableError] = useState<string | null>(null);
  const [folderId, setFolderId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const settledSearch = useSettled(search);
  /** More records asked for this table and search (a new one starts again from the first page). */
  const [paging, setPaging] = useState<{ key: string; page: number }>({ key: '', page: 0 });
  const [records, setRecords] = useState<RecordRow[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [searching, setSearching] = useState(false);
  const [recordsError, setRecordsError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ id: string; record: RecordRow } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    api
      .getLinkableTables(abort.signal)
      .then((list) => {
        setTables(list);
        // An invoice e-mail comes from a vendor: the Vendor table first where it is offered.
        setTable((current) => current ?? list.find((candidate) => candidate.label === 'Vendor') ?? list[0] ?? null);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setTablesError(messageOf(error));
      });
    return () => abort.abort();
  }, [api]);

  // A new record type: its key and search fields, and where uploads on it go.
  useEffect(() => {
    if (table === null) return undefined;
    const abort = new AbortController();
    setShape(null);
    setSettings(null);
    setTableError(null);
    Promise.all([
      api.getEntityTypeProperties(table.entityTypeName, undefined, abort.signal),
      client.get<ImportSettings>(`/sits/${table.id}/importSettings`, { signal: abort.signal }),
    ])
      .then(([properties, importSettings]) => {
        const key = properties.find((property) => property.isKey)?.name ?? 'id';
        const searchFields = SEARCH_FIELDS.filter((field) =>
          properties.some((property) => property.name === field && property.type === 'Edm.String'),
        ).slice(0, 3);
        setShape({ key, searchFields });
        setSettings(importSettings);
        setFolderId(importSettings.folders[0]?.id ?? null);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setTableError(messageOf(error));
      });
    return () => abort.abort();
  }, [api, client, table]);

  const searchKey = `${table?.id ?? ''}\u0000${settledSearch.trim()}`;
  const page = paging.key === searchKey ? paging.page : 0;

  useEffect(() => {
    if (table === null || shape === null) return undefined;
    const abort = new AbortController();
    const text = settledSearch.trim();
    // Filters of one call all hold (AND), so number and name are asked side by side and merged.
    const fieldSets: Record<string, string>[] =
      text === '' || shape.searchFields.length === 0 ? [{}] : shape.searchFields.map((field) => ({ [field]: text }));
    setSearching(true);
    setRecordsError(null);
    Promise.all(fieldSets.map((filters) => api.getEntities(table.entityTypeName, { skip: page * ENTITY_PAGE_SIZE, filters }, abort.signal)))
      .then((pages) => {
        const seen = new Set<string>();
        const merged = pages.flat().filter((record) => {
          const id = textOf(record[shape.key]);
          if (id === '' || seen.has(id)) return false;
          seen.add(id);
          return true;
        });
        setRecords((current) =>
          page === 0 || current === null
            ? merged
            : [...current, ...merged.filter((record) => !current.some((known) => textOf(known[shape.key]) === textOf(record[shape.key])))],
        );
        setHasMore(pages.some((answer) => answer.length >= ENTITY_PAGE_SIZE));
        setSearching(false);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setRecordsError(messageOf(error));
        setSearching(false);
      });
    return () => abort.abort();
  }, [api, table, shape, settledSearch, page]);

  const folder = settings?.folders.find((candidate) => candidate.id === folderId) ?? null;
  const destination = useMemo<RecordDestination | null>(() => {
    if (table === null || settings === null || !settings.canUpload || chosen === null) return null;
    const dataAreaId = textOf(chosen.record.dataAreaId);
    return {
      sitId: table.id,
      recordId: chosen.id,
      dataAreaId: dataAreaId === '' ? undefined : dataAreaId,
      subtypeId: folder?.subtypeId ?? null,
      recordLabel: `${table.label} ${recordName(chosen.record)}`,
      folderText: folder?.text ?? null,
      importQueueId: settings.queueId,
    };
  }, [table, settings, chosen, folder]);
  useEffect(() => onChange(destination), [destination, onChange]);

  if (tablesError !== null) {
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{tablesError}</MessageBarBody>
      </MessageBar>
    );
  }
  if (tables === null) return <Spinner size="tiny" label={FILE_MAIL_TEXT.loadingRecordTypes} />;
  if (tables.length === 0) {
    return (
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{FILE_MAIL_TEXT.noRecordTypes}</MessageBarBody>
      </MessageBar>
    );
  }

  const chooseTable = (id: string | undefined): void => {
    const next = tables.find((candidate) => String(candidate.id) === id) ?? null;
    if (next === null || next.id === table?.id) return;
    setTable(next);
    setChosen(null);
    setSearch('');
    setRecords(null);
  };
  const keyOf = (record: RecordRow): string => (shape === null ? '' : textOf(record[shape.key]));
  const mayUpload = settings === null || settings.canUpload;

  return (
    <>
      {/* The lists open inline, as the queue's: a host's FluentProvider class would follow them into a portal. */}
      <Field label={FILE_MAIL_TEXT.recordType}>
        <Dropdown
          inlinePopup
          value={table?.label ?? ''}
          selectedOptions={table === null ? [] : [String(table.id)]}
          disabled={disabled}
          onOptionSelect={(_event, data) => chooseTable(data.optionValue)}
        >
          {tables.map((candidate) => (
            <Option key={candidate.id} value={String(candidate.id)}>
              {candidate.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {tableError !== null ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{tableError}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!mayUpload && table !== null ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{FILE_MAIL_TEXT.mayNotUpload(table.label)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field
        label={FILE_MAIL_TEXT.record}
        validationState={recordsError !== null ? 'error' : 'none'}
        validationMessage={recordsError ?? undefined}
        hint={chosen === null && recordsError === null ? FILE_MAIL_TEXT.chooseRecord : undefined}
      >
        <Combobox
          inlinePopup
          freeform
          placeholder={FILE_MAIL_TEXT.recordPlaceholder}
          value={chosen === null ? search : recordName(chosen.record)}
          selectedOptions={chosen === null ? [] : [chosen.id]}
          disabled={disabled || shape === null || !mayUpload}
          onChange={(event) => {
            setSearch(event.target.value);
            setChosen(null);
          }}
          onOptionSelect={(_event, data) => {
            const record = (records ?? []).find((candidate) => keyOf(candidate) === data.optionValue);
            if (record === undefined || data.optionValue === undefined) return;
            // The search stays as typed, so the list stays what was found.
            setChosen({ id: data.optionValue, record });
          }}
        >
          {(records ?? []).map((record) => (
            <Option key={keyOf(record)} value={keyOf(record)} text={recordName(record)}>
              {recordName(record)}
            </Option>
          ))}
        </Combobox>
      </Field>
      {searching ? <Spinner size="extra-tiny" label={FILE_MAIL_TEXT.searching} /> : null}
      {!searching && records !== null && records.length === 0 && recordsError === null ? (
        <Caption1 role="status">{FILE_MAIL_TEXT.noRecords}</Caption1>
      ) : null}
      {hasMore && !searching ? (
        <Button size="small" appearance="subtle" disabled={disabled} onClick={() => setPaging({ key: searchKey, page: page + 1 })}>
          {FILE_MAIL_TEXT.moreRecords}
        </Button>
      ) : null}
      {settings !== null && settings.folders.length > 0 ? (
        <Field label={FILE_MAIL_TEXT.folder}>
          <Dropdown
            inlinePopup
            value={folder?.text ?? ''}
            selectedOptions={folder === null ? [] : [String(folder.id)]}
            disabled={disabled || !mayUpload}
            onOptionSelect={(_event, data) => setFolderId(Number(data.optionValue))}
          >
            {settings.folders.map((candidate) => (
              <Option key={candidate.id} value={String(candidate.id)}>
                {candidate.text}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ) : null}
    </>
  );
}
