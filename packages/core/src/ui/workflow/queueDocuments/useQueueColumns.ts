import { useMemo, useState } from 'react';
import type { QueueDocumentsSort } from '../../../api/workflowApi';
import type { DocumentListField } from '../../../model';
import type { OptionValues } from '../../../rules';
import type { ColumnOverrides, WorkflowPreferences } from '../../../state/WorkflowPreferences';
import { configurableColumns, defaultHiddenColumns, gridColumns, type GridColumn } from './documentColumns';

/** The queue grid's columns as the user set them up (spec §3 "column configuration and overrides"), and what changes them. */
export interface QueueColumns {
  /** The columns shown, in order, with their widths. */
  columns: GridColumn[];
  /** How the server sorts the list: by the sorted column where the server sorts by it, else in its own order. */
  serverSort: { sort: QueueDocumentsSort | null; desc: boolean };
  /** The sorted column as the grid's header shows it; null while the list is in the server's own order. */
  gridSort: { key: string; desc: boolean } | null;
  /** A click on a column header: that column in its first direction (the option's `desc`), then the other way. */
  onSort(column: GridColumn): void;
  /** A direction chosen for a column (the stacked list's sort menu). */
  onSortChange(column: GridColumn, desc: boolean): void;
  /** A column dragged to a new width. */
  onResize(key: string, width: number): void;
  /** The option's columns the user may hide (the name column is always shown). */
  optionalColumns: DocumentListField[];
  /** The keys of the optional columns shown. */
  shownColumns: string[];
  /** The Columns menu's ticks changed: `shown` are the keys left ticked. */
  onShownChange(shown: readonly string[]): void;
  /** Reset columns: the option's widths, the leading decision columns only and the server's order again. */
  resetColumns(): void;
}

/**
 * The columns of a queue's grid from the option 'Workflow Document List Columns' (null while the
 * options load), with the user's widths, the columns they chose in the Columns menu and sort kept
 * in local storage (WorkflowPreferences), so every queue opens the way the user left the last one.
 */
export function useQueueColumns(options: OptionValues | null, preferences: WorkflowPreferences): QueueColumns {
  const [overrides, setOverrides] = useState<ColumnOverrides>(() => preferences.columnOverrides());
  /** Shows the change and keeps it for the next visit. */
  const change = (next: (current: ColumnOverrides) => ColumnOverrides): void =>
    setOverrides((current) => {
      const changed = next(current);
      preferences.setColumnOverrides(changed);
      return changed;
    });

  const columns = useMemo(() => (options ? gridColumns(options.workflowDocumentListColumns, overrides) : []), [options, overrides]);
  // A stored sort on a column no longer shown, or one the server cannot sort by, leaves the list in the server's order.
  const sortColumn = overrides.sort ? columns.find((column) => column.key === overrides.sort?.key && column.sort !== null) : undefined;
  const sort = sortColumn?.sort ?? null;
  const desc = overrides.sort?.desc ?? false;
  const serverSort = useMemo(() => ({ sort, desc }), [sort, desc]);
  const optionalColumns = useMemo(() => (options ? configurableColumns(options.workflowDocumentListColumns) : []), [options]);
  // Until the user ticks columns themselves, the leading decision columns only (documentColumns).
  const hidden = overrides.hidden ?? (options ? defaultHiddenColumns(options.workflowDocumentListColumns) : []);

  return {
    columns,
    serverSort,
    gridSort: sortColumn && overrides.sort ? overrides.sort : null,
    onSort: (column) =>
      change((current) => ({
        ...current,
        sort: { key: column.key, desc: current.sort && current.sort.key === column.key ? !current.sort.desc : column.firstDesc },
      })),
    onSortChange: (column, direction) => change((current) => ({ ...current, sort: { key: column.key, desc: direction } })),
    onResize: (key, width) => change((current) => ({ ...current, widths: { ...current.widths, [key]: width } })),
    optionalColumns,
    shownColumns: optionalColumns.filter((field) => !hidden.includes(field.key)).map((field) => field.key),
    onShownChange: (shown) =>
      change((current) => ({
        ...current,
        hidden: optionalColumns.filter((field) => !shown.includes(field.key)).map((field) => field.key),
      })),
    resetColumns: () => change(() => ({ widths: {}, sort: null })),
  };
}
