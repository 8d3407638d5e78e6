import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database, DuplicateReasonColumn } from '../db/schema';

/** The reasons read from the linked records' facts (re-judged whenever a link or the facts change). */
const FACTS_REASONS: readonly DuplicateReasonColumn[] = ['vendorInvoiceNumber', 'vendorAmountDate'];

/**
 * The invoice number as two records are compared by: upper case, without spaces, '-', '/', '.',
 * '_' and '#' ("FAB-25-0412" = "fab 25/0412"). The text is migration 0019's index expression
 * (`linked_record_facts_vendor_invoice`) with the alias in front, so the lookup seeks that index;
 * duplicateMarker.test.ts holds the plan.
 */
function invoiceKey(alias: 'f' | 'g'): RawBuilder<string> {
  return sql<string>`upper(replace(replace(replace(replace(replace(replace(${sql.ref(`${alias}.invoice_number`)}, ' ', ''), '-', ''), '/', ''), '.', ''), '_', ''), '#', ''))`;
}

/** `o` counts as another copy: a live document (not deleted), or one that was approved, deleted since or not. */
function countsAsOther(eb: ExpressionBuilder<Database & { o: Database['documents'] }, 'o'>): Expression<SqlBool> {
  return eb.or([
    eb('o.deleted_at', 'is', null),
    eb.exists(
      eb.selectFrom('workflow_history as oh').select('oh.id').whereRef('oh.document_id', '=', 'o.id').where('oh.action', '=', 'approve'),
    ),
  ]);
}

/** One mark in one direction. */
interface Mark {
  documentId: number;
  otherId: number;
  reason: DuplicateReasonColumn;
  sameRecord: 0 | 1;
}

function keyOf(mark: Mark): string {
  return `${mark.documentId}:${mark.otherId}:${mark.reason}:${mark.sameRecord}`;
}

/** The documents with the same bytes as each of `documentIds` (documents_file index). */
async function fileMatches(db: Kysely<Database>, documentIds: readonly number[]): Promise<Mark[]> {
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('documents as o', 'o.file_sha256', 'd.file_sha256')
    .select(['d.id as document_id', 'o.id as other_id'])
    .where('d.id', 'in', [...documentIds])
    .whereRef('o.id', '<>', 'd.id')
    .where(countsAsOther)
    .execute();
  return rows.map((row) => ({ documentId: row.document_id, otherId: row.other_id, reason: 'file', sameRecord: 0 }));
}

/**
 * The documents whose primary record's facts match the facts of each document's primary record
 * (`f` → `g`), by one reason: the same ERP, company and vendor with the same invoice number (as
 * compared), or with the same amount (not zero), currency and invoice date. Each step is an
 * index seek: the link by document, the facts by record, the matching facts by vendor (migration
 * 0019), their links by record (record_links_record), so no statement reads every document.
 * Exported for its plan test.
 */
export function factsMatchesQuery(db: Kysely<Database>, documentIds: readonly number[], reason: DuplicateReasonColumn) {
  return (
    db
      .selectFrom('documents as d')
      .innerJoin('record_links as l', (join) => join.onRef('l.document_id', '=', 'd.id').on('l.is_primary', '=', 1))
      .innerJoin('linked_record_facts as f', (join) =>
        join
          .onRef('f.integrated_table_id', '=', 'l.integrated_table_id')
          .onRef('f.data_area_id', '=', 'l.data_area_id')
          .onRef('f.record_id', '=', 'l.record_id'),
      )
      .innerJoin('linked_record_facts as g', (join) => {
        const sameVendor = join.onRef('g.vendor_number', '=', 'f.vendor_number').onRef('g.data_area_id', '=', 'f.data_area_id');
        return reason === 'vendorInvoiceNumber'
          ? sameVendor.on(sql<boolean>`${invoiceKey('g')} = ${invoiceKey('f')}`)
          : sameVendor.onRef('g.invoice_date', '=', 'f.invoice_date').onRef('g.amount', '=', 'f.amount');
      })
      .innerJoin('record_links as lo', (join) =>
        join
          .onRef('lo.integrated_table_id', '=', 'g.integrated_table_id')
          .onRef('lo.record_id', '=', 'g.record_id')
          .onRef('lo.data_area_id', '=', 'g.data_area_id')
          .on('lo.is_primary', '=', 1),
      )
      .innerJoin('documents as o', 'o.id', 'lo.document_id')
      .select(['d.id as document_id', 'o.id as other_id', sql<number>`case when g.id = f.id then 1 else 0 end`.as('same_record')])
      .where('d.id', 'in', [...documentIds])
      .whereRef('o.id', '<>', 'd.id')
      // Facts from one ERP only: the same vendor number in two ERPs is two vendors.
      .whereRef('g.source', '=', 'f.source')
      .$if(reason === 'vendorInvoiceNumber', (qb) => qb.where('f.invoice_number', 'is not', null))
      .$if(reason === 'vendorAmountDate', (qb) =>
        qb
          .where('f.amount', 'is not', null)
          // A zero total says nothing (a draft made today without lines yet): it matches no other by amount.
          .where('f.amount', '<>', 0)
          .where('f.invoice_date', 'is not', null)
          .where(sql<boolean>`coalesce(g.currency_code, '') = coalesce(f.currency_code, '')`),
      )
      .where(countsAsOther)
  );
}

async function factsMatches(db: Kysely<Database>, documentIds: readonly number[], reason: DuplicateReasonColumn): Promise<Mark[]> {
  const rows = await factsMatchesQuery(db, documentIds, reason).execute();
  return rows.map((row) => ({
    documentId: row.document_id,
    otherId: row.other_id,
    reason,
    sameRecord: Number(row.same_record) === 1 ? 1 : 0,
  }));
}

/**
 * Makes the stored marks of `documentIds` for `reasons` what the data says now, in both
 * directions: marks found and not stored are added (a stored one keeps its `created_at`), stored
 * ones no longer found go. Marks between two other documents are left alone.
 */
async function reconcile(
  db: Kysely<Database>,
  documentIds: readonly number[],
  reasons: readonly DuplicateReasonColumn[],
  found: readonly Mark[],
  now: string,
): Promise<void> {
  const wanted = new Map<string, Mark>();
  for (const mark of found) {
    wanted.set(keyOf(mark), mark);
    const back: Mark = { documentId: mark.otherId, otherId: mark.documentId, reason: mark.reason, sameRecord: mark.sameRecord };
    wanted.set(keyOf(back), back);
  }
  await inWriteTransaction(db, async (trx) => {
    const stored = await trx
      .selectFrom('duplicate_marks')
      .select(['id', 'document_id', 'other_document_id', 'reason', 'same_record'])
      .where((eb) => eb.or([eb('document_id', 'in', [...documentIds]), eb('other_document_id', 'in', [...documentIds])]))
      .where('reason', 'in', [...reasons])
      .execute();
    const gone: number[] = [];
    for (const row of stored) {
      const key = keyOf({
        documentId: row.document_id,
        otherId: row.other_document_id,
        reason: row.reason,
        sameRecord: Number(row.same_record) === 1 ? 1 : 0,
      });
      if (wanted.has(key)) wanted.delete(key);
      else gone.push(row.id);
    }
    if (gone.length > 0) await trx.deleteFrom('duplicate_marks').where('id', 'in', gone).execute();
    const added = [...wanted.values()];
    if (added.length === 0) return;
    await trx
      .insertInto('duplicate_marks')
      .values(
        added.map((mark) => ({
          document_id: mark.documentId,
          other_document_id: mark.otherId,
          reason: mark.reason,
          same_record: mark.sameRecord,
          created_at: now,
        })),
      )
      // A pair stored meanwhile with the other same_record (a relink under way) is the next reconcile's to fix.
      .onConflict((oc) => oc.columns(['document_id', 'other_document_id', 'reason']).doNothing())
      .execute();
  });
}

/**
 * Marks documents that just arrived (intake/intakeDocuments, after the arrival committed): by
 * their bytes, and by their linked record's facts where those are already known (an upload on a
 * record whose facts an earlier document had read). Runs after the commit on purpose: two copies
 * arriving at once each commit before they look, so the later look always finds the other.
 */
export async function markArrivedDuplicates(db: Kysely<Database>, documentIds: readonly number[], now: string): Promise<void> {
  if (documentIds.length === 0) return;
  const found = [
    ...(await fileMatches(db, documentIds)),
    ...(await factsMatches(db, documentIds, 'vendorInvoiceNumber')),
    ...(await factsMatches(db, documentIds, 'vendorAmountDate')),
  ];
  await reconcile(db, documentIds, ['file', ...FACTS_REASONS], found, now);
}

/**
 * Judges documents' facts marks again after their link changed (link, unlink, a draft posted):
 * by the facts of the record each is linked to now (none: no facts marks). Facts not read yet
 * count when their job reads them (markDuplicatesOfRecord).
 */
export async function markLinkedDuplicates(db: Kysely<Database>, documentIds: readonly number[], now: string): Promise<void> {
  if (documentIds.length === 0) return;
  const found = [
    ...(await factsMatches(db, documentIds, 'vendorInvoiceNumber')),
    ...(await factsMatches(db, documentIds, 'vendorAmountDate')),
  ];
  await reconcile(db, documentIds, FACTS_REASONS, found, now);
}

/**
 * Judges the facts marks of every document linked (primary) to a record again, after its facts
 * row (`factsId`) was read from the ERP (erp/linkedRecordFacts refresh): the first read of a
 * newly linked record's vendor and invoice number, or a correction made in the ERP since.
 */
export async function markDuplicatesOfRecord(db: Kysely<Database>, factsId: number, now: string): Promise<void> {
  const linked = await db
    .selectFrom('linked_record_facts as f')
    .innerJoin('record_links as l', (join) =>
      join
        .onRef('l.integrated_table_id', '=', 'f.integrated_table_id')
        .onRef('l.record_id', '=', 'f.record_id')
        .onRef('l.data_area_id', '=', 'f.data_area_id')
        .on('l.is_primary', '=', 1),
    )
    .select('l.document_id')
    .where('f.id', '=', factsId)
    .execute();
  await markLinkedDuplicates(
    db,
    linked.map((row) => row.document_id),
    now,
  );
}
