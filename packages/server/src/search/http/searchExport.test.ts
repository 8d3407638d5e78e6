import ExcelJS from 'exceljs';
import { encodeDocumentId } from '@datahaven/core/model';
import { createDocument, createErpRecord, createIntegratedTable, createUser, createWorld, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

/** The rows of the first sheet, each cell as text (a hyperlink as its address, a date in ISO). */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's types name Node's pre-generic Buffer; the bytes are one.
  await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const sheet = workbook.worksheets[0];
  return Array.from({ length: sheet.rowCount }, (_, r) =>
    Array.from({ length: sheet.columnCount }, (_, c) => {
      const value = sheet.getRow(r + 1).getCell(c + 1).value;
      if (value instanceof Date) return value.toISOString();
      if (value !== null && typeof value === 'object' && 'hyperlink' in value) return value.hyperlink;
      return String(value);
    }),
  );
}

describeOnEachDatabase('GET /api/documents/search/export (issue 40 item 7)', (server) => {
  let world: World;
  const visible: number[] = [];
  let hidden = 0;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    for (const letter of ['A', 'B', 'C']) {
      visible.push(
        await createDocument(s, {
          sitId: world.table.sitId,
          recordId: world.recordId,
          fileName: `Kestrelwood ${letter}.pdf`,
          content: await makePdf(1, `Kestrelwood ${letter}`),
          uploader: world.clerk,
        }),
      );
    }
    // A document of a table the clerk has no access to: the search must not hand it to them.
    const secret = await createIntegratedTable(s, 'Payroll');
    hidden = await createDocument(s, {
      sitId: secret.sitId,
      recordId: await createErpRecord(s, secret.sitId, unique('P')),
      fileName: 'Kestrelwood payroll.pdf',
      content: await makePdf(1, 'Kestrelwood payroll'),
      uploader: world.manager,
    });
  });

  const get = (user: { username: string }, url: string) =>
    server().inject({ url: `/api${url}`, headers: server().authHeaders(user.username) });

  it('exports the whole result the caller may see, in its order, with the visible columns and links, and nothing they cannot see', async () => {
    const response = await get(world.clerk, '/documents/search/export?q=kestrelwood&sort=name&format=xlsx&columns=name,FileSize');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Search results - kestrelwood\.xlsx"/);
    const link = (id: number) => `${server().config.publicUrl}/viewer/${encodeDocumentId(id)}`;
    const rows = await sheetRows(response.rawPayload);
    expect(rows.map((row) => [row[0], row[2]])).toEqual([
      ['Name', 'Document link'],
      ['Kestrelwood A.pdf', link(visible[0])],
      ['Kestrelwood B.pdf', link(visible[1])],
      ['Kestrelwood C.pdf', link(visible[2])],
    ]);
    expect(rows.slice(1).every((row) => Number(row[1]) > 0)).toBe(true);
    // The manager sees every document: the hidden one is in their export.
    const all = await sheetRows((await get(world.manager, '/documents/search/export?q=kestrelwood&sort=name')).rawPayload);
    expect(all.map((row) => row[0])).toEqual([
      'Name',
      'Kestrelwood A.pdf',
      'Kestrelwood B.pdf',
      'Kestrelwood C.pdf',
      'Kestrelwood payroll.pdf',
    ]);
    expect(all[4]).toContain(link(hidden));
  });

  it('writes CSV with de-DE separators and dates, and answers 400 for an unknown column and 403 without Search: Search', async () => {
    const csv = await get(
      world.clerk,
      '/documents/search/export?q=kestrelwood&sort=name&desc=true&format=csv&locale=de-DE&columns=name,createdAt',
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\ufeffName;Created;Document link');
    expect(lines[1]).toMatch(/^Kestrelwood C\.pdf;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};http/);
    expect(lines).toHaveLength(5);
    const bad = await get(world.clerk, '/documents/search/export?q=kestrelwood&columns=name,salary');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(
      "The list has no column 'salary'. Its columns are: name, createdAt, FileSize, description, modifiedAt, queueName, type, link, subtype, createdBy, totalPages.",
    );
    const nobody = await createUser(server(), unique('nosearch'));
    expect((await get(nobody, '/documents/search/export?q=kestrelwood')).statusCode).toBe(403);
  });
});
