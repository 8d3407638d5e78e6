import type { DocumentListField } from '@datahaven/core/model';
import { MESSAGES, parseColumnsOption } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { presentDocument } from '../../access';
import type { Viewer } from '../../access';
import { readOption } from '../../db/optionStore';
import type { ErpDeps } from '../../erp';
import { notFound } from '../../http/HttpError';
import { integerParam, queryOf } from '../../http/requestHelpers';
import { documentCell } from '../../http/spreadsheet/documentCell';
import { parseSpreadsheetQuery } from '../../http/spreadsheet/parseSpreadsheetQuery';
import { sendSpreadsheet } from '../../http/spreadsheet/sendSpreadsheet';
import type { SpreadsheetRow } from '../../http/spreadsheet/SpreadsheetSheet';
import { viewerUrl } from '../../http/spreadsheet/viewerUrl';
import { findQueueDocumentsPage, presentDecision } from '../queueDocuments';
import type { QueueDocumentsQuery } from '../queueDocuments';
import { findBrowsableQueue } from '../workflowStructureQueries';
import { parseQueueDocumentsQuery } from './parseQueueDocumentsQuery';
import { workflowViewerOf } from './workflowViewerOf';

/** Documents read per statement while an export streams: enough to keep the database busy, few enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 500;

/** The heading of the link column every export ends with. */
export const DOCUMENT_LINK_TITLE = 'Document link';

/** Characters per pixel of a grid column, for the .xlsx column widths. */
const PIXELS_PER_CHARACTER = 7;

/** The queue grid's name column when the option leaves it out (the grid adds it the same way). */
const NAME_COLUMN: DocumentListField = { key: 'name', field: 'name', title: 'Name', width: 220, desc: false };

/** The columns a queue's list knows: the option 'Workflow Document List Columns', the name column first. */
function queueListColumns(option: string): DocumentListField[] {
  const fields = parseColumnsOption(option);
  const name = fields.find((field) => field.field === 'name') ?? NAME_COLUMN;
  const seen = new Set<string>();
  return [name, ...fields.filter((field) => field !== name)].filter((field) => !seen.has(field.key) && seen.add(field.key) !== undefined);
}

/**
 * The queue's visible documents as exported rows, page by page in the list's order (the same
 * statement the grid pages with: visibility, filter and sort are the list's own); never more than
 * one page in memory.
 */
async function* queueRows(
  deps: ErpDeps,
  viewer: Viewer,
  queueId: number,
  query: QueueDocumentsQuery,
  fields: readonly DocumentListField[],
): AsyncGenerator<SpreadsheetRow[]> {
  for (let skip = 0; ; skip += EXPORT_PAGE_SIZE) {
    const page = await findQueueDocumentsPage(deps.db, deps.dialect, viewer, queueId, { ...query, skip, take: EXPORT_PAGE_SIZE });
    const now = deps.now();
    yield page.rows.map((row) => {
      const decision = page.decisions.get(row.id);
      const document =
        decision === undefined ? presentDocument(row) : { ...presentDocument(row), decision: presentDecision(decision, now) };
      return { cells: fields.map((field) => documentCell(document, field.field)), link: viewerUrl(deps.config.publicUrl, row.id) };
    });
    if (skip + EXPORT_PAGE_SIZE >= page.total) return;
  }
}

/**
 * GET /api/queues/{id}/documents/export?format=xlsx|csv&columns=&locale=&timeZone=&q=&sort=&desc=
 * (issue 40 item 7): the queue's list as a spreadsheet, as the caller sees it — the same
 * privilege ('Workflow Queues: OK', else 403), the same browsable queue (else 404, the words of a
 * missing one), the same visible documents, filter and order as GET /api/queues/{id}/workflow —
 * with the columns the client shows (keys of the option's columns, in its order; an unknown one
 * → 400) and a link to each document's viewer. Streams: rows are read EXPORT_PAGE_SIZE at a time.
 */
export function registerQueueExportRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get('/queues/:id/documents/export', async (request, reply) => {
    const id = integerParam(request, 'id');
    const viewer = workflowViewerOf(request);
    const raw = queryOf(request);
    const query = parseQueueDocumentsQuery({ ...raw, skip: undefined, take: undefined });
    const listColumns = queueListColumns(await readOption(deps.db, 'Workflow Document List Columns'));
    const spreadsheet = parseSpreadsheetQuery(
      raw,
      listColumns.map((field) => field.key),
    );
    const found = await findBrowsableQueue(deps.db, viewer, id);
    if (found === undefined) throw notFound(MESSAGES.queueNotFound);
    const fields = spreadsheet.columns.map((key) => listColumns.find((field) => field.key === key) ?? NAME_COLUMN);
    return sendSpreadsheet(request, reply, {
      baseName: found.queue.name,
      format: spreadsheet.format,
      locale: spreadsheet.locale,
      sheet: {
        sheetName: found.queue.name,
        columns: fields.map((field) => ({
          title: field.title || field.field,
          width: Math.max(8, Math.round(field.width / PIXELS_PER_CHARACTER)),
        })),
        linkTitle: DOCUMENT_LINK_TITLE,
        pages: queueRows(deps, viewer, id, query, fields),
      },
    });
  });
}
