import { MESSAGES } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { findVisibleDocument, viewerHoldsAny, viewerOf } from '../../access';
import type { Database } from '../../db/schema';
import type { ErpDeps } from '../../erp';
import { forbidden, notFound } from '../../http/HttpError';
import { documentIdParam, queryOf } from '../../http/requestHelpers';
import type { SpreadsheetCell } from '../../http/spreadsheet/SpreadsheetCell';
import { parseSpreadsheetQuery } from '../../http/spreadsheet/parseSpreadsheetQuery';
import { sendSpreadsheet } from '../../http/spreadsheet/sendSpreadsheet';
import type { SpreadsheetRow } from '../../http/spreadsheet/SpreadsheetSheet';
import { viewerUrl } from '../../http/spreadsheet/viewerUrl';
import { DOCUMENT_LINK_TITLE, EXPORT_PAGE_SIZE } from './queueExportRoutes';

/** A history row as the export reads it. */
interface HistoryExportRow {
  id: number;
  at: string;
  action: string;
  from_queue_id: number | null;
  to_queue_id: number | null;
  from_name: string | null;
  to_name: string | null;
  username: string;
  first_name: string;
  last_name: string;
  note: string | null;
  amount: number | string | null;
  amount_currency: string | null;
  approval_limit: number | string | null;
  limit_currency: string | null;
  approval_level: number | string | null;
  override_reason: string | null;
}

const text = (value: string | null): SpreadsheetCell => (value === null || value === '' ? null : { kind: 'text', text: value });
const amount = (value: number | string | null, currency: string | null): SpreadsheetCell =>
  value === null ? null : { kind: 'amount', value: Number(value), currency: currency === '' ? null : currency };
const queueName = (id: number | null, name: string | null): SpreadsheetCell => (id === null ? null : text(name ?? `queue ${id} (deleted)`));

/** The columns of the approval history (the evidence packet's table, issue 35 item 7), in this order, with their headings and cells. */
const HISTORY_COLUMNS: readonly { key: string; title: string; width: number; cell(row: HistoryExportRow): SpreadsheetCell }[] = [
  { key: 'at', title: 'When', width: 18, cell: (row) => ({ kind: 'dateTime', at: row.at }) },
  {
    key: 'user',
    title: 'Who',
    width: 24,
    cell: (row) => {
      const name = `${row.first_name} ${row.last_name}`.trim();
      return text(name === '' || name === row.username ? row.username : `${name} (${row.username})`);
    },
  },
  { key: 'action', title: 'Action', width: 10, cell: (row) => text(row.action) },
  { key: 'fromQueue', title: 'From queue', width: 20, cell: (row) => queueName(row.from_queue_id, row.from_name) },
  { key: 'toQueue', title: 'To queue', width: 20, cell: (row) => queueName(row.to_queue_id, row.to_name) },
  {
    key: 'level',
    title: 'Level',
    width: 8,
    cell: (row) => (row.approval_level === null ? null : { kind: 'number', value: Number(row.approval_level) }),
  },
  { key: 'amount', title: 'Amount', width: 14, cell: (row) => amount(row.amount, row.amount_currency) },
  { key: 'limit', title: 'Limit', width: 14, cell: (row) => amount(row.approval_limit, row.limit_currency) },
  { key: 'overrideReason', title: 'Override reason', width: 30, cell: (row) => text(row.override_reason) },
  { key: 'note', title: 'Note', width: 40, cell: (row) => text(row.note) },
];

/** The columns whose text only readers of notes may see. */
const NOTE_COLUMNS: readonly string[] = ['note'];

/** The document's history rows in chain order, EXPORT_PAGE_SIZE at a time (keyset on the row id). */
async function* historyPages(
  db: Kysely<Database>,
  documentId: number,
  publicUrl: string,
  columns: readonly (typeof HISTORY_COLUMNS)[number][],
): AsyncGenerator<SpreadsheetRow[]> {
  let after = 0;
  for (;;) {
    const rows: HistoryExportRow[] = await db
      .selectFrom('workflow_history as h')
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .leftJoin('queues as qf', 'qf.id', 'h.from_queue_id')
      .leftJoin('queues as qt', 'qt.id', 'h.to_queue_id')
      .select([
        'h.id',
        'h.at',
        'h.action',
        'h.from_queue_id',
        'h.to_queue_id',
        'qf.name as from_name',
        'qt.name as to_name',
        'u.username',
        'u.first_name',
        'u.last_name',
        'h.note',
        'h.amount',
        'h.amount_currency',
        'h.approval_limit',
        'h.limit_currency',
        'h.approval_level',
        'h.override_reason',
      ])
      .where('h.document_id', '=', documentId)
      .where('h.id', '>', after)
      .orderBy('h.id')
      .limit(EXPORT_PAGE_SIZE)
      .execute();
    yield rows.map((row) => ({ cells: columns.map((column) => column.cell(row)), link: viewerUrl(publicUrl, documentId) }));
    const last = rows.at(-1);
    if (last === undefined || rows.length < EXPORT_PAGE_SIZE) return;
    after = last.id;
  }
}

/**
 * GET /api/documents/{id}/history/export?format=xlsx|csv&columns=&locale=&timeZone= (issue 40
 * item 7): the document's approval and workflow history (every `workflow_history` row, in the
 * order it was appended) as a spreadsheet. Any caller who can see the document (else 404, the
 * words of a missing one), as GET /documents/{id}/history/verify; the note column needs 'Notes:
 * View Only' or 'Notes: View Admin' (asked for without → 403; left out of the default columns).
 */
export function registerHistoryExportRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get('/documents/:id/history/export', async (request, reply) => {
    const id = documentIdParam(request);
    const viewer = viewerOf(request);
    const readsNotes = viewerHoldsAny(viewer, ['Notes: View Only', 'Notes: View Admin']);
    const keys = HISTORY_COLUMNS.map((column) => column.key);
    const spreadsheet = parseSpreadsheetQuery(
      queryOf(request),
      keys,
      keys.filter((key) => readsNotes || !NOTE_COLUMNS.includes(key)),
    );
    if (!readsNotes && spreadsheet.columns.some((key) => NOTE_COLUMNS.includes(key)))
      throw forbidden("The history's notes need 'Notes: View Only' or 'Notes: View Admin'.");
    const document = await findVisibleDocument(deps.db, viewer, id);
    if (document === undefined) throw notFound(MESSAGES.documentNotFound);
    const columns = spreadsheet.columns.flatMap((key) => HISTORY_COLUMNS.filter((column) => column.key === key));
    const baseName = `${document.name.replace(/\.[^.]+$/, '')} - history`;
    return sendSpreadsheet(request, reply, {
      baseName,
      format: spreadsheet.format,
      locale: spreadsheet.locale,
      sheet: {
        sheetName: 'Approval history',
        columns: columns.map((column) => ({ title: column.title, width: column.width })),
        linkTitle: DOCUMENT_LINK_TITLE,
        pages: historyPages(deps.db, id, deps.config.publicUrl, columns),
      },
    });
  });
}
