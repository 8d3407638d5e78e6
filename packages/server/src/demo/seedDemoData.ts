import { Readable } from 'node:stream';
import { PRIVILEGE_NAMES, type PrivilegeName } from '@datahaven/core/model';
import type { Transaction } from 'kysely';
import { intakeDocuments, releaseStagedFiles, stageUpload } from '../intake';
import type { StagedFile } from '../intake';
import { viewerFor } from '../access';
import type { ErpDeps } from '../erp';
import { insertNote } from '../documents';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { resolveRecordContext } from '../db/recordContext';
import type { Database } from '../db/schema';
import { reindexDocument } from '../search';
import {
  DEMO_COMPANY,
  DEMO_CUSTOM_CATEGORY,
  DEMO_CUSTOM_VALUES,
  DEMO_GROUPS,
  DEMO_NOTES,
  DEMO_PURCHASE_INVOICES,
  DEMO_TABLES,
  DEMO_USERS,
  DEMO_VENDORS,
  demoDocuments,
  demoVendor,
  type DemoDocument,
  type DemoQueueName,
  type DemoTableKey,
} from './demoWorld';
import { DEMO_ENTRA_TENANT_ID } from '../config/loadEntraConfig';
import { demoEntraObjectId } from './demoEntraObjectId';
import { provisionDemoEntraIdentities } from './provisionDemoEntraIdentities';
import { seedDemoWorkflow } from './seedDemoWorkflow';
import { renderInvoicePdf } from './renderInvoicePdf';
import { renderScanTiff } from './renderScanTiff';

/** Generated files are far below any sensible limit; this only guards against a runaway generator. */
const MAX_DEMO_FILE_BYTES = 50 * 1024 * 1024;

/**
 * Seeds the demo world of the team brief on a migrated database: users, groups, privileges,
 * table access, the Vendor and Purchase Invoice integrated tables with subtypes and display
 * folders, vendors and purchase invoices as `erp_records`, the 'AP Invoices' workflow (queues,
 * routes, memberships), thirteen generated invoice PDFs (one received without a record: unlinked, in Coding) and a three-page TIFF scan stored through
 * the file store and taken in exactly like uploads (intake/intakeDocuments: their 'Uploaded by'
 * notes, jobs and arrival events) and placed in their queues, a few user notes, and an 'AP coding' custom-data category with values on a few
 * invoices. Does nothing and resolves false when the
 * demo user 'clerk' already exists, so it runs on first start only (then it only binds demo users
 * without an Entra identity: provisionDemoEntraIdentities).
 */
export async function seedDemoData(deps: ErpDeps): Promise<boolean> {
  const { db, now } = deps;
  const existing = await db.selectFrom('users').select('id').where('username', '=', 'clerk').executeTakeFirst();
  if (existing !== undefined) {
    // A data folder seeded before issue 14: its users need their Entra ids to sign in at all (issue 35).
    await provisionDemoEntraIdentities(db);
    return false;
  }

  const queueIds = await inWriteTransaction(db, async (trx) => {
    await seedReferenceData(trx, now().toISOString());
    return seedDemoWorkflow(trx);
  });

  const users = new Map((await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
  const documentIds = new Map<string, number>();
  for (const document of demoDocuments()) {
    documentIds.set(document.fileName, await seedDocument(deps, users, queueIds, document));
  }

  await inWriteTransaction(db, async (trx) => {
    for (const note of DEMO_NOTES) {
      const documentId = documentIds.get(note.fileName);
      const authorId = users.get(note.author);
      if (documentId === undefined || authorId === undefined) throw new Error(`Demo note on unknown ${note.fileName}/${note.author}`);
      await insertNote(trx, documentId, authorId, 'user', note.text, now().toISOString());
      await reindexDocument(trx, documentId);
    }
    await seedCustomData(trx, documentIds, now().toISOString());
    // Import settings last: the seeded documents above were placed in their queues by hand.
    for (const table of DEMO_TABLES) {
      if (table.importQueue === undefined) continue;
      const queueId = required(queueIds.get(table.importQueue), table.importQueue);
      await trx.updateTable('integrated_tables').set({ import_queue_id: queueId }).where('entity_type_name', '=', table.typeName).execute();
    }
  });
  return true;
}

/** The AP coding category with its fields, and the values already entered on a few invoices. */
async function seedCustomData(trx: Transaction<Database>, documentIds: ReadonlyMap<string, number>, at: string): Promise<void> {
  const category = await trx
    .insertInto('custom_categories')
    .values({ name: DEMO_CUSTOM_CATEGORY.name, applies_to_all: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fieldIds = new Map<string, number>();
  for (const [order, field] of DEMO_CUSTOM_CATEGORY.fields.entries()) {
    const row = await trx
      .insertInto('custom_fields')
      .values({
        category_id: category.id,
        name: field.name,
        label: field.label,
        data_source: field.dataSource,
        value_type: field.valueType,
        sort_order: order + 1,
        required: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fieldIds.set(field.name, row.id);
  }
  for (const entry of DEMO_CUSTOM_VALUES) {
    const documentId = required(documentIds.get(entry.fileName), entry.fileName);
    await trx
      .insertInto('custom_values')
      .values({
        document_id: documentId,
        field_id: required(fieldIds.get(entry.field), entry.field),
        value: entry.value,
        updated_at: at,
        updated_by_user_id: null,
      })
      .execute();
  }
}

async function seedReferenceData(trx: Transaction<Database>, createdAt: string): Promise<void> {
  const privilegeIds = new Map<string, number>();
  for (const row of await trx.selectFrom('privileges').select(['id', 'name']).execute()) privilegeIds.set(row.name, row.id);
  for (const name of PRIVILEGE_NAMES) {
    if (privilegeIds.has(name)) continue;
    const { id } = await trx.insertInto('privileges').values({ name, description: '' }).returning('id').executeTakeFirstOrThrow();
    privilegeIds.set(name, id);
  }

  const tableIds = new Map<DemoTableKey, number>();
  for (const table of DEMO_TABLES) {
    const { id } = await trx
      .insertInto('integrated_tables')
      .values({
        external_table_id: table.tableId,
        source_type_id: table.sourceType,
        entity_type_name: table.typeName,
        label: table.label,
        product_type: 'bc',
        allow_new_card: table.allowNewCard === true ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    tableIds.set(table.key, id);
    for (const [order, entry] of table.folders.entries()) {
      const subtype = await trx
        .insertInto('subtypes')
        .values({ integrated_table_id: id, sort_order: order + 1, text: entry.subtype, category_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('display_folders')
        .values({
          integrated_table_id: id,
          parent_id: null,
          text: entry.folder,
          is_text_literal: 1,
          entry_type: 'Folder',
          display_order: order + 1,
          sort_key: null,
          can_have_documents: 1,
          allow_upload: 1,
          enabled: 1,
          include_in_references: 1,
          expansion: 'Default',
          subtype_id: subtype.id,
        })
        .execute();
    }
  }

  const groupIds = new Map<string, number>();
  for (const group of DEMO_GROUPS) {
    const limit = group.approvalLimit === undefined ? {} : { approval_limit: group.approvalLimit, has_approval_limit: 1 };
    const { id } = await trx
      .insertInto('groups')
      .values({ name: group.name, description: group.description, ...limit })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupIds.set(group.name, id);
    const granted: readonly PrivilegeName[] = group.privileges === 'all' ? PRIVILEGE_NAMES : group.privileges;
    for (const name of granted) {
      await trx
        .insertInto('group_privileges')
        .values({ group_id: id, privilege_id: required(privilegeIds.get(name), name), value: 1 })
        .execute();
    }
    for (const access of group.access) {
      await trx
        .insertInto('integrated_table_access')
        .values({
          group_id: id,
          integrated_table_id: required(tableIds.get(access.table), access.table),
          data_area_id: null,
          can_view: access.canView ? 1 : 0,
          can_upload: access.canUpload ? 1 : 0,
        })
        .execute();
    }
  }

  for (const user of DEMO_USERS) {
    const { id } = await trx
      .insertInto('users')
      .values({
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        directory_user_id: null,
        data_area_id: DEMO_COMPANY,
        personal_queue_id: null,
        disabled: 0,
        created_at: createdAt,
        // Pre-provisioned as an administrator would (PUT /api/users/{id}/entra-identity): sign-in binds by tid + oid
        // only (issue 35), so the demo hosts' SSO signs them in, and Teams notifications reach them before a first sign-in.
        entra_tenant_id: DEMO_ENTRA_TENANT_ID,
        entra_object_id: demoEntraObjectId(user.username),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_groups')
      .values({ user_id: id, group_id: required(groupIds.get(user.group), user.group), kind: 'security' })
      .execute();
  }

  const vendorTable = required(tableIds.get('vendor'), 'vendor');
  for (const vendor of DEMO_VENDORS) {
    await trx
      .insertInto('erp_records')
      .values({
        integrated_table_id: vendorTable,
        data_area_id: DEMO_COMPANY,
        record_id: vendor.systemId,
        number: vendor.number,
        display_name: vendor.name,
      })
      .execute();
  }
  const invoiceTable = required(tableIds.get('purchaseInvoice'), 'purchaseInvoice');
  for (const invoice of DEMO_PURCHASE_INVOICES) {
    await trx
      .insertInto('erp_records')
      .values({
        integrated_table_id: invoiceTable,
        data_area_id: DEMO_COMPANY,
        record_id: invoice.systemId,
        number: invoice.number,
        display_name: invoice.number,
      })
      .execute();
  }
}

async function seedDocument(
  deps: ErpDeps,
  users: ReadonlyMap<string, number>,
  queueIds: ReadonlyMap<DemoQueueName, number>,
  document: DemoDocument,
): Promise<number> {
  const { db } = deps;
  const table = DEMO_TABLES.find((t) => t.key === document.table);
  if (!table) throw new Error(`Unknown demo table ${document.table}`);
  const recordId =
    document.table === 'vendor'
      ? demoVendor(document.recordNumber).systemId
      : DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === document.recordNumber)?.systemId;
  if (!recordId) throw new Error(`Unknown demo record ${document.recordNumber}`);

  const context = await resolveRecordContext(db, {
    dataAreaId: DEMO_COMPANY,
    recordId,
    tableId: table.tableId,
    sourceType: table.sourceType,
    typeName: table.typeName,
  });
  if (!context || context.recordId === null) throw new Error(`The demo record ${document.recordNumber} did not resolve`);
  const subtype = await db
    .selectFrom('subtypes')
    .select('id')
    .where('integrated_table_id', '=', context.sit.id)
    .where('text', '=', document.subtype)
    .executeTakeFirstOrThrow();

  const bytes =
    document.content.kind === 'invoicePdf'
      ? await renderInvoicePdf(document.content.invoice, demoVendor(document.content.invoice.vendor))
      : await renderScanTiff();
  const staged: StagedFile = await stageUpload(deps, document.fileName, Readable.from([bytes]), MAX_DEMO_FILE_BYTES);
  const userId = required(users.get(document.uploadedBy), document.uploadedBy);
  const viewer = await viewerFor(db, userId, document.uploadedBy, deps.databaseNow());
  const [id] = await intakeDocuments(
    deps,
    viewer,
    { kind: 'record', target: { context: { ...context, recordId: context.recordId }, subtypeId: subtype.id } },
    [staged],
  );
  releaseStagedFiles([staged]);
  const queueId = document.queue === null ? null : required(queueIds.get(document.queue), document.queue);
  await db.updateTable('documents').set({ description: document.description, queue_id: queueId }).where('id', '=', id).execute();
  if (document.unlinked === true) {
    // Received without a record: no link, so no subtype of a linked table either.
    await db.deleteFrom('record_links').where('document_id', '=', id).execute();
    await db.updateTable('documents').set({ subtype_id: null }).where('id', '=', id).execute();
  }
  await reindexDocument(db, id);
  return id;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: ${what} is missing`);
  return value;
}
