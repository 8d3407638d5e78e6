import type { LinkChange, RecordPosted } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { Kysely, Transaction } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { normaliseRecordId } from '../db/recordContext';
import type { Database, IntegratedTableRow } from '../db/schema';
import { markLinkedDuplicates } from '../duplicates';
import { enqueueLinkedRecordFacts, resolveEntityTypeName, splitEntityTypeName } from '../erp';
import type { ErpDeps } from '../erp';
import { DomainError, conflict, forbidden, invalid, notFound, outOfSync } from '../errors/DomainError';
import {
  assertDataAreaAllowed,
  assertNotLockedByOtherUser,
  documentsLockedByOthers,
  findVisibleDocument,
  findVisibleDocuments,
  lockedByOtherUser,
  queueActionAllowed,
} from '../access';
import type { DocumentDetailRow, Viewer } from '../access';
import { reindexDocument } from '../search';
import { insertNote } from '../documents';
import { appendWorkflowHistory, recordErpStatusOnLink } from '../workflow';

/** The privilege linking needs (embedded §6). */
export const LINK_PRIVILEGE = 'Dynamics: Link to Existing';

/** The privilege breaking a link needs (embedded §6); replacing a link needs it too. */
export const UNLINK_PRIVILEGE = 'Dynamics: Break Link';

/** The record to link to (embedded §3 "Link to a record") and the window's view of the document. */
export interface LinkRequest {
  /** `prefix:namespace.name`; the integrated table's when absent. */
  relatedTypeName?: string;
  /** The record's company; the source's own when blank. */
  relatedDataAreaId?: string;
  relatedRecordId?: string;
  relatedTableId?: number;
  relatedSitId?: number;
  /** The row version the window saw (409 'Document Queue Out Of Sync With Window' when moved on). */
  rowConflictId?: number;
  /** The queue the window showed the document in (409 out of sync when it left it). */
  expectedQueueId?: number;
  /** Push link: the caller locked the document when staging the push; release that lock once linked. */
  releaseOwnLock?: boolean;
}

/** 409 'Document Queue Out Of Sync With Window' when the window's queue or row version is not the document's. */
export function assertWindowInSync(
  document: { queue_id: number | null; row_version: number },
  window: { rowConflictId?: number; expectedQueueId?: number },
): void {
  if (window.expectedQueueId !== undefined && window.expectedQueueId !== document.queue_id) throw outOfSync(MESSAGES.queueOutOfSync);
  if (window.rowConflictId !== undefined && window.rowConflictId !== document.row_version) throw outOfSync(MESSAGES.queueOutOfSync);
}

/** The integrated table of the request: by sit id, else table id, else type name (case-insensitive: BC names differ in case only). */
async function findLinkTable(db: Kysely<Database>, request: LinkRequest): Promise<IntegratedTableRow | undefined> {
  if (request.relatedSitId !== undefined)
    return db.selectFrom('integrated_tables').selectAll().where('id', '=', request.relatedSitId).executeTakeFirst();
  if (request.relatedTableId !== undefined && request.relatedTableId > 0) {
    return db
      .selectFrom('integrated_tables')
      .selectAll()
      .where('external_table_id', '=', request.relatedTableId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }
  const typeName = request.relatedTypeName?.trim() ?? '';
  if (typeName === '') return undefined;
  const tables = await db.selectFrom('integrated_tables').selectAll().orderBy('id').execute();
  const { prefix, typeName: bare } = splitEntityTypeName(typeName);
  // 'Microsoft.NAV.purchaseInvoice', 'purchaseInvoice' and 'purchaseInvoices' name one thing; a
  // table named after the ERP's table (PurchaseHeader) answers to its mapped entity set too.
  const stem = (text: string): string =>
    text
      .slice(text.lastIndexOf('.') + 1)
      .toLowerCase()
      .replace(/s$/, '');
  const wanted = (name: string): boolean => {
    if (!/^[^:]+:.+$/.test(name)) return false;
    const { prefix: tablePrefix, typeName: tableType } = splitEntityTypeName(name);
    if (tablePrefix.toLowerCase() !== prefix.toLowerCase()) return false;
    return [tableType, resolveEntityTypeName(name).typeName].some((candidate) => stem(candidate) === stem(bare));
  };
  return (
    tables.find((table) => table.entity_type_name.toLowerCase() === typeName.toLowerCase()) ??
    tables.find((table) => wanted(table.entity_type_name))
  );
}

/** The record as the ERP holds it: its number; 400 with the spec's words when the ERP has no such record. */
async function readErpRecord(
  deps: ErpDeps,
  typeName: string,
  dataAreaId: string,
  recordId: string,
): Promise<{ number: string; displayName: string }> {
  return numberOf(await fetchErpRecord(deps, typeName, dataAreaId, recordId), recordId);
}

/** A record's number and name as the product remembers them (erp_records). */
function numberOf(record: Record<string, unknown>, recordId: string): { number: string; displayName: string } {
  const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
  const number = text(record.number) ?? text(record.displayName) ?? recordId;
  return { number, displayName: text(record.displayName) ?? text(record.name) ?? number };
}

/** The record's fields as the ERP holds it; 400 with the spec's words when the ERP has no such record. */
async function fetchErpRecord(deps: ErpDeps, typeName: string, dataAreaId: string, recordId: string): Promise<Record<string, unknown>> {
  // An integrated table's own name (bc:Microsoft.NAV.PurchaseHeader) is looked up as the set that serves it.
  const { prefix, typeName: bare } = resolveEntityTypeName(typeName);
  let record: Record<string, unknown> | null;
  try {
    record = await deps.entitySources.source(prefix).get(bare, recordId, { company: dataAreaId });
  } catch (error) {
    // The ERP refusing the id itself (not a GUID, say): it is not a valid record id.
    if (error instanceof DomainError && error.kind === 'Validation') throw invalid(MESSAGES.linkInvalidRecordId);
    // No source for the prefix, no such type or company: the request is wrong (400 in the connector's words), not the document missing.
    if (error instanceof DomainError && error.kind === 'NotFound') throw invalid(error.message);
    throw error;
  }
  if (record === null) throw invalid(MESSAGES.linkInvalidRecordId);
  return record;
}

/** The source's own company, for a request that names none. */
function defaultDataArea(deps: ErpDeps, typeName: string): string {
  const { prefix } = splitEntityTypeName(typeName);
  try {
    return deps.entitySources.source(prefix).config.company;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'NotFound') throw invalid(error.message);
    throw error;
  }
}

async function rememberErpRecord(
  trx: Transaction<Database> | Kysely<Database>,
  sitId: number,
  dataAreaId: string,
  recordId: string,
  record: { number: string; displayName: string },
): Promise<void> {
  const known = await trx
    .selectFrom('erp_records')
    .select('id')
    .where('integrated_table_id', '=', sitId)
    .where('data_area_id', '=', dataAreaId)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  if (known === undefined) {
    await trx
      .insertInto('erp_records')
      .values({
        integrated_table_id: sitId,
        data_area_id: dataAreaId,
        record_id: recordId,
        number: record.number,
        display_name: record.displayName,
      })
      .execute();
  } else {
    await trx
      .updateTable('erp_records')
      .set({ number: record.number, display_name: record.displayName })
      .where('id', '=', known.id)
      .execute();
  }
}

/**
 * Whether the viewer may replace the document's current link in one step: they hold 'Dynamics:
 * Break Link' as well and, in a queue, the queue grants UnlinkDocument as well as LinkDocument —
 * exactly what Break Link followed by Link to Existing would need.
 */
export function mayReplaceLink(viewer: Viewer, document: { queue_id: number | null; queue_access: number | string | null }): boolean {
  if (!viewer.privileges.has(UNLINK_PRIVILEGE)) return false;
  return document.queue_id === null || queueActionAllowed('unlink', Number(document.queue_access));
}

/**
 * The subtype a document takes when it is linked to a record of integrated table `tableId`:
 * subtypes belong to a table (a folder maps its own table's subtypes only), so a vendor's
 * 'Invoice' means nothing on a purchase invoice. Its own subtype when it is of that table; else
 * the table's subtype of the same text, else the first (by order) whose text holds it as a word
 * ('Invoice' → 'Vendor Invoice'), else the table's first subtype; null when the table has none.
 */
export async function subtypeOnTable(
  db: Kysely<Database> | Transaction<Database>,
  subtypeId: number | null,
  tableId: number,
): Promise<number | null> {
  const subtypes = await db
    .selectFrom('subtypes')
    .select(['id', 'text'])
    .where('integrated_table_id', '=', tableId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (subtypes.length === 0) return null;
  if (subtypeId !== null && subtypes.some((s) => s.id === subtypeId)) return subtypeId;
  const current =
    subtypeId === null ? undefined : await db.selectFrom('subtypes').select('text').where('id', '=', subtypeId).executeTakeFirst();
  const text = current?.text.trim().toLowerCase() ?? '';
  if (text !== '') {
    const same = subtypes.find((s) => s.text.trim().toLowerCase() === text);
    if (same !== undefined) return same.id;
    const word = subtypes.find((s) => s.text.toLowerCase().split(/\s+/).includes(text));
    if (word !== undefined) return word.id;
  }
  return subtypes[0].id;
}

/**
 * Links a document to an ERP record (POST/PUT /api/documents/{id}/link, PUT …/push-link). Checks,
 * in order: 'Dynamics: Link to Existing' (403); the document visible (404 'The document selected
 * for linking could not be found. Sorry!'); its queue's LinkDocument flag when in a queue (403);
 * the window (409 out of sync); no link yet, unless the caller may replace it (mayReplaceLink,
 * and RestrictToDataAreaId on the old link's company) — 409 'The document selected for linking
 * is already linked. Sorry!'; another user's lock (409); a record id and an integrated table for its type
 * (400); RestrictToDataAreaId (403, access/dataAreaRestriction); the record in the ERP through
 * its connector (400 'The document was not linked. Ensure that the record id entered is a valid
 * record id.'; the ERP down → 503 in the connector's words). Then, in one write transaction
 * re-checking lock, window and link: the old primary link replaced by the new one, the ERP
 * record's number remembered, the subtype moved to the table's (subtypeOnTable), row version + 1, a system note and a history row; for a push link the caller's own lock goes.
 */
export async function linkDocument(deps: ErpDeps, viewer: Viewer, documentId: number, request: LinkRequest): Promise<LinkChange> {
  if (!viewer.privileges.has(LINK_PRIVILEGE)) throw forbidden(`Linking documents needs the '${LINK_PRIVILEGE}' privilege.`);
  const current: DocumentDetailRow | undefined = await findVisibleDocument(deps.db, viewer, documentId);
  if (current === undefined) throw notFound(MESSAGES.linkDocumentNotFound);
  if (current.queue_id !== null && !queueActionAllowed('link', Number(current.queue_access))) {
    throw forbidden(`Your access to the queue ${current.queue_name ?? ''} does not allow linking documents.`);
  }
  assertWindowInSync(current, request);
  // A linked document moves to the new record in one step only for a user who could break its
  // link (docs/UX-DECISIONS.md "Re-linking"); anyone else gets the spec's 'already linked'.
  const relinking = current.link_record_id !== null;
  if (relinking && !mayReplaceLink(viewer, current)) throw conflict(MESSAGES.linkAlreadyLinked);
  if (relinking) await assertDataAreaAllowed(deps.db, viewer, current, 'unlink', current.link_data_area_id ?? '');
  // Checked before the ERP is asked: a lock refuses whatever the record.
  if ((await documentsLockedByOthers(deps.db, deps, viewer.userId, [current.id])).length > 0) throw lockedByOtherUser();
  const rawRecordId = request.relatedRecordId?.trim() ?? '';
  if (rawRecordId === '') throw invalid(MESSAGES.linkInvalidRecordId);
  const recordId = normaliseRecordId(rawRecordId);
  const table = await findLinkTable(deps.db, request);
  const named = request.relatedTypeName?.trim() ?? '';
  if (table === undefined) {
    throw invalid(
      named === ''
        ? 'Name the record type: relatedTypeName, relatedSitId or relatedTableId.'
        : `Documents cannot be linked to '${named}': no integrated table is set up for it.`,
    );
  }
  const typeName = named === '' ? table.entity_type_name : named;
  const requestedArea = request.relatedDataAreaId?.trim() ?? '';
  const dataAreaId = requestedArea === '' ? defaultDataArea(deps, typeName) : requestedArea;
  await assertDataAreaAllowed(deps.db, viewer, current, 'link', dataAreaId);
  const record = await readErpRecord(deps, typeName, dataAreaId, recordId);

  const now = deps.now().toISOString();
  const change = await inWriteTransaction(deps.db, async (trx) => {
    await assertNotLockedByOtherUser(trx, deps, viewer.userId, [current.id]);
    const stored = await trx
      .selectFrom('documents')
      .select(['row_version', 'queue_id'])
      .where('id', '=', current.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (stored === undefined) throw notFound(MESSAGES.linkDocumentNotFound);
    assertWindowInSync(stored, request);
    const linked = await trx
      .selectFrom('record_links')
      .select(['id', 'record_id'])
      .where('document_id', '=', current.id)
      .where('is_primary', '=', 1)
      .executeTakeFirst();
    // The link the checks above judged must still be the one there: none, or the one being replaced.
    if ((linked?.record_id ?? null) !== current.link_record_id) throw conflict(MESSAGES.linkAlreadyLinked);
    if (linked !== undefined) await trx.deleteFrom('record_links').where('id', '=', linked.id).execute();
    await trx
      .insertInto('record_links')
      .values({
        document_id: current.id,
        data_area_id: dataAreaId,
        integrated_table_id: table.id,
        record_id: recordId,
        source_type: table.source_type_id,
        source_number: record.number,
        table_id: table.external_table_id,
        type_name: table.entity_type_name,
        is_primary: 1,
      })
      .execute();
    await rememberErpRecord(trx, table.id, dataAreaId, recordId, record);
    // The approver's decision facts (vendor, amount, due date) are read from the ERP in the background.
    await enqueueLinkedRecordFacts(trx, { integratedTableId: table.id, dataAreaId, recordId }, now);
    const rowVersion = stored.row_version + 1;
    const subtypeId = await subtypeOnTable(trx, current.subtype_id, table.id);
    await trx
      .updateTable('documents')
      .set({ row_version: rowVersion, updated_at: now, subtype_id: subtypeId })
      .where('id', '=', current.id)
      .execute();
    const replaced = relinking
      ? ` (was ${current.sit_label ?? 'record'} ${current.link_source_number ?? current.link_record_id ?? ''} (${current.link_data_area_id ?? ''}))`
      : '';
    await insertNote(
      trx,
      current.id,
      viewer.userId,
      'system',
      `Linked to ${table.label} ${record.number} (${dataAreaId})${replaced} by ${viewer.username}.`,
      now,
    );
    await appendWorkflowHistory(trx, [
      {
        document_id: current.id,
        action: 'link',
        from_queue_id: stored.queue_id,
        to_queue_id: stored.queue_id,
        user_id: viewer.userId,
        note: null,
        at: now,
      },
    ]);
    // A document in workflow linked to a purchase invoice: the invoice is pending approval in the ERP.
    await recordErpStatusOnLink(trx, current.id, stored.queue_id, viewer.userId, now);
    if (request.releaseOwnLock === true)
      await trx.deleteFrom('document_locks').where('document_id', '=', current.id).where('user_id', '=', viewer.userId).execute();
    await reindexDocument(trx, current.id);
    return {
      link: {
        dataAreaId,
        sourceTableId: table.external_table_id,
        sourceType: table.source_type_id,
        sourceNumber: record.number,
        sourceEntityTypeName: table.entity_type_name,
        recordId,
        sitId: table.id,
      },
      rowVersion,
    };
  });
  // After the commit, so two copies linked at once each find the other (duplicates/duplicateMarker).
  await markLinkedDuplicates(deps.db, [current.id], now);
  return change;
}

/** What the ERP reports when it posted a record (PUT /api/record-events/posted). */
export interface RecordPostedEvent {
  typeName: string;
  dataAreaId?: string;
  recordId: string;
  postedTypeName: string;
  postedRecordId: string;
}

/** The integrated table of a type name in an event, or 400 in the linker's words. */
async function eventTable(db: Kysely<Database>, typeName: string): Promise<IntegratedTableRow> {
  const table = await findLinkTable(db, { relatedTypeName: typeName });
  if (table === undefined) throw invalid(`Documents cannot be linked to '${typeName}': no integrated table is set up for it.`);
  return table;
}

/**
 * Documents follow a posted record (docs/UX-DECISIONS.md "Posted invoices"): when the ERP posts a
 * draft (BC: a purchase invoice becomes a Purch. Inv. Header, and the draft is deleted), every
 * link to the draft — primary or not, whoever can see the document — moves to the posted record,
 * with the subtype moved to the posted table's (subtypeOnTable), row version + 1 and a system note
 * naming who reported it. The ERP is the authority, not the caller: the posted record is read
 * through the connector and must hold the draft's id (BC: "Draft Invoice SystemId"; the demo ERP:
 * purchaseInvoiceId), else 400 and nothing moves. The caller must hold 'Dynamics: Link to Existing'
 * (403 first: reporting puts documents on the posted record, a link); of the draft's documents the
 * caller can see, one in a queue with RestrictToDataAreaId must be of the caller's company (403 in
 * the link's words, nothing moves). The move itself takes every document of the draft, seen or
 * not (the ERP is the authority); the answer names only those the caller can see afterwards.
 * Idempotent: reported again, nothing is left to move.
 */
export async function followPostedRecord(deps: ErpDeps, viewer: Viewer, event: RecordPostedEvent): Promise<RecordPosted> {
  if (!viewer.privileges.has(LINK_PRIVILEGE))
    throw forbidden(`Reporting a posted record moves its documents' links: it needs the '${LINK_PRIVILEGE}' privilege.`);
  const draftTable = await eventTable(deps.db, event.typeName);
  const postedTable = await eventTable(deps.db, event.postedTypeName);
  const recordId = normaliseRecordId(event.recordId);
  const postedRecordId = normaliseRecordId(event.postedRecordId);
  const requestedArea = event.dataAreaId?.trim() ?? '';
  const dataAreaId = requestedArea === '' ? defaultDataArea(deps, event.postedTypeName) : requestedArea;
  // Refused before the ERP is asked, and again in the transaction on the links it moves.
  await assertMayMoveLinks(deps.db, viewer, await draftLinks(deps.db, draftTable.id, recordId, dataAreaId), dataAreaId);
  const posted = await fetchErpRecord(deps, event.postedTypeName, dataAreaId, postedRecordId);
  const postedRecord = numberOf(posted, postedRecordId);
  const holdsDraft = Object.entries(posted).some(
    ([name, value]) => name !== 'id' && typeof value === 'string' && normaliseRecordId(value) === recordId,
  );
  if (!holdsDraft && postedRecordId !== recordId) {
    throw invalid(
      `The ERP does not record ${postedTable.label} ${postedRecord.number} as posted from that ${draftTable.label}: no document was moved.`,
    );
  }
  const now = deps.now().toISOString();
  const moved = await inWriteTransaction(deps.db, async (trx) => {
    const links = await draftLinks(trx, draftTable.id, recordId, dataAreaId);
    await assertMayMoveLinks(trx, viewer, links, dataAreaId);
    await rememberErpRecord(trx, postedTable.id, dataAreaId, postedRecordId, postedRecord);
    const documentIds = [...new Set(links.map((link) => link.document_id))];
    if (links.length > 0) {
      // The approvers' decision facts now come from the posted invoice.
      await enqueueLinkedRecordFacts(trx, { integratedTableId: postedTable.id, dataAreaId, recordId: postedRecordId }, now);
      await trx
        .updateTable('record_links')
        .set({
          integrated_table_id: postedTable.id,
          record_id: postedRecordId,
          source_type: postedTable.source_type_id,
          source_number: postedRecord.number,
          table_id: postedTable.external_table_id,
          type_name: postedTable.entity_type_name,
        })
        .where(
          'id',
          'in',
          links.map((link) => link.id),
        )
        .execute();
    }
    for (const documentId of documentIds) {
      const document = await trx
        .selectFrom('documents')
        .select(['row_version', 'subtype_id'])
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      const subtypeId = await subtypeOnTable(trx, document.subtype_id, postedTable.id);
      await trx
        .updateTable('documents')
        .set({ row_version: document.row_version + 1, updated_at: now, subtype_id: subtypeId })
        .where('id', '=', documentId)
        .execute();
      const from = links.find((link) => link.document_id === documentId)?.source_number ?? recordId;
      await insertNote(
        trx,
        documentId,
        viewer.userId,
        'system',
        `${draftTable.label} ${from} was posted as ${postedTable.label} ${postedRecord.number} (${dataAreaId}); the document moved with it (reported by ${viewer.username}).`,
        now,
      );
      await reindexDocument(trx, documentId);
    }
    // Only what the caller may see: the others moved too, but their ids are not the caller's to learn.
    const visible = await findVisibleDocuments(trx, viewer, documentIds);
    return { answer: { postedNumber: postedRecord.number, documentIds: visible.map((document) => document.id) }, documentIds };
  });
  // The documents are judged by the posted record's facts now (and again once its facts are read).
  await markLinkedDuplicates(deps.db, moved.documentIds, now);
  return moved.answer;
}

/** The links to a draft record, by document. */
async function draftLinks(
  db: Kysely<Database> | Transaction<Database>,
  tableId: number,
  recordId: string,
  dataAreaId: string,
): Promise<{ id: number; document_id: number; source_number: string }[]> {
  return db
    .selectFrom('record_links')
    .select(['id', 'document_id', 'source_number'])
    .where('integrated_table_id', '=', tableId)
    .where('record_id', '=', recordId)
    .where('data_area_id', '=', dataAreaId)
    .orderBy('document_id')
    .execute();
}

/**
 * RestrictToDataAreaId for a posting report, as linking judges it: each linked document the caller
 * can see that sits in a restricting queue must be of the caller's company (403 in the link's words).
 */
async function assertMayMoveLinks(
  db: Kysely<Database> | Transaction<Database>,
  viewer: Viewer,
  links: readonly { document_id: number }[],
  dataAreaId: string,
): Promise<void> {
  for (const document of await findVisibleDocuments(db, viewer, [...new Set(links.map((link) => link.document_id))])) {
    await assertDataAreaAllowed(db, viewer, document, 'link', dataAreaId);
  }
}
