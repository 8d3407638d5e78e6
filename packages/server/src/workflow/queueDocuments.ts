import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DocumentDecision, PossibleDuplicate } from '@datahaven/core/model';
import type { DialectName } from '../db/createDatabase';
import { canSeeDocument, findVisibleDocuments, queuesVisibleToSql } from '../access';
import type { DocumentDetailRow, Viewer } from '../access';
import type { Database } from '../db/schema';
import { readPossibleDuplicates } from './possibleDuplicates';

/**
 * Keys `sort=` of GET /api/queues/{id}/workflow takes: DmsDocument field names, then the decision
 * columns (core model DECISION_FIELDS) read from the cached linked-record facts.
 */
export const QUEUE_DOCUMENT_SORT_KEYS = [
  'name',
  'createdAt',
  'modifiedAt',
  'FileSize',
  'description',
  'userString',
  'userDate',
  'type',
  'vendor',
  'invoiceNumber',
  'amount',
  'invoiceDate',
  'dueDate',
  'cashDiscountDate',
  'daysInQueue',
  'lockHolder',
  'noteCount',
] as const;

/** A key a queue's documents can be sorted by. */
export type QueueDocumentSortKey = (typeof QUEUE_DOCUMENT_SORT_KEYS)[number];

/** One page request of a queue's documents. */
export interface QueueDocumentsQuery {
  /** Case-insensitive "name, description, or the linked record's number, vendor number or name, invoice number or amount contains"; empty matches all. */
  q: string;
  skip: number;
  take: number;
  sort: QueueDocumentSortKey;
  desc: boolean;
}

/** Default page size of a queue's documents. */
export const QUEUE_PAGE_SIZE = 30;
/** Largest `take` accepted. */
export const MAX_QUEUE_PAGE_SIZE = 200;
/** "Due soon" on the workflow root: due today or within this many days after it (overdue is counted apart). */
export const DUE_SOON_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Text compared lower-cased and byte-wise on both dialects, so SQLite and PostgreSQL sort alike. */
function text(column: string, dialect: DialectName): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`lower(${sql.ref(column)}) collate "C"` : sql`lower(${sql.ref(column)})`;
}

/** When the document entered its queue: its last move into it, else its creation (seeded or uploaded there). */
const ENTERED_QUEUE = sql`coalesce((select max(h.at) from workflow_history h where h.document_id = d.id and h.to_queue_id = d.queue_id), d.created_at)`;

function sortExpression(key: QueueDocumentSortKey, dialect: DialectName): RawBuilder<unknown> {
  switch (key) {
    case 'name':
      return text('d.name', dialect);
    case 'description':
      return text('d.description', dialect);
    case 'userString':
      return text('d.user_string1', dialect);
    case 'type':
      return text('t.label', dialect);
    case 'createdAt':
      return sql`d.created_at`;
    case 'modifiedAt':
      return sql`d.updated_at`;
    case 'FileSize':
      return sql`f.size`;
    case 'userDate':
      return sql`d.user_date1`;
    case 'vendor':
      return dialect === 'postgres'
        ? sql`lower(coalesce(fa.vendor_name, fa.vendor_number)) collate "C"`
        : sql`lower(coalesce(fa.vendor_name, fa.vendor_number))`;
    case 'invoiceNumber':
      return text('fa.invoice_number', dialect);
    case 'amount':
      return sql`fa.amount`;
    case 'invoiceDate':
      return sql`fa.invoice_date`;
    case 'dueDate':
      return sql`fa.due_date`;
    case 'cashDiscountDate':
      return sql`fa.discount_date`;
    case 'daysInQueue':
      // PostgreSQL hashes the grouped `eq` once; SQLite reads each document's entry faster from
      // the covering workflow_history_document_to index than it materializes and indexes `eq`.
      return dialect === 'postgres' ? sql`coalesce(eq.entered_at, d.created_at)` : ENTERED_QUEUE;
    case 'lockHolder':
      return text('lu.username', dialect);
    case 'noteCount':
      return sql`coalesce(nc.note_count, 0)`;
  }
}

/** Sorts whose key is never null (a document always entered its queue; no notes counts 0). */
const NEVER_BLANK_SORTS: readonly QueueDocumentSortKey[] = ['daysInQueue', 'noteCount'];

/** `%`, `_` and `\` taken literally in a LIKE pattern (escaped with `\`). */
function likeContains(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A typed amount as the filter compares it: "1,234.56" → "1234.56" (thousands separators dropped); null when `q` is no amount. */
function amountText(q: string): string | null {
  const text = q.trim();
  return /^\d{1,3}(,\d{3})+(\.\d*)?$|^\d+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : null;
}

/**
 * "`q` is in the name, the description, or what the row shows of its linked record": the record's
 * number, the vendor's number and name, the invoice number, and (when `q` is an amount) the amount
 * with two decimals. So the vendor number every row shows ("V40000") finds its rows.
 */
function matches(q: string, dialect: DialectName): RawBuilder<boolean> {
  const pattern = likeContains(q);
  const amount = amountText(q);
  const amountMatch =
    amount === null
      ? sql``
      : dialect === 'postgres'
        ? sql` or to_char(fa.amount, 'FM999999999999990.00') like ${likeContains(amount)} escape '\\'`
        : sql` or printf('%.2f', fa.amount) like ${likeContains(amount)} escape '\\'`;
  return sql<boolean>`(lower(d.name) like ${pattern} escape '\\' or lower(d.description) like ${pattern} escape '\\'
    or lower(fa.vendor_name) like ${pattern} escape '\\' or lower(fa.invoice_number) like ${pattern} escape '\\'
    or lower(fa.vendor_number) like ${pattern} escape '\\' or lower(coalesce(fa.record_number, l.source_number)) like ${pattern} escape '\\'${amountMatch})`;
}

/** The joins a sort or filter needs beyond the documents themselves. */
interface ScopeNeeds {
  file: boolean;
  table: boolean;
  facts: boolean;
  lock: boolean;
  /** When each document last entered the queue (`eq`), for the days-in-queue sort. */
  entered: boolean;
  /** The user notes per document (`nc`), for the note-count sort. */
  notes: boolean;
}

function needsOf(sort: QueueDocumentSortKey | null, filtered: boolean, dialect: DialectName): ScopeNeeds {
  const factsSorts: readonly QueueDocumentSortKey[] = ['vendor', 'invoiceNumber', 'amount', 'invoiceDate', 'dueDate', 'cashDiscountDate'];
  return {
    file: sort === 'FileSize',
    table: sort === 'type',
    facts: filtered || (sort !== null && factsSorts.includes(sort)),
    lock: sort === 'lockHolder',
    entered: sort === 'daysInQueue' && dialect === 'postgres',
    notes: sort === 'noteCount',
  };
}

/**
 * The documents of a queue the viewer can see, with only the joins the sort or filter needs: the
 * file (`f`), the primary link (`l`) with its table (`t`) or cached facts (`fa`), the live lock's
 * holder (`lu`), the last entry into the queue (`eq`) or the user-note count (`nc`). The last two
 * are grouped once over the queue's documents: as correlated subqueries in the sort they ran per
 * document, twice (for the blanks-last key and the key itself). When the viewer sees every
 * document of the queue through it (AccessDocumentWithin or ViewDocumentsWithin), the per-row
 * visibility rule reduces to "not deleted": it is the same rule, decided once for the queue
 * rather than 10,000 times.
 */
function queueScope(db: Kysely<Database>, viewer: Viewer, queueId: number, needs: ScopeNeeds, wholeQueueVisible: boolean) {
  return db
    .selectFrom('documents as d')
    .$if(needs.file, (qb) => qb.innerJoin('files as f', 'f.sha256', 'd.file_sha256'))
    .$if(needs.table || needs.facts, (qb) =>
      qb
        .leftJoin('record_links as l', (j) => j.onRef('l.document_id', '=', 'd.id').on('l.is_primary', '=', 1))
        .$if(needs.table, (q2) => q2.leftJoin('integrated_tables as t', 't.id', 'l.integrated_table_id'))
        .$if(needs.facts, (q2) =>
          q2.leftJoin('linked_record_facts as fa', (j) =>
            j
              .onRef('fa.integrated_table_id', '=', 'l.integrated_table_id')
              .onRef('fa.data_area_id', '=', 'l.data_area_id')
              .onRef('fa.record_id', '=', 'l.record_id'),
          ),
        ),
    )
    .$if(needs.lock, (qb) =>
      qb
        .leftJoin('document_locks as lk', (j) =>
          j.onRef('lk.document_id', '=', 'd.id').on(sql<boolean>`lk.expires_at > ${viewer.databaseNow}`),
        )
        .leftJoin('users as lu', 'lu.id', 'lk.user_id'),
    )
    .$if(needs.entered, (qb) => qb.leftJoin(enteredQueue(db, queueId), (j) => j.onRef('eq.document_id', '=', 'd.id')))
    .$if(needs.notes, (qb) => qb.leftJoin(userNoteCounts(db, queueId), (j) => j.onRef('nc.document_id', '=', 'd.id')))
    .where('d.queue_id', '=', queueId)
    .where((eb) => (wholeQueueVisible ? eb('d.deleted_at', 'is', null) : canSeeDocument(eb, viewer)));
}

/** Per document of the queue: when it last moved into the queue (`eq`; absent: it never moved in). */
function enteredQueue(db: Kysely<Database>, queueId: number) {
  return db
    .selectFrom('workflow_history as h')
    .innerJoin('documents as hd', 'hd.id', 'h.document_id')
    .select(['h.document_id', (eb) => eb.fn.max('h.at').as('entered_at')])
    .where('hd.queue_id', '=', queueId)
    .where('h.to_queue_id', '=', queueId)
    .groupBy('h.document_id')
    .as('eq');
}

/** Per document of the queue with user notes: how many (`nc`). */
function userNoteCounts(db: Kysely<Database>, queueId: number) {
  return db
    .selectFrom('notes as n')
    .innerJoin('documents as nd', 'nd.id', 'n.document_id')
    .select(['n.document_id', (eb) => eb.fn.countAll().as('note_count')])
    .where('nd.queue_id', '=', queueId)
    .where('n.kind', '=', 'user')
    .groupBy('n.document_id')
    .as('nc');
}

/** Whether the viewer sees every document of the queue through the queue itself (canSeeDocument's queue branch). */
async function seesWholeQueue(db: Kysely<Database>, viewer: Viewer, queueId: number): Promise<boolean> {
  if (viewer.isManager) return true;
  const row = await db
    .selectFrom('queues as q')
    .select('q.id')
    .where('q.id', '=', queueId)
    .where('q.id', 'in', queuesVisibleToSql(viewer))
    .executeTakeFirst();
  return row !== undefined;
}

/** A listed document's decision figures and its facts row, for DocumentDecision and the refresh. */
export interface QueueDecisionRow {
  id: number;
  link_table_id: number | null;
  link_data_area_id: string | null;
  link_record_id: string | null;
  facts_id: number | null;
  vendor_number: string | null;
  vendor_name: string | null;
  invoice_number: string | null;
  amount: number | string | null;
  currency_code: string | null;
  invoice_date: string | null;
  due_date: string | null;
  discount_date: string | null;
  fetched_at: string | null;
  attempted_at: string | null;
  stale: number | null;
  entered_at: string;
  note_count: number | string;
  local_currency_code: string | null;
}

/** The decision figures of the listed documents, in one statement. */
async function decisionRows(db: Kysely<Database>, ids: readonly number[]): Promise<QueueDecisionRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documents as d')
    .leftJoin('record_links as l', (j) => j.onRef('l.document_id', '=', 'd.id').on('l.is_primary', '=', 1))
    .leftJoin('linked_record_facts as fa', (j) =>
      j
        .onRef('fa.integrated_table_id', '=', 'l.integrated_table_id')
        .onRef('fa.data_area_id', '=', 'l.data_area_id')
        .onRef('fa.record_id', '=', 'l.record_id'),
    )
    .select([
      'd.id',
      'l.integrated_table_id as link_table_id',
      'l.data_area_id as link_data_area_id',
      'l.record_id as link_record_id',
      'fa.id as facts_id',
      'fa.vendor_number',
      'fa.vendor_name',
      'fa.invoice_number',
      'fa.amount',
      'fa.currency_code',
      'fa.invoice_date',
      'fa.due_date',
      'fa.discount_date',
      'fa.fetched_at',
      'fa.attempted_at',
      'fa.stale',
      'fa.local_currency_code',
      ENTERED_QUEUE.as('entered_at'),
      sql<number>`(select count(*) from notes n where n.document_id = d.id and n.kind = 'user')`.as('note_count'),
    ])
    .where('d.id', 'in', [...ids])
    .execute() as Promise<QueueDecisionRow[]>;
}

/** Today's date (YYYY-MM-DD, UTC) and the one `days` later: the server's calendar for overdue and due soon. */
export function isoDay(now: Date, days = 0): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** A listed document's DocumentDecision from its decision row, as of `now`. */
export function presentDecision(row: QueueDecisionRow, now: Date): DocumentDecision {
  const today = isoDay(now);
  const state: DocumentDecision['factsState'] =
    row.link_record_id === null
      ? 'unlinked'
      : row.facts_id === null
        ? 'loading'
        : Number(row.stale) === 1
          ? 'stale'
          : row.fetched_at === null
            ? 'loading'
            : 'current';
  const entered = Date.parse(row.entered_at);
  return {
    vendorNumber: row.vendor_number,
    vendorName: row.vendor_name,
    invoiceNumber: row.invoice_number,
    amount: row.amount === null ? null : Number(row.amount),
    currencyCode: row.currency_code,
    invoiceDate: row.invoice_date,
    dueDate: row.due_date,
    cashDiscountDate: row.discount_date,
    factsState: state,
    factsFetchedAt: row.fetched_at,
    daysInQueue: Number.isNaN(entered) ? 0 : Math.max(0, Math.floor((now.getTime() - entered) / DAY_MS)),
    noteCount: Number(row.note_count),
    overdue: row.due_date !== null && row.due_date < today,
    discountExpiresToday: row.discount_date !== null && row.discount_date === today,
    localCurrencyCode: row.local_currency_code,
  };
}

/** One listed page: the documents with everything the presenter needs, their decision rows, and the total. */
export interface QueueDocumentsPageRows {
  rows: DocumentDetailRow[];
  decisions: Map<number, QueueDecisionRow>;
  /** The page's possible duplicates (issue 35), by document; a document without any is absent. */
  duplicates: Map<number, PossibleDuplicate[]>;
  total: number;
}

/**
 * One page of the documents in a queue that the viewer can see (canSeeDocument), filtered by
 * `q`, in the asked order. Blank values (no due date, no lock, no type) sort last in either
 * direction, and every order ends in the document id in the same direction, so the order is
 * total and pages never repeat or skip a document. The page's ids are chosen first with only the
 * sort's columns, then read in full (the presenter's per-row subqueries run for the page only,
 * not for every document of a 10,000-document queue). `total` counts all matches.
 */
export async function findQueueDocumentsPage(
  db: Kysely<Database>,
  dialect: DialectName,
  viewer: Viewer,
  queueId: number,
  query: QueueDocumentsQuery,
): Promise<QueueDocumentsPageRows> {
  const filtered = query.q !== '';
  // More days in the queue = entered it earlier.
  const ascending = query.sort === 'daysInQueue' ? query.desc : !query.desc;
  const direction = ascending ? 'asc' : 'desc';
  const idDirection = query.desc ? 'desc' : 'asc';
  const sortBy = sortExpression(query.sort, dialect);
  const wholeQueueVisible = await seesWholeQueue(db, viewer, queueId);
  let scope = queueScope(db, viewer, queueId, needsOf(query.sort, filtered, dialect), wholeQueueVisible);
  let counted = queueScope(db, viewer, queueId, needsOf(null, filtered, dialect), wholeQueueVisible);
  if (filtered) {
    scope = scope.where(matches(query.q, dialect));
    counted = counted.where(matches(query.q, dialect));
  }
  // The count needs no sort joins; the page is a bounded top-N sort over the queue.
  const [idRows, countRow] = await Promise.all([
    scope
      .select('d.id')
      // Days in queue and note count are never blank: their key is computed once per row, not twice.
      .$if(!NEVER_BLANK_SORTS.includes(query.sort), (qb) => qb.orderBy(sql`case when ${sortBy} is null then 1 else 0 end`))
      .orderBy(sortBy, direction)
      .orderBy('d.id', idDirection)
      .offset(query.skip)
      .limit(query.take)
      .execute(),
    counted.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(countRow.n);
  const ids = idRows.map((row) => row.id);
  if (ids.length === 0) return { rows: [], decisions: new Map(), duplicates: new Map(), total };
  // The page's marks in one statement beside the details and the decision rows, never one per row.
  const [details, decisions, duplicates] = await Promise.all([
    findVisibleDocuments(db, viewer, ids),
    decisionRows(db, ids),
    readPossibleDuplicates(db, viewer, ids),
  ]);
  const byId = new Map<number, DocumentDetailRow>(details.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
  return { rows, decisions: new Map(decisions.map((row) => [row.id, row])), duplicates, total };
}

/** How many of a queue's visible documents are past their due date, and how many fall due within DUE_SOON_DAYS. */
export interface QueueDueCounts {
  /** Due before today. */
  overdue: number;
  /** Due today or within DUE_SOON_DAYS after it: not overdue yet. */
  dueSoon: number;
}

/**
 * Per queue among `queueIds`: the visible documents whose linked record is overdue (due before
 * `now`'s day) and those due from today to DUE_SOON_DAYS ahead, apart, from the cached facts (an
 * invoice 18 months overdue is overdue, not "due within 3 days"). Queues with neither are absent.
 */
export async function findDueCounts(
  db: Kysely<Database>,
  viewer: Viewer,
  queueIds: readonly number[],
  now: Date,
): Promise<Map<number, QueueDueCounts>> {
  if (queueIds.length === 0) return new Map();
  const today = isoDay(now);
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('record_links as l', (j) => j.onRef('l.document_id', '=', 'd.id').on('l.is_primary', '=', 1))
    .innerJoin('linked_record_facts as fa', (j) =>
      j
        .onRef('fa.integrated_table_id', '=', 'l.integrated_table_id')
        .onRef('fa.data_area_id', '=', 'l.data_area_id')
        .onRef('fa.record_id', '=', 'l.record_id'),
    )
    .select([
      'd.queue_id',
      sql<number | string>`sum(case when fa.due_date < ${today} then 1 else 0 end)`.as('overdue'),
      sql<number | string>`sum(case when fa.due_date >= ${today} then 1 else 0 end)`.as('due_soon'),
    ])
    .where('d.queue_id', 'in', [...queueIds])
    .where('fa.due_date', '<=', isoDay(now, DUE_SOON_DAYS))
    .where((eb) => canSeeDocument(eb, viewer))
    .groupBy('d.queue_id')
    .execute();
  return new Map(
    rows
      .filter((row) => row.queue_id !== null)
      .map((row) => [Number(row.queue_id), { overdue: Number(row.overdue), dueSoon: Number(row.due_soon) }]),
  );
}
