import type { LinkChange, NewCardOperation, NewCardRecord } from '@datahaven/core/contract';
import type { PrivilegeName } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import type { Selectable } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { IntegratedTableRow, NewCardOperationsTable } from '../db/schema';
import { entityUrl, erpMessagesFor, resolveEntityTypeName, splitEntityTypeName } from '../erp';
import type { EntitySourceConnector, ErpDeps } from '../erp';
import { DomainError, conflict, forbidden, invalid, notFound } from '../errors/DomainError';
import { assertDataAreaAllowed, documentsLockedByOthers, findVisibleDocument, lockedByOtherUser, queueActionAllowed } from '../access';
import type { DocumentDetailRow, Viewer } from '../access';
import { LINK_PRIVILEGE, linkDocument } from './documentLinker';
import { applyLinkEvents } from './linkEvents';
import { insertNote } from '../documents';

/** The privilege every step of New Card From Document needs (embedded §6, Dynamics). */
export const NEW_CARD_PRIVILEGE: PrivilegeName = 'Dynamics: New Card From Document';

/** Ours: the caller lacks the privilege. */
export const NEW_CARD_REFUSED = `Making a new record from a document needs the '${NEW_CARD_PRIVILEGE}' privilege.`;

/** Ours: complete or POST /new-card without an initiated operation of the caller on the document. */
export const NO_PENDING_NEW_CARD = 'No new record is being made from this document. Start New Card From Document again.';

/** The initiate step's request (the body of PUT /documents/{id}/new-card, operationType 'initiate'). */
export interface NewCardInitiateRequest {
  typeId?: number;
  subTypeId?: number | null;
  dataAreaId?: string;
}

/** The complete step's request (operationType 'complete'): the record the ERP made. */
export interface NewCardCompleteRequest {
  typeId?: number;
  subTypeId?: number | null;
  dataAreaId?: string;
  tableId?: number;
  recordId?: string;
}

type OperationRow = Selectable<NewCardOperationsTable>;

function assertPrivilege(viewer: Viewer): void {
  if (!viewer.privileges.has(NEW_CARD_PRIVILEGE)) throw forbidden(NEW_CARD_REFUSED);
}

/** The document as the caller sees it, and the queue's LinkDocument flag (a new card ends in a link). */
async function documentForNewCard(deps: ErpDeps, viewer: Viewer, documentId: number): Promise<DocumentDetailRow> {
  const current = await findVisibleDocument(deps.db, viewer, documentId);
  if (current === undefined) throw notFound(MESSAGES.documentNotFound);
  if (current.queue_id !== null && !queueActionAllowed('link', Number(current.queue_access))) {
    throw forbidden(`Your access to the queue ${current.queue_name ?? ''} does not allow linking documents.`);
  }
  return current;
}

/** The connector of a table's ERP source; a prefix without a source is the request's fault (400). */
function sourceOf(deps: ErpDeps, table: IntegratedTableRow): EntitySourceConnector {
  try {
    return deps.entitySources.source(splitEntityTypeName(table.entity_type_name).prefix);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'NotFound') throw invalid(error.message);
    throw error;
  }
}

async function pendingOperation(deps: ErpDeps, viewer: Viewer, documentId: number): Promise<OperationRow> {
  const row = await deps.db
    .selectFrom('new_card_operations')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  if (row === undefined) throw conflict(NO_PENDING_NEW_CARD);
  return row;
}

async function tableOf(deps: ErpDeps, id: number): Promise<IntegratedTableRow> {
  return deps.db.selectFrom('integrated_tables').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function presentOperation(row: OperationRow, table: IntegratedTableRow): NewCardOperation {
  return {
    docId: row.document_id,
    typeId: table.id,
    subTypeId: row.subtype_id,
    dataAreaId: row.data_area_id,
    tableId: table.external_table_id,
    typeName: table.entity_type_name,
    label: table.label,
    status: row.status,
    initiatedAt: row.initiated_at,
  };
}

/**
 * PUT /documents/{id}/new-card, operationType 'initiate' (embedded §4 "New-record flow"): checks
 * 'Dynamics: New Card From Document' (403); the document visible (404) and its queue's
 * LinkDocument flag (403); not linked yet (409 'The document selected for linking is already
 * linked. Sorry!'); no other user's lock (409); typeId an integrated table that allows a new card
 * of a configured source, subTypeId one of its subtypes (400); the company one of the ERP's (400;
 * the ERP down → 503) and allowed by RestrictToDataAreaId (403). Records the caller's pending
 * operation for the document, replacing one they left behind.
 */
export async function initiateNewCard(
  deps: ErpDeps,
  viewer: Viewer,
  documentId: number,
  request: NewCardInitiateRequest,
): Promise<NewCardOperation> {
  assertPrivilege(viewer);
  const current = await documentForNewCard(deps, viewer, documentId);
  if (current.link_record_id !== null) throw conflict(MESSAGES.linkAlreadyLinked);
  if ((await documentsLockedByOthers(deps.db, deps, viewer.userId, [current.id])).length > 0) throw lockedByOtherUser();
  if (request.typeId === undefined) throw invalid('Name the table of the new record: typeId.');
  const table = await deps.db.selectFrom('integrated_tables').selectAll().where('id', '=', request.typeId).executeTakeFirst();
  if (table === undefined) throw invalid(`There is no integrated table ${request.typeId}.`);
  if (table.allow_new_card !== 1) throw invalid(`New records cannot be made from documents in '${table.label}'.`);
  const source = sourceOf(deps, table);
  const subTypeId = request.subTypeId ?? null;
  if (subTypeId !== null) {
    const subtype = await deps.db.selectFrom('subtypes').select('integrated_table_id').where('id', '=', subTypeId).executeTakeFirst();
    if (subtype === undefined || subtype.integrated_table_id !== table.id)
      throw invalid(`Subtype ${subTypeId} does not belong to ${table.label}.`);
  }
  const named = request.dataAreaId?.trim() ?? '';
  const dataAreaId = named === '' ? source.config.company : named;
  await assertDataAreaAllowed(deps.db, viewer, current, 'link', dataAreaId);
  // The company is checked now, so the user hears of a wrong one before filling in the record.
  if (!(await source.companies()).some((company) => company.name === dataAreaId))
    throw invalid((language) => erpMessagesFor(language).erpUnknownCompany(source.config.label, dataAreaId));

  const row: OperationRow = {
    document_id: current.id,
    user_id: viewer.userId,
    integrated_table_id: table.id,
    subtype_id: subTypeId,
    data_area_id: dataAreaId,
    queue_id: current.queue_id,
    status: 'initiated',
    record_id: null,
    record_number: null,
    initiated_at: deps.now().toISOString(),
  };
  await inWriteTransaction(deps.db, async (trx) => {
    await trx.deleteFrom('new_card_operations').where('document_id', '=', current.id).where('user_id', '=', viewer.userId).execute();
    await trx.insertInto('new_card_operations').values(row).execute();
  });
  return presentOperation(row, table);
}

/** The text of a record's property, or null. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/**
 * POST /new-card: makes the record of the caller's initiated operation on `docId` in the ERP,
 * through the table's entity-source connector (BC API v2.0: POST purchaseInvoices with
 * vendorNumber and the other facts, which the ERP checks: a refusal is a 400 in its words; the
 * ERP down → 503 in the connector's words). Checks the privilege (403), the document visible
 * (404) and an operation initiated and not yet given a record (409). Remembers the record on the
 * operation, writes a system note, and answers it with the URL of its card (null when the ERP has
 * no card page for the type).
 */
export async function createNewCardRecord(
  deps: ErpDeps,
  viewer: Viewer,
  documentId: number,
  values: Readonly<Record<string, string>>,
): Promise<NewCardRecord> {
  assertPrivilege(viewer);
  const current = await documentForNewCard(deps, viewer, documentId);
  const operation = await pendingOperation(deps, viewer, current.id);
  if (operation.status === 'created') {
    throw conflict(
      `The record ${operation.record_number ?? ''} was already made for this document: complete the new card, or start again.`,
    );
  }
  const table = await tableOf(deps, operation.integrated_table_id);
  const source = sourceOf(deps, table);
  const { typeName: entitySet } = resolveEntityTypeName(table.entity_type_name);
  let record: Record<string, unknown>;
  try {
    record = await source.create(entitySet, values, { company: operation.data_area_id });
  } catch (error) {
    // No such entity type or company in the ERP: the setup is wrong, not the document missing.
    if (error instanceof DomainError && error.kind === 'NotFound') throw invalid(error.message);
    throw error;
  }
  const recordId = textOf(record.id);
  if (recordId === null) throw invalid(`${source.config.label} made a record without an id.`);
  const number = textOf(record.number) ?? textOf(record.displayName) ?? recordId;
  const now = deps.now().toISOString();
  await inWriteTransaction(deps.db, async (trx) => {
    await trx
      .updateTable('new_card_operations')
      .set({ status: 'created', record_id: recordId, record_number: number })
      .where('document_id', '=', current.id)
      .where('user_id', '=', viewer.userId)
      .execute();
    await insertNote(
      trx,
      current.id,
      viewer.userId,
      'system',
      `New ${table.label} ${number} (${operation.data_area_id}) made from this document by ${viewer.username}.`,
      now,
    );
  });
  let url: string | null = null;
  try {
    url = (await entityUrl(deps.entitySources, table.entity_type_name, operation.data_area_id, recordId)).url;
  } catch (error) {
    // No card page for the type: the record exists and is linked; the client says no URL was made.
    if (!(error instanceof DomainError) || (error.kind !== 'Validation' && error.kind !== 'NotFound')) throw error;
  }
  return {
    docId: current.id,
    typeId: table.id,
    tableId: table.external_table_id,
    typeName: table.entity_type_name,
    dataAreaId: operation.data_area_id,
    recordId,
    number,
    url,
  };
}

/**
 * PUT /documents/{id}/new-card, operationType 'complete': the new record arrived, so the
 * document is linked to it with the linker (linking/documentLinker: the record read from the
 * ERP, RestrictToDataAreaId, the lock and window checks), under the new-card privilege, and the
 * caller's own lock on the document is released (embedded §4 "A lock is released when a new-card
 * event arrives"). Needs the caller's pending operation (409); recordId defaults to the one
 * POST /new-card made; typeId and tableId, when sent, must be the operation's table (400); a
 * document that left the queue it was in at initiate is out of sync (409). The operation ends;
 * the operation's subtype is set on the document; then the queue's OnLink event (linking/linkEvents).
 * Answers `{ link, rowVersion }` and what the OnLink event did or asks.
 */
export async function completeNewCard(
  deps: ErpDeps,
  viewer: Viewer,
  documentId: number,
  request: NewCardCompleteRequest,
): Promise<LinkChange> {
  assertPrivilege(viewer);
  const current = await documentForNewCard(deps, viewer, documentId);
  const operation = await pendingOperation(deps, viewer, current.id);
  const table = await tableOf(deps, operation.integrated_table_id);
  if (request.typeId !== undefined && request.typeId !== table.id)
    throw invalid(`The new record was started in ${table.label} (typeId ${table.id}), not typeId ${request.typeId}.`);
  if (request.tableId !== undefined && request.tableId !== 0 && request.tableId !== table.external_table_id) {
    throw invalid(`The new record was started in ${table.label} (table ${table.external_table_id}), not table ${request.tableId}.`);
  }
  const recordId = request.recordId?.trim() || operation.record_id;
  if (recordId === null) throw invalid(MESSAGES.linkInvalidRecordId);
  const dataAreaId = request.dataAreaId?.trim() || operation.data_area_id;
  // The new-card privilege covers the link its flow ends in: Link to Existing is not needed as well.
  const linker: Viewer = { ...viewer, privileges: new Set<PrivilegeName>([...viewer.privileges, LINK_PRIVILEGE]) };
  const linked = await linkDocument(deps, linker, current.id, {
    relatedSitId: table.id,
    relatedDataAreaId: dataAreaId,
    relatedRecordId: recordId,
    ...(operation.queue_id === null ? {} : { expectedQueueId: operation.queue_id }),
    releaseOwnLock: true,
  });
  const subTypeId = request.subTypeId ?? operation.subtype_id;
  let rowVersion = linked.rowVersion;
  await inWriteTransaction(deps.db, async (trx) => {
    await trx.deleteFrom('new_card_operations').where('document_id', '=', current.id).where('user_id', '=', viewer.userId).execute();
    if (subTypeId === null) return;
    const subtype = await trx.selectFrom('subtypes').select(['id', 'integrated_table_id']).where('id', '=', subTypeId).executeTakeFirst();
    if (subtype === undefined || subtype.integrated_table_id !== table.id) return;
    rowVersion += 1;
    await trx
      .updateTable('documents')
      .set({ subtype_id: subtype.id, row_version: rowVersion, updated_at: deps.now().toISOString() })
      .where('id', '=', current.id)
      .execute();
  });
  // The queue's OnLink event once the link and the subtype are in (linking/linkEvents): its row version is the one after both.
  const events = await applyLinkEvents(deps, viewer, current.id);
  return { link: linked.link, ...events };
}
