import type { Kysely } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import { dialectOf } from '../db/dialectOf';
import type { Database, ErpStatusWriteState } from '../db/schema';
import { erpApprovalSourceOf, type ErpApprovalStatus } from '../erp';

/** `jobs.kind` of "write a decision's approval status to the ERP"; `jobs.subject` is the erp_status_writes row's id. */
export const ERP_STATUS_JOB = 'workflow:erp-approval-status';

/** The approval status a decision owes one document's linked record. */
export interface ErpStatusDecision {
  documentId: number;
  status: ErpApprovalStatus;
}

/** Rows whose status stands for their record: the same status again owes the ERP nothing. */
const STANDING: readonly ErpStatusWriteState[] = ['pending', 'written', 'unchanged'];

/** One record as record_links and erp_status_writes name it. */
function recordKey(row: { integrated_table_id: number; data_area_id: string; record_id: string }): string {
  return `${row.integrated_table_id}\u0000${row.data_area_id}\u0000${row.record_id}`;
}

/**
 * The outbox side of "the ERP follows the decision", inside the decision's own transaction: for
 * each document whose primary link is a record that carries an approval status (a purchase
 * invoice: erp/erpApprovalApi), an `erp_status_writes` row and its job, unless the record's latest
 * row already stands for that status. A pending row of the same record is superseded (the newer
 * decision is the one written). The ERP is never called here: the job writes after the commit,
 * so a decision never waits for the ERP and a rolled-back one never reaches it. One statement
 * when no document is linked to such a record (an unlinked approval costs a single indexed read).
 */
export async function recordErpStatusDecisions(
  trx: Kysely<Database>,
  decisions: readonly ErpStatusDecision[],
  userId: number,
  now: string,
): Promise<void> {
  if (decisions.length === 0) return;
  const links = await trx
    .selectFrom('record_links as l')
    .innerJoin('integrated_tables as t', 't.id', 'l.integrated_table_id')
    .select(['l.document_id', 'l.integrated_table_id', 'l.data_area_id', 'l.record_id', 'l.source_number', 't.entity_type_name'])
    .where('l.document_id', 'in', [...new Set(decisions.map((decision) => decision.documentId))])
    .where('l.is_primary', '=', 1)
    .execute();
  const linkOf = new Map(
    links.filter((link) => erpApprovalSourceOf(link.entity_type_name) !== null).map((link) => [link.document_id, link]),
  );
  if (linkOf.size === 0) return;
  const earlier = await trx
    .selectFrom('erp_status_writes')
    .select(['id', 'integrated_table_id', 'data_area_id', 'record_id', 'status', 'state'])
    .where('record_id', 'in', [...new Set([...linkOf.values()].map((link) => link.record_id))])
    .orderBy('id', 'desc')
    .execute();
  const latest = new Map<string, { status: string; state: ErpStatusWriteState }>();
  for (const row of earlier) if (!latest.has(recordKey(row))) latest.set(recordKey(row), row);
  const rows: {
    document_id: number;
    integrated_table_id: number;
    data_area_id: string;
    record_id: string;
    record_number: string;
    status: ErpApprovalStatus;
    decided_by_user_id: number;
    created_at: string;
  }[] = [];
  for (const decision of decisions) {
    const link = linkOf.get(decision.documentId);
    if (link === undefined) continue;
    const key = recordKey(link);
    const standing = latest.get(key);
    if (standing !== undefined && standing.status === decision.status && STANDING.includes(standing.state)) continue;
    latest.set(key, { status: decision.status, state: 'pending' });
    rows.push({
      document_id: decision.documentId,
      integrated_table_id: link.integrated_table_id,
      data_area_id: link.data_area_id,
      record_id: link.record_id,
      record_number: link.source_number,
      status: decision.status,
      decided_by_user_id: userId,
      created_at: now,
    });
  }
  if (rows.length === 0) return;
  const owed = new Set(rows.map(recordKey));
  const superseded = earlier.filter((row) => row.state === 'pending' && owed.has(recordKey(row))).map((row) => row.id);
  if (superseded.length > 0)
    await trx
      .updateTable('erp_status_writes')
      .set({ state: 'superseded', finished_at: now })
      .where('id', 'in', superseded)
      .where('state', '=', 'pending')
      .execute();
  const inserted = await trx.insertInto('erp_status_writes').values(rows).returning('id').execute();
  await trx
    .insertInto('jobs')
    .values(
      inserted.map((row) => ({
        kind: ERP_STATUS_JOB,
        subject: String(row.id),
        run_after: databaseNowSql(dialectOf(trx)),
        created_at: now,
      })),
    )
    .execute();
}
