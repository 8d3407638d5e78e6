import type { DocumentErpStatus } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { erpApprovalSourceOf, erpLabelOf, type EntitySources } from '../erp';

/** Ours: the words of each write-back state (docs/UX-DECISIONS.md "The ERP follows the decision"). */
export const ERP_STATUS_TEXT = {
  updated: 'ERP updated',
  pending: 'ERP update pending',
  failed: (reason: string): string => `ERP update failed: ${reason}`,
  kept: (erpStatus: string): string => `ERP status kept: ${erpStatus} (set in the ERP)`,
  superseded: 'ERP update superseded',
} as const;

/** A status as a sentence shows it ('' is the ERP's blank: none). */
function shown(status: string): string {
  return status === '' ? 'no approval status' : status;
}

/**
 * The document's latest ERP write-back (erp_status_writes), in words; null when none of its
 * decisions was owed to the ERP (never linked to a purchase invoice while in workflow). One
 * indexed read: the newest row of the document.
 */
export async function readDocumentErpStatus(
  db: Kysely<Database>,
  sources: EntitySources,
  documentId: number,
): Promise<DocumentErpStatus | null> {
  const row = await db
    .selectFrom('erp_status_writes as w')
    .innerJoin('integrated_tables as t', 't.id', 'w.integrated_table_id')
    .select([
      'w.record_number',
      'w.status',
      'w.state',
      'w.erp_status',
      'w.last_error',
      'w.created_at',
      'w.finished_at',
      't.entity_type_name',
    ])
    .where('w.document_id', '=', documentId)
    .orderBy('w.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return null;
  const prefix = erpApprovalSourceOf(row.entity_type_name);
  const erp = prefix === null ? 'The ERP' : erpLabelOf(sources, prefix);
  const number = row.record_number;
  const base = { status: row.status, recordNumber: number, decidedAt: row.created_at, finishedAt: row.finished_at };
  switch (row.state) {
    case 'pending':
      return {
        ...base,
        state: 'pending',
        text: ERP_STATUS_TEXT.pending,
        erpStatus: null,
        detail:
          `${row.status} is to be written to ${number} in ${erp}.` +
          (row.last_error === null ? '' : ` The last try failed: ${row.last_error} It is tried again.`),
      };
    case 'written':
    case 'unchanged': {
      const erpStatus = row.erp_status ?? row.status;
      return {
        ...base,
        state: 'updated',
        text: ERP_STATUS_TEXT.updated,
        erpStatus,
        detail: `${erp} holds ${shown(erpStatus)} for ${number}.`,
      };
    }
    case 'kept': {
      const erpStatus = row.erp_status ?? '';
      return {
        ...base,
        state: 'kept',
        text: ERP_STATUS_TEXT.kept(shown(erpStatus)),
        erpStatus,
        detail: `${erp} holds ${shown(erpStatus)} for ${number}, set there: ${row.status} was not written over it (the ERP decides).`,
      };
    }
    case 'superseded':
      return {
        ...base,
        state: 'superseded',
        text: ERP_STATUS_TEXT.superseded,
        erpStatus: row.erp_status,
        detail: `A later decision on ${number} (through another of its documents) is the one written to ${erp}.`,
      };
    case 'failed': {
      const reason = row.last_error ?? 'the ERP refused it.';
      return {
        ...base,
        state: 'failed',
        text: ERP_STATUS_TEXT.failed(reason),
        erpStatus: row.erp_status,
        detail: `${row.status} was not written to ${number} in ${erp}.`,
      };
    }
  }
}
