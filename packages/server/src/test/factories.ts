import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { PrivilegeName } from '@datahaven/core/model';
import { Readable } from 'node:stream';
import { TEXT_EXTRACTION_JOB } from '../search/enqueueTextExtraction';
import { stageUpload } from '../intake/stageUpload';
import { commitArrivals } from '../intake/commitArrivals';
import { releaseStagedFiles } from '../intake/stagedFiles';
import { resolveRecordContext } from '../db/recordContext';
import type { TestServer } from './testServer';

let counter = 0;
/** A unique suffix for names within one test database. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

/** Inserts a privilege by name if missing; resolves to its id. */
export async function privilegeId(server: TestServer, name: PrivilegeName): Promise<number> {
  const db = server.deps.db;
  const found = await db.selectFrom('privileges').select('id').where('name', '=', name).executeTakeFirst();
  if (found !== undefined) return found.id;
  return (await db.insertInto('privileges').values({ name, description: '' }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Creates a group with privileges; resolves to its id. */
export async function createGroup(server: TestServer, name: string, privileges: readonly PrivilegeName[] = []): Promise<number> {
  const db = server.deps.db;
  const { id } = await db.insertInto('groups').values({ name, description: '' }).returning('id').executeTakeFirstOrThrow();
  for (const privilege of privileges) {
    await db
      .insertInto('group_privileges')
      .values({ group_id: id, privilege_id: await privilegeId(server, privilege), value: 1 })
      .execute();
  }
  return id;
}

/** Options of `createUser`. */
export interface UserOptions {
  groups?: readonly number[];
  /** Direct grants (value true) or explicit denials (false). */
  privileges?: Partial<Record<PrivilegeName, boolean>>;
  disabled?: boolean;
}

/** Creates a user; resolves to `{ id, username }`. */
export async function createUser(
  server: TestServer,
  username: string,
  options: UserOptions = {},
): Promise<{ id: number; username: string }> {
  const db = server.deps.db;
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      first_name: username,
      last_name: 'Test',
      email: `${username}@example.test`,
      directory_user_id: null,
      data_area_id: null,
      personal_queue_id: null,
      disabled: options.disabled ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const groupId of options.groups ?? []) await db.insertInto('user_groups').values({ user_id: id, group_id: groupId }).execute();
  for (const [name, value] of Object.entries(options.privileges ?? {})) {
    await db
      .insertInto('user_privileges')
      .values({ user_id: id, privilege_id: await privilegeId(server, name as PrivilegeName), value: value ? 1 : 0 })
      .execute();
  }
  return { id, username };
}

/** An integrated table with two subtypes and folders mapping them, plus a folder without subtype. */
export interface TableFixture {
  sitId: number;
  tableId: number;
  typeName: string;
  subtypeIds: { invoice: number; contract: number };
  folderIds: { invoices: number; contracts: number; other: number };
}

/** Creates an integrated table like the demo's Vendor table (unique table id and type name). */
export async function createIntegratedTable(server: TestServer, label = 'Vendor'): Promise<TableFixture> {
  const db = server.deps.db;
  counter += 1;
  const tableId = 1000 + counter;
  const typeName = `bc:Microsoft.NAV.${label}${counter}`;
  const { id: sitId } = await db
    .insertInto('integrated_tables')
    .values({ external_table_id: tableId, source_type_id: 0, entity_type_name: typeName, label, product_type: 'bc' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subtype = async (text: string, order: number): Promise<number> =>
    (
      await db
        .insertInto('subtypes')
        .values({ integrated_table_id: sitId, sort_order: order, text, category_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const invoice = await subtype('Invoice', 1);
  const contract = await subtype('Contract', 2);
  const folder = async (text: string, order: number, subtypeId: number | null): Promise<number> =>
    (
      await db
        .insertInto('display_folders')
        .values({ integrated_table_id: sitId, parent_id: null, text, display_order: order, sort_key: null, subtype_id: subtypeId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const invoices = await folder('Invoices', 1, invoice);
  const contracts = await folder('Contracts', 2, contract);
  const other = await folder('Correspondence', 3, null);
  return { sitId, tableId, typeName, subtypeIds: { invoice, contract }, folderIds: { invoices, contracts, other } };
}

/** Gives a group access to an integrated table (all data areas unless one is named). */
export async function grantTableAccess(
  server: TestServer,
  groupId: number,
  sitId: number,
  access: { canView?: boolean; canUpload?: boolean; dataAreaId?: string | null } = {},
): Promise<void> {
  await server.deps.db
    .insertInto('integrated_table_access')
    .values({
      group_id: groupId,
      integrated_table_id: sitId,
      data_area_id: access.dataAreaId ?? null,
      can_view: access.canView === false ? 0 : 1,
      can_upload: access.canUpload ? 1 : 0,
    })
    .execute();
}

/** Registers an ERP record; resolves to its record id (a GUID). */
export async function createErpRecord(server: TestServer, sitId: number, number: string, dataAreaId = 'CRONUS'): Promise<string> {
  counter += 1;
  const recordId = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  await server.deps.db
    .insertInto('erp_records')
    .values({ integrated_table_id: sitId, data_area_id: dataAreaId, record_id: recordId, number, display_name: `Record ${number}` })
    .execute();
  return recordId;
}

/** A real PDF with `pages` pages of text. */
export async function makePdf(pages: number, title = 'Test invoice'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++) {
    const p = pdf.addPage([595, 842]);
    p.drawText(`${title} — page ${page} of ${pages}`, { x: 50, y: 780, size: 18, font });
  }
  return Buffer.from(await pdf.save());
}

/** Options of `createDocument`. */
export interface DocumentOptions {
  sitId: number;
  recordId: string;
  dataAreaId?: string;
  subtypeId?: number | null;
  fileName?: string;
  content?: Buffer;
  uploader: { id: number; username: string };
}

/** Stores a document exactly as an upload does (file store, rows, 'Uploaded by' note); resolves to its id. */
export async function createDocument(server: TestServer, options: DocumentOptions): Promise<number> {
  const content = options.content ?? (await makePdf(2));
  const staged = await stageUpload(server.deps, options.fileName ?? 'invoice.pdf', Readable.from([content]), Number.MAX_SAFE_INTEGER);
  const context = await resolveRecordContext(server.deps.db, {
    sitId: options.sitId,
    recordId: options.recordId,
    dataAreaId: options.dataAreaId ?? 'CRONUS',
  });
  if (context === undefined || context.recordId === null) throw new Error('No such integrated table.');
  const [id] = await commitArrivals(
    server.deps,
    { userId: options.uploader.id, username: options.uploader.username },
    { kind: 'record', target: { context: { ...context, recordId: context.recordId }, subtypeId: options.subtypeId ?? null } },
    [staged],
  );
  releaseStagedFiles([staged]);
  // As after the server's job runner ran the upload's text extraction: most suites search right away.
  await server.runJobs([TEXT_EXTRACTION_JOB]);
  return id;
}

/** The demo-like world most suites need: a table, a record with documents, and users with and without access. */
export interface World {
  table: TableFixture;
  recordId: string;
  otherRecordId: string;
  clerk: { id: number; username: string };
  outsider: { id: number; username: string };
  manager: { id: number; username: string };
  /** A clerk-like user whose notes privileges are removed. */
  noNotes: { id: number; username: string };
  pdfDocId: number;
  contractDocId: number;
}

/** Seeds `World` with unique names. */
export async function createWorld(server: TestServer): Promise<World> {
  const table = await createIntegratedTable(server);
  const clerkGroup = await createGroup(server, unique('AP Clerks '), [
    'Cabinet: Import Documents',
    'Cabinet: Edit Document Description',
    'Cabinet: Edit Document user_string1',
    'Cabinet: Edit Document user_date1',
    'Cabinet: Export Documents',
    'Cabinet: Delete',
    'Notes: Add Only',
    'Notes: View Only',
    'Search: Search',
  ]);
  await grantTableAccess(server, clerkGroup, table.sitId, { canUpload: true });
  const salesGroup = await createGroup(server, unique('Sales '), [
    'Cabinet: Import Documents',
    'Notes: View Only',
    'Notes: Add Only',
    'Search: Search',
  ]);
  const clerk = await createUser(server, unique('clerk'), { groups: [clerkGroup] });
  const outsider = await createUser(server, unique('sales'), { groups: [salesGroup] });
  const manager = await createUser(server, unique('admin'), { privileges: { 'Security: Manager': true, 'Search: Search': true } });
  const noNotes = await createUser(server, unique('nonotes'), {
    groups: [clerkGroup],
    privileges: { 'Notes: View Only': false, 'Notes: Add Only': false },
  });
  const recordId = await createErpRecord(server, table.sitId, unique('V'));
  const otherRecordId = await createErpRecord(server, table.sitId, unique('V'));
  const pdfDocId = await createDocument(server, {
    sitId: table.sitId,
    recordId,
    subtypeId: table.subtypeIds.invoice,
    fileName: 'Invoice 1001.pdf',
    content: await makePdf(3),
    uploader: clerk,
  });
  const contractDocId = await createDocument(server, {
    sitId: table.sitId,
    recordId,
    subtypeId: table.subtypeIds.contract,
    fileName: 'Contract.pdf',
    content: await makePdf(1, 'Contract'),
    uploader: clerk,
  });
  return { table, recordId, otherRecordId, clerk, outsider, manager, noNotes, pdfDocId, contractDocId };
}
