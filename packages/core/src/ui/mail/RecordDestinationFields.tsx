import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Caption1, Combobox, Dropdown, Field, MessageBar, MessageBarBody, Option, Spinner } from '@fluentui/react-components';
import { ENTITY_PAGE_SIZE } from '../../api';
import type { EntityRecord, LinkableTable } from '../../contract';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useDebouncedValue } from '../workflow/useDebouncedValue';

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
  disabled: boolean;
  /** The complete destination, or null while something is missing or not allowed. */
  onChange(destination: RecordDestination | null): void;
}

/** The text properties a record is searched by, in the order a clerk types them (the pushLink column set has them where the type does). */
const SEARCH_FIELDS = ['number', 'displayName', 'name', 'vendorName', 'vendorInvoiceNumber'] as const;
/** How long typing rests before the ERP is asked. */
const SEARCH_DELAY_MS = 300;

/** One page of the record search: the records of every field's answer (each once), and whether any answer came back full. */
interface RecordPage {
  records: EntityRecord[];
  full: boolean;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** What users call a record: its number and its name ("V10000 — Fabrikam, Inc."). */
function recordName(record: EntityRecord): string {
  const number = textOf(record.number);
  const name = textOf(record.displayName) || textOf(record.name) || textOf(record.vendorName);
  return [number, name].filter((part) => part !== '').join(' — ');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Records by their key, each once, in the order first seen. */
function uniqueRecords(lists: readonly (readonly EntityRecord[])[], key: string): EntityRecord[] {
  const seen = new Set<string>();
  return lists.flat().filter((record) => {
    const id = textOf(record[key]);
    if (id === '' || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * "Into a record's folder": the record type (the tables the caller may link to, GET /sits),
 * the record found by its number or name (GET /entity-types/{name}/entities with q_{field},
 * 30 at a time with More records), and the folder (GET /sits/{id}/importSettings: the folders
 * that take uploads; a table the caller may not upload on is said in words). Every read goes
 * through the query cache and shows its failure here, in the server's words.
 */
export function RecordDestinationFields({ disabled, onChange }: RecordDestinationFieldsProps): ReactElement {
  const { api, loading } = useServices();
  const tablesQuery = useQuery({
    queryKey: queryKeys.linkableTables,
    queryFn: ({ signal }) => loading.track(api.link.getLinkableTables(signal)),
    meta: { quiet: true },
  });
  const tables = tablesQuery.data ?? null;
  const [tableId, setTableId] = useState<number | null>(null);
  // An invoice e-mail comes from a vendor: the Vendor table first where it is offered.
  const table: LinkableTable | null =
    tables === null
      ? null
      : (tables.find((candidate) => candidate.id === tableId) ??
        tables.find((candidate) => candidate.label === 'Vendor') ??
        tables[0] ??
        null);
  const typeName = table?.entityTypeName ?? '';

  // A record type's key and search fields, and where uploads on it go: both known before a record can be chosen.
  const propertiesQuery = useQuery({
    queryKey: queryKeys.entityTypeProperties(typeName),
    queryFn: ({ signal }) => loading.track(api.link.getEntityTypeProperties(typeName, undefined, signal)),
    enabled: table !== null,
    meta: { quiet: true },
  });
  const settingsQuery = useQuery({
    queryKey: queryKeys.importSettings(table?.id ?? 0),
    queryFn: ({ signal }) => loading.track(api.mailImport.getImportSettings(table?.id ?? 0, signal)),
    enabled: table !== null,
    meta: { quiet: true },
  });
  const tableFailure = propertiesQuery.error ?? settingsQuery.error;
  const tableError = tableFailure === null ? null : messageOf(tableFailure);
  const properties = propertiesQuery.data;
  const settings = properties !== undefined && settingsQuery.data !== undefined ? settingsQuery.data : null;
  const shape = useMemo(() => {
    if (properties === undefined || settings === null) return null;
    const key = properties.find((property) => property.isKey)?.name ?? 'id';
    const searchFields: string[] = SEARCH_FIELDS.filter((field) =>
      properties.some((property) => property.name === field && property.type === 'Edm.String'),
    ).slice(0, 3);
    return { key, searchFields };
  }, [properties, settings]);

  const [folderPick, setFolderPick] = useState<{ sitId: number; folderId: number } | null>(null);
  const folderId = folderPick !== null && folderPick.sitId === table?.id ? folderPick.folderId : (settings?.folders[0]?.id ?? null);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS).trim();
  const [chosen, setChosen] = useState<{ id: string; record: EntityRecord } | null>(null);

  const recordsQuery = useInfiniteQuery({
    queryKey: queryKeys.recordSearch(typeName, shape?.searchFields ?? [], settledSearch),
    queryFn: async ({ pageParam, signal }): Promise<RecordPage> => {
      const fields = shape?.searchFields ?? [];
      // Filters of one call all hold (AND), so number and name are asked side by side and merged.
      const fieldSets: Record<string, string>[] =
        settledSearch === '' || fields.length === 0 ? [{}] : fields.map((field) => ({ [field]: settledSearch }));
      const pages = await loading.track(
        Promise.all(fieldSets.map((filters) => api.link.getEntities(typeName, { skip: pageParam * ENTITY_PAGE_SIZE, filters }, signal))),
      );
      return { records: uniqueRecords(pages, shape?.key ?? 'id'), full: pages.some((answer) => answer.length >= ENTITY_PAGE_SIZE) };
    },
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.full ? all.length : undefined),
    enabled: shape !== null,
    // Another search of the same type keeps the last list until its answer comes; another type starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === typeName ? previous : undefined),
    meta: { quiet: true },
  });
  const records =
    recordsQuery.data === undefined
      ? null
      : uniqueRecords(
          recordsQuery.data.pages.map((page) => page.records),
          shape?.key ?? 'id',
        );
  const searching = recordsQuery.isFetching;
  const recordsError = recordsQuery.error === null ? null : messageOf(recordsQuery.error);

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

  if (tablesQuery.error !== null) {
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{messageOf(tablesQuery.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (tables === null) return <Spinner size="tiny" label={UI_TEXT.mail.file.loadingRecordTypes} />;
  if (tables.length === 0) {
    return (
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{UI_TEXT.mail.file.noRecordTypes}</MessageBarBody>
      </MessageBar>
    );
  }

  const chooseTable = (id: string | undefined): void => {
    const next = tables.find((candidate) => String(candidate.id) === id) ?? null;
    if (next === null || next.id === table?.id) return;
    setTableId(next.id);
    setChosen(null);
    setSearch('');
  };
  const keyOf = (record: EntityRecord): string => (shape === null ? '' : textOf(record[shape.key]));
  const mayUpload = settings === null || settings.canUpload;

  return (
    <>
      {/* The lists open inline, as the queue's: a FluentProvider's class would follow them into a portal. */}
      <Field label={UI_TEXT.mail.file.recordType}>
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
          <MessageBarBody>{UI_TEXT.mail.file.mayNotUpload(table.label)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field
        label={UI_TEXT.mail.file.record}
        validationState={recordsError !== null ? 'error' : 'none'}
        validationMessage={recordsError ?? undefined}
        hint={chosen === null && recordsError === null ? UI_TEXT.mail.file.chooseRecord : undefined}
      >
        <Combobox
          inlinePopup
          freeform
          placeholder={UI_TEXT.mail.file.recordPlaceholder}
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
      {searching ? <Spinner size="extra-tiny" label={UI_TEXT.mail.file.searching} /> : null}
      {!searching && records !== null && records.length === 0 && recordsError === null ? (
        <Caption1 role="status">{UI_TEXT.mail.file.noRecords}</Caption1>
      ) : null}
      {recordsQuery.hasNextPage && !searching ? (
        <Button size="small" appearance="subtle" disabled={disabled} onClick={() => void recordsQuery.fetchNextPage()}>
          {UI_TEXT.mail.file.moreRecords}
        </Button>
      ) : null}
      {settings !== null && settings.folders.length > 0 ? (
        <Field label={UI_TEXT.mail.file.folder}>
          <Dropdown
            inlinePopup
            value={folder?.text ?? ''}
            selectedOptions={folder === null ? [] : [String(folder.id)]}
            disabled={disabled || !mayUpload}
            onOptionSelect={(_event, data) => {
              if (table !== null) setFolderPick({ sitId: table.id, folderId: Number(data.optionValue) });
            }}
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
