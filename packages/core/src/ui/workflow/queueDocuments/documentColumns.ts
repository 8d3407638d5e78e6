import { QUEUE_DOCUMENTS_SORTS, type QueueDocumentsSort } from '../../../api/workflowApi';
import { LIMITS, type DmsDocument, type DocumentListField } from '../../../model';
import type { ColumnOverrides } from '../../../state/WorkflowPreferences';
import type { LocaleFormats } from '../../locale/localeFormats';
import { UI_TEXT } from '../../../locale/uiText';

/** A column of the queue documents grid: the option's field with the user's width, and whether the server sorts by it. */
export interface GridColumn {
  key: string;
  field: string;
  title: string;
  width: number;
  /** The server sort key, when the server sorts by this field. */
  sort: QueueDocumentsSort | null;
  /** Direction of the first click on the header (the option's `desc`). */
  firstDesc: boolean;
}

/** The name column every grid starts with (browser tests and screen readers name rows by it). */
const NAME_COLUMN: DocumentListField = { key: 'name', field: 'name', title: UI_TEXT.workflow.columns.name, width: 220, desc: false };

/**
 * The grid's columns from the option 'Workflow Document List Columns' (spec §3 "Document list
 * field", width 100 by default) with the user's stored widths, less the columns the user hid;
 * the name column comes first, added when the option leaves it out, so each row starts with the
 * document's name, and it cannot be hidden.
 */
export function gridColumns(fields: readonly DocumentListField[], overrides: ColumnOverrides): GridColumn[] {
  const name = fields.find((field) => field.field === 'name') ?? NAME_COLUMN;
  const ordered = [name, ...fields.filter((field) => field !== name && field.field !== 'name')];
  const seen = new Set<string>();
  const hidden = new Set(overrides.hidden ?? []);
  const columns: GridColumn[] = [];
  for (const field of ordered) {
    if (seen.has(field.key) || (field !== name && hidden.has(field.key))) continue;
    seen.add(field.key);
    const sort = (QUEUE_DOCUMENTS_SORTS as readonly string[]).includes(field.field) ? (field.field as QueueDocumentsSort) : null;
    columns.push({
      key: field.key,
      field: field.field,
      title: field.title || field.field,
      width: overrides.widths[field.key] ?? (field.width > 0 ? field.width : LIMITS.defaultColumnWidth),
      sort,
      firstDesc: field.desc,
    });
  }
  return columns;
}

/** What a cell shows for a document's field: formatted sizes and dates, the queue's name, the lock holder; '' for unknown fields. */
export function cellText(doc: DmsDocument, field: string, { formatDate, formatDateTime, formatFileSize }: Pick<LocaleFormats, 'formatDate' | 'formatDateTime' | 'formatFileSize'>): string {
  switch (field) {
    case 'FileSize':
      return formatFileSize(doc.FileSize);
    case 'createdAt':
    case 'modifiedAt':
      return formatDateTime(doc[field]);
    case 'userDate':
      return formatDate(doc.userDate);
    case 'queueName':
      return doc.queueName ?? doc.queue?.name ?? '';
    case 'queue':
      return doc.queue?.name ?? doc.queueName ?? '';
    case 'subtype':
      return doc.subtype?.text ?? '';
    case 'lock':
      return doc.lock?.holder ?? '';
    case 'link':
      return doc.link ? UI_TEXT.workflow.columns.linked : '';
    default: {
      const value: unknown = (doc as unknown as Record<string, unknown>)[field];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : typeof value === 'boolean' ? (value ? UI_TEXT.workflow.columns.yes : UI_TEXT.workflow.columns.no) : '';
    }
  }
}

/** The option's columns the user may show or hide (all but the name column), in the option's order. */
export function configurableColumns(fields: readonly DocumentListField[]): DocumentListField[] {
  const seen = new Set<string>();
  return fields.filter((field) => {
    if (field.field === 'name' || seen.has(field.key)) return false;
    seen.add(field.key);
    return true;
  });
}
