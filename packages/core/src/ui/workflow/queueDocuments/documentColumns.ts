import { QUEUE_DOCUMENTS_SORTS, type QueueDocumentsSort } from '../../../api/workflowApi';
import {
  DECISION_FIELDS,
  DEFAULT_DOCUMENT_LIST_COLUMNS,
  LIMITS,
  type DecisionField,
  type DmsDocument,
  type DocumentListField,
} from '../../../model';
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
 * The decision columns that lead the grid, in this order, and the only ones it shows until the
 * user picks columns (issue 38): what an approver decides on, narrow enough to fit beside the
 * document at 1280 px. The option's other columns wait in the Columns menu.
 */
export const LEADING_DECISION_FIELDS: readonly string[] = ['vendor', 'invoiceNumber', 'amount', 'dueDate'];

/** The option's columns in grid order: the leading decision columns first (in LEADING_DECISION_FIELDS order), then the rest as the option lists them. */
function leadingFirst(fields: readonly DocumentListField[]): DocumentListField[] {
  const leading = LEADING_DECISION_FIELDS.flatMap((name) => fields.filter((field) => field.field === name));
  return [...leading, ...fields.filter((field) => !leading.includes(field))];
}

/**
 * The option's columns hidden until the user picks their own in the Columns menu: every one but
 * the name and the leading decision columns. An option without any decision column (one an
 * administrator wrote before them) hides none, so its grid is not left with the name alone.
 */
export function defaultHiddenColumns(fields: readonly DocumentListField[]): string[] {
  if (!fields.some((field) => LEADING_DECISION_FIELDS.includes(field.field))) return [];
  return fields.filter((field) => field.field !== 'name' && !LEADING_DECISION_FIELDS.includes(field.field)).map((field) => field.key);
}

/**
 * A column's title as shown: a default column (DEFAULT_DOCUMENT_LIST_COLUMNS) that keeps its
 * default title is titled in the language shown; a title an administrator wrote stays as written.
 */
export function columnTitle(field: DocumentListField): string {
  const standard = DEFAULT_DOCUMENT_LIST_COLUMNS.find((column) => column.key === field.key && column.field === field.field);
  if (standard !== undefined && field.title === standard.title) return UI_TEXT.workflow.defaultColumnTitles[standard.key];
  return field.title || field.field;
}

/**
 * The grid's columns from the option 'Workflow Document List Columns' (spec §3 "Document list
 * field", width 100 by default) with the user's stored widths, less the columns the user hid
 * (until they choose, those defaultHiddenColumns names); the name column comes first, added when
 * the option leaves it out, so each row starts with the document's name, and it cannot be hidden;
 * the leading decision columns follow it.
 */
export function gridColumns(fields: readonly DocumentListField[], overrides: ColumnOverrides): GridColumn[] {
  const name = fields.find((field) => field.field === 'name') ?? NAME_COLUMN;
  const ordered = [name, ...leadingFirst(fields.filter((field) => field !== name && field.field !== 'name'))];
  const seen = new Set<string>();
  const hidden = new Set(overrides.hidden ?? defaultHiddenColumns(fields));
  const columns: GridColumn[] = [];
  for (const field of ordered) {
    if (seen.has(field.key) || (field !== name && hidden.has(field.key))) continue;
    seen.add(field.key);
    const sort = (QUEUE_DOCUMENTS_SORTS as readonly string[]).includes(field.field) ? (field.field as QueueDocumentsSort) : null;
    columns.push({
      key: field.key,
      field: field.field,
      title: columnTitle(field),
      width: overrides.widths[field.key] ?? (field.width > 0 ? field.width : LIMITS.defaultColumnWidth),
      sort,
      firstDesc: field.desc,
    });
  }
  return columns;
}

/** The formats cellText uses; `region` (for the amount's currency format) defaults to en-US. */
export type CellFormats = Pick<LocaleFormats, 'formatDate' | 'formatDateTime' | 'formatFileSize'> & Partial<Pick<LocaleFormats, 'region'>>;

/** A calendar day (YYYY-MM-DD) as a date: read at noon UTC, so no time zone moves it to another day. */
function day(value: string | null, formatDate: LocaleFormats['formatDate']): string {
  return value === null ? '' : formatDate(`${value}T12:00:00.000Z`);
}

/** An amount in its currency with the locale's Intl number format ('$1,234.50', '1.234,50 €'); a code Intl refuses is written after the number. */
export function formatAmount(amount: number | null, currencyCode: string | null, region = 'en-US'): string {
  if (amount === null) return '';
  if (currencyCode !== null) {
    try {
      return new Intl.NumberFormat(region, { style: 'currency', currency: currencyCode }).format(amount);
    } catch {
      // Not an ISO 4217 code (an ERP's own currency code): the number and the code as they are.
    }
  }
  const number = new Intl.NumberFormat(region, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return currencyCode === null ? number : `${number} ${currencyCode}`;
}

/** The decision cells' texts (issue 12): vendor "name (number)", the amount in its currency, dates, days, the lock holder, notes. */
function decisionCellText(doc: DmsDocument, field: DecisionField, formats: CellFormats): string {
  const decision = doc.decision;
  if (field === 'lockHolder') return doc.lock?.holder ?? '';
  if (decision === undefined) return '';
  switch (field) {
    case 'vendor': {
      if (decision.factsState === 'loading') return UI_TEXT.decision.loading;
      const { vendorName, vendorNumber } = decision;
      return vendorName !== null && vendorNumber !== null ? `${vendorName} (${vendorNumber})` : (vendorName ?? vendorNumber ?? '');
    }
    case 'invoiceNumber':
      return decision.invoiceNumber ?? '';
    case 'amount':
      return formatAmount(decision.amount, decision.currencyCode, formats.region);
    case 'invoiceDate':
      return day(decision.invoiceDate, formats.formatDate);
    case 'dueDate':
      return day(decision.dueDate, formats.formatDate);
    case 'cashDiscountDate':
      return day(decision.cashDiscountDate, formats.formatDate);
    case 'daysInQueue':
      return UI_TEXT.decision.days(decision.daysInQueue);
    case 'noteCount':
      return String(decision.noteCount);
  }
}

/** What a cell shows for a document's field: formatted sizes and dates, the queue's name, the lock holder, the decision data; '' for unknown fields. */
export function cellText(doc: DmsDocument, field: string, formats: CellFormats): string {
  const { formatDate, formatDateTime, formatFileSize } = formats;
  if ((DECISION_FIELDS as readonly string[]).includes(field)) return decisionCellText(doc, field as DecisionField, formats);
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
      return typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : typeof value === 'boolean'
          ? value
            ? UI_TEXT.workflow.columns.yes
            : UI_TEXT.workflow.columns.no
          : '';
    }
  }
}

/** A marker a cell shows before its text: an icon and words, never colour alone. */
export interface CellMarker {
  kind: 'overdue' | 'discountEndsToday' | 'stale';
  text: string;
}

/**
 * The markers of a document's cell: 'Overdue' in the due date, 'Discount ends today' in the
 * discount date, and in the vendor cell the words saying the ERP could not be read (with when
 * the facts shown were read), so a stale row is told in words where its facts are.
 */
export function cellMarkers(doc: DmsDocument, field: string, formats: Pick<LocaleFormats, 'formatDateTime'>): CellMarker[] {
  const decision = doc.decision;
  if (decision === undefined) return [];
  if (field === 'dueDate' && decision.overdue) return [{ kind: 'overdue', text: UI_TEXT.decision.overdue }];
  if (field === 'cashDiscountDate' && decision.discountExpiresToday)
    return [{ kind: 'discountEndsToday', text: UI_TEXT.decision.discountEndsToday }];
  if (field === 'vendor' && decision.factsState === 'stale') {
    const text =
      decision.factsFetchedAt === null
        ? UI_TEXT.decision.staleNever
        : UI_TEXT.decision.staleSince(formats.formatDateTime(decision.factsFetchedAt));
    return [{ kind: 'stale', text }];
  }
  return [];
}

/** The option's columns the user may show or hide (all but the name column), in the grid's order. */
export function configurableColumns(fields: readonly DocumentListField[]): DocumentListField[] {
  const seen = new Set<string>();
  return leadingFirst(fields).filter((field) => {
    if (field.field === 'name' || seen.has(field.key)) return false;
    seen.add(field.key);
    return true;
  });
}
