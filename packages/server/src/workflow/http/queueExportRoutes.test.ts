import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { encodeDocumentId } from '@datahaven/core/model';
import { appendWorkflowHistory } from '../appendWorkflowHistory';
import { createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';
import { WORKFLOW_PRIVILEGES, createQueue, createQueueType, grantGroupQueueAccess, placeInQueue } from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

/** Documents in the big queue: the "a queue of 10,000 documents". */
const DOCUMENTS = 10_000;
const CHUNK = 500;
const START = Date.UTC(2026, 0, 1);

/** What each seeded document is, by its number n (1-based): the export must read these back. */
function seeded(n: number) {
  return {
    name: `Export invoice ${String(n).padStart(5, '0')} Müller.pdf`,
    vendorName: `Vendor ${n % 7}`,
    vendorNumber: `V${(n % 7) * 10000 + 10000}`,
    invoiceNumber: `INV-${n}`,
    amount: Math.round(n * 123.45) / 100,
    currency: n % 5 === 0 ? 'EUR' : 'USD',
    dueDate: new Date(START + (n % 60) * 86_400_000).toISOString().slice(0, 10),
    createdAt: new Date(START + n * 1000).toISOString(),
  };
}

/** Bulk-inserts DOCUMENTS linked invoices with cached facts into `queueId` (the bench's seed, in chunks); resolves to their ids in n order. */
async function seedQueue(server: TestServer, queueId: number, sitId: number, uploaderId: number): Promise<number[]> {
  const db = server.deps.db;
  const bytes = Buffer.from(`export test placeholder ${queueId}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db
    .insertInto('files')
    .values({ sha256, size: bytes.length, media_type: 'application/pdf', page_count: 1, created_at: new Date(START).toISOString() })
    .execute();
  const ids: number[] = [];
  for (let start = 1; start <= DOCUMENTS; start += CHUNK) {
    const numbers = Array.from({ length: Math.min(CHUNK, DOCUMENTS - start + 1) }, (_, k) => start + k);
    const documents = await db
      .insertInto('documents')
      .values(
        numbers.map((n) => ({
          name: seeded(n).name,
          description: '',
          extension: 'pdf',
          file_sha256: sha256,
          total_pages: 1,
          subtype_id: null,
          user_string1: '',
          user_date1: null,
          queue_id: queueId,
          row_version: 0,
          created_by: uploaderId,
          created_at: seeded(n).createdAt,
          updated_at: seeded(n).createdAt,
          deleted_at: null,
        })),
      )
      .returning('id')
      .execute();
    const recordId = (n: number): string => `export-${queueId}-${n}`;
    await db
      .insertInto('record_links')
      .values(
        documents.map((d, k) => ({
          document_id: d.id,
          data_area_id: 'CRONUS',
          integrated_table_id: sitId,
          record_id: recordId(numbers[k]),
          source_type: 2,
          source_number: seeded(numbers[k]).invoiceNumber,
          table_id: 38,
          type_name: 'bc:Microsoft.NAV.PurchaseHeader',
          is_primary: 1,
        })),
      )
      .execute();
    await db
      .insertInto('linked_record_facts')
      .values(
        numbers.map((n) => ({
          integrated_table_id: sitId,
          data_area_id: 'CRONUS',
          record_id: recordId(n),
          source: 'bc',
          record_number: seeded(n).invoiceNumber,
          vendor_number: seeded(n).vendorNumber,
          vendor_name: seeded(n).vendorName,
          invoice_number: seeded(n).invoiceNumber,
          amount: seeded(n).amount,
          currency_code: seeded(n).currency,
          invoice_date: null,
          due_date: seeded(n).dueDate,
          discount_date: null,
          fetched_at: new Date(START).toISOString(),
          attempted_at: new Date(START).toISOString(),
        })),
      )
      .execute();
    ids.push(...documents.map((d) => d.id));
  }
  return ids;
}

/** A cell's text however exceljs hands it back (a hyperlink cell is an object). */
function cellText(value: ExcelJS.CellValue): string {
  if (value !== null && typeof value === 'object' && 'hyperlink' in value) return value.hyperlink;
  return String(value);
}

/** The workbook in an answer's bytes, read by exceljs (an independent reader of what the writer streamed). */
async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's types name Node's pre-generic Buffer; the bytes are one.
  await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  return workbook;
}

/** A day (YYYY-MM-DD) as de-DE writes it. */
function germanDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

describeOnEachDatabase('GET /api/queues/{id}/documents/export (issue 40 item 7)', (server) => {
  let world: World;
  let member: User;
  let outsideArea: User;
  let stranger: User;
  let bigQueue = 0;
  let smallQueue = 0;
  let ids: number[] = [];

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    bigQueue = await createQueue(s, type, { name: unique('Export big ') });
    smallQueue = await createQueue(s, type, { name: unique('Export small ') });
    const members = await createGroup(s, unique('Exporters '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, members, world.table.sitId);
    for (const queue of [bigQueue, smallQueue]) await grantGroupQueueAccess(s, members, queue);
    member = await createUser(s, unique('member'), { groups: [members] });
    outsideArea = await createUser(s, unique('outside'), { groups: [members], privileges: { 'Workflow Queues: OK': false } });
    const strangers = await createGroup(s, unique('Strangers '), WORKFLOW_PRIVILEGES);
    stranger = await createUser(s, unique('stranger'), { groups: [strangers] });
    ids = await seedQueue(s, bigQueue, world.table.sitId, member.id);
    await placeInQueue(s, world.pdfDocId, smallQueue);
  }, 300_000);

  const get = (user: User, url: string) => server().inject({ url: `/api${url}`, headers: server().authHeaders(user.username) });

  it('exports a queue of 10,000 documents to .xlsx that exceljs reads back with the same rows, typed, in the list order, with links', async () => {
    const response = await get(
      member,
      `/queues/${bigQueue}/documents/export?format=xlsx&columns=name,vendor,invoiceNumber,amount,dueDate&locale=de-DE`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Export big .*\.xlsx"/);
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(DOCUMENTS + 1);
    expect((sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual([
      'Name',
      'Vendor',
      'Invoice No.',
      'Amount',
      'Due date',
      'Document link',
    ]);
    // The list's own order (created, oldest first): the first page the grid shows is the file's first rows.
    const page = (await get(member, `/queues/${bigQueue}/workflow?take=200`)).json<{ documents: { id: number; name: string }[] }>();
    expect(page.documents.map((d) => d.name)).toEqual(Array.from({ length: 200 }, (_, k) => sheet.getRow(k + 2).getCell(1).value));
    for (let n = 1; n <= DOCUMENTS; n++) {
      const row = sheet.getRow(n + 1);
      const want = seeded(n);
      const got = {
        name: row.getCell(1).value,
        vendor: row.getCell(2).value,
        invoiceNumber: row.getCell(3).value,
        amount: row.getCell(4).value,
        dueDate: row.getCell(5).value,
        link: cellText(row.getCell(6).value),
      };
      const expected = {
        name: want.name,
        vendor: `${want.vendorName} (${want.vendorNumber})`,
        invoiceNumber: want.invoiceNumber,
        amount: want.amount,
        dueDate: new Date(`${want.dueDate}T00:00:00.000Z`),
        link: `${server().config.publicUrl}/viewer/${encodeDocumentId(ids[n - 1])}`,
      };
      if (JSON.stringify(got) !== JSON.stringify(expected)) expect({ n, ...got }).toEqual({ n, ...expected });
    }
    // Typed cells with the locale's formats: the amount in its currency, the day as de-DE writes it.
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('#,##0.00 "$"');
    expect(sheet.getRow(6).getCell(4).numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('dd.mm.yyyy');
  }, 300_000);

  it('writes CSV with de-DE separators, a UTF-8 byte-order mark, the filter and sort of the list', async () => {
    const response = await get(
      member,
      `/queues/${bigQueue}/documents/export?format=csv&columns=name,amount,dueDate&locale=de-DE&q=${encodeURIComponent('Export invoice 0000')}&sort=amount&desc=true`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Name;Amount;Due date;Document link');
    // Documents 1–9 match; highest amount first.
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(9);
    const nine = seeded(9);
    expect(rows[0]).toBe(
      `${nine.name};${nine.amount.toFixed(2).replace('.', ',')} $;${germanDay(nine.dueDate)};${server().config.publicUrl}/viewer/${encodeDocumentId(ids[8])}`,
    );
    expect(rows[8]).toBe(
      `${seeded(1).name};${seeded(1).amount.toFixed(2).replace('.', ',')} $;${germanDay(seeded(1).dueDate)};${server().config.publicUrl}/viewer/${encodeDocumentId(ids[0])}`,
    );
    expect(lines.at(-1)).toBe('');
  });

  it('refuses an unknown column in words, and the format it does not write', async () => {
    const column = await get(member, `/queues/${bigQueue}/documents/export?columns=name,secret`);
    expect(column.statusCode).toBe(400);
    expect(column.json<{ message: string }>().message).toMatch(/^The list has no column 'secret'\. Its columns are: name, vendor, /);
    const format = await get(member, `/queues/${bigQueue}/documents/export?format=pdf`);
    expect(format.statusCode).toBe(400);
    expect(format.json<{ message: string }>().message).toBe("format must be 'xlsx' or 'csv'.");
  });

  it("answers 403 without 'Workflow Queues: OK' and 404 for a queue the caller may not browse", async () => {
    expect((await get(outsideArea, `/queues/${smallQueue}/documents/export`)).statusCode).toBe(403);
    const hidden = await get(stranger, `/queues/${smallQueue}/documents/export`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Invoice 1001');
  });

  it('exports the approval history of a visible document, and 404 for one the caller cannot see', async () => {
    const s = server();
    await appendWorkflowHistory(s.deps.db, [
      {
        document_id: world.pdfDocId,
        action: 'route',
        from_queue_id: null,
        to_queue_id: smallQueue,
        user_id: member.id,
        note: 'Bitte prüfen',
        at: '2026-03-02T09:30:00.000Z',
      },
      {
        document_id: world.pdfDocId,
        action: 'approve',
        from_queue_id: smallQueue,
        to_queue_id: null,
        user_id: member.id,
        note: null,
        at: '2026-03-03T10:00:00.000Z',
        amount: 1234.5,
        amount_currency: 'EUR',
      },
    ]);
    const response = await get(
      world.clerk,
      `/documents/${world.pdfDocId}/history/export?format=xlsx&columns=at,action,toQueue,amount,note`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Invoice 1001 - history\.xlsx"/);
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.worksheets[0];
    const rows = Array.from({ length: sheet.rowCount }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => {
        const value = sheet.getRow(r + 1).getCell(c + 1).value;
        return value instanceof Date ? value.toISOString() : cellText(value);
      }),
    );
    expect(rows).toEqual([
      ['When', 'Action', 'To queue', 'Amount', 'Note', 'Document link'],
      [
        '2026-03-02T09:30:00.000Z',
        'route',
        expect.stringMatching(/^Export small /),
        'null',
        'Bitte prüfen',
        `${s.config.publicUrl}/viewer/${encodeDocumentId(world.pdfDocId)}`,
      ],
      ['2026-03-03T10:00:00.000Z', 'approve', 'null', '1234.5', 'null', `${s.config.publicUrl}/viewer/${encodeDocumentId(world.pdfDocId)}`],
    ]);
    expect((await get(world.outsider, `/documents/${world.pdfDocId}/history/export`)).statusCode).toBe(404);
    // The notes only for readers of notes: asked for without → 403 in words; left out of the default columns.
    const notes = await get(member, `/documents/${world.pdfDocId}/history/export?columns=at,note`);
    expect(notes.statusCode).toBe(403);
    expect(notes.json<{ message: string }>().message).toBe("The history's notes need 'Notes: View Only' or 'Notes: View Admin'.");
    const csv = await get(member, `/documents/${world.pdfDocId}/history/export?format=csv`);
    expect(csv.body.split('\r\n')[0]).toBe('\ufeffWhen,Who,Action,From queue,To queue,Level,Amount,Limit,Override reason,Document link');
    expect(csv.body).not.toContain('Bitte prüfen');
  });
});
