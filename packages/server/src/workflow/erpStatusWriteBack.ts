import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database, ErpStatusWriteState } from '../db/schema';
import { insertNote } from '../documents';
import { DomainError } from '../errors/DomainError';
import {
  erpApprovalSourceOf,
  erpInvoiceGone,
  erpLabelOf,
  readErpApprovalStatus,
  writeErpApprovalStatus,
  type ErpApprovalStatus,
  type ErpDeps,
} from '../erp';

/** What the write-back needs: the database, the ERP's sources and the clock. */
export type ErpWriteBackDeps = Pick<ErpDeps, 'db' | 'entitySources' | 'now'>;

/** Rows after which the ERP's status is known: written, found already so, or kept as the ERP set it. */
const SETTLED: readonly ErpStatusWriteState[] = ['written', 'unchanged', 'kept'];

/** Ours: the system note when the ERP holds a status set there, which the decision does not overwrite. */
export function erpStatusKeptNote(erp: string, number: string, erpStatus: string, status: string): string {
  return `${erp} holds the approval status ${erpStatus} for ${number}, set there: ${status} was not written over it (the ERP decides).`;
}

/** Ours: the system note when the status could not be written after the retries. */
export function erpStatusFailedNote(erp: string, number: string, status: string, reason: string): string {
  return `The approval status ${status} was not written to ${number} in ${erp}: ${reason}`;
}

/** A failure that another try cannot mend: the ERP refused the request itself, or holds no such record. */
function isFinal(error: unknown): boolean {
  return error instanceof DomainError && (error.kind === 'Validation' || error.kind === 'NotFound' || error.kind === 'Forbidden');
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message || String(error) : String(error)).slice(0, 2000);
}

/**
 * The statuses this product may itself have put on the record before row `id`: those of the rows
 * since the last one whose outcome is known (their writes may have landed before a crash or a
 * time-out), and the status the ERP held at that one. A status outside them was set in the ERP.
 */
async function ownStatuses(
  db: Kysely<Database>,
  row: { id: number; integrated_table_id: number; data_area_id: string; record_id: string },
): Promise<Set<string>> {
  const earlier = await db
    .selectFrom('erp_status_writes')
    .select(['status', 'state', 'erp_status'])
    .where('record_id', '=', row.record_id)
    .where('integrated_table_id', '=', row.integrated_table_id)
    .where('data_area_id', '=', row.data_area_id)
    .where('id', '<', row.id)
    .orderBy('id', 'desc')
    .execute();
  const statuses = new Set<string>();
  for (const previous of earlier) {
    if (SETTLED.includes(previous.state)) {
      if (previous.erp_status !== null) statuses.add(previous.erp_status);
      break;
    }
    statuses.add(previous.status);
  }
  return statuses;
}

/**
 * Writes one outbox row's status to its purchase invoice in the ERP, exactly once per decision
 * (docs/UX-DECISIONS.md "The ERP follows the decision"). A row no longer pending (done, or
 * superseded by a later decision on the record) is left alone, so a job run twice changes
 * nothing. Otherwise the ERP's status is read first (with its ETag):
 * - it already holds the status → `unchanged`, nothing written (compare-and-skip: a write whose
 *   answer was lost is not repeated);
 * - it holds a status this product did not put there (set in the ERP) → `kept`, not overwritten,
 *   and a system note says so: the ERP stays the authority. A blank status is no decision and is
 *   written over;
 * - else PATCH with If-Match (a change in the ERP since the read → 409, retried: the next run reads
 *   again) → `written`, with the status the ERP answered.
 * An ERP that cannot be reached leaves the row pending with the reason and throws, so the job
 * runner retries it with backoff; on the last run (`finalRun`), or for a refusal another try
 * cannot mend (the invoice gone, the value refused), the row is `failed` with the reason and a
 * system note.
 */
export async function writeBackErpStatus(deps: ErpWriteBackDeps, rowId: number, finalRun: boolean): Promise<void> {
  const row = await deps.db
    .selectFrom('erp_status_writes as w')
    .innerJoin('integrated_tables as t', 't.id', 'w.integrated_table_id')
    .select([
      'w.id',
      'w.document_id',
      'w.integrated_table_id',
      'w.data_area_id',
      'w.record_id',
      'w.record_number',
      'w.status',
      'w.state',
      'w.decided_by_user_id',
      't.entity_type_name',
    ])
    .where('w.id', '=', rowId)
    .executeTakeFirst();
  if (row === undefined || row.state !== 'pending') return;
  const prefix = erpApprovalSourceOf(row.entity_type_name);
  const erp = prefix === null ? 'The ERP' : erpLabelOf(deps.entitySources, prefix);
  /** Ends the row unless another run or a later decision already did; the note goes with it, in one transaction. */
  let number = row.record_number;
  const finish = async (state: ErpStatusWriteState, erpStatus: string | null, error: string | null, note: string | null): Promise<void> => {
    const at = deps.now().toISOString();
    await inWriteTransaction(deps.db, async (trx) => {
      const ended = await trx
        .updateTable('erp_status_writes')
        .set({ state, erp_status: erpStatus, last_error: error, finished_at: at, record_number: number })
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) === 1 && note !== null && row.decided_by_user_id !== null)
        await insertNote(trx, row.document_id, row.decided_by_user_id, 'system', note, at);
    });
  };
  const fail = (reason: string): Promise<void> => finish('failed', null, reason, erpStatusFailedNote(erp, number, row.status, reason));
  if (prefix === null) return fail(`${row.entity_type_name} records carry no approval status.`);
  try {
    const current = await readErpApprovalStatus(deps.entitySources, prefix, row.data_area_id, row.record_id);
    if (current === null) return fail(erpInvoiceGone(erp, number));
    // The number as the ERP names it now (a link made from a bare id holds the id).
    if (current.number !== '') number = current.number;
    if (current.status === row.status) return finish('unchanged', current.status, null, null);
    if (current.status !== '' && !(await ownStatuses(deps.db, row)).has(current.status))
      return finish('kept', current.status, null, erpStatusKeptNote(erp, number, current.status, row.status));
    // A later decision on the record may have come while the ERP was read: it is the one to write.
    const still = await deps.db.selectFrom('erp_status_writes').select('state').where('id', '=', row.id).executeTakeFirst();
    if (still?.state !== 'pending') return;
    const written = await writeErpApprovalStatus(
      deps.entitySources,
      prefix,
      row.data_area_id,
      row.record_id,
      current.etag,
      row.status as ErpApprovalStatus,
    );
    return finish('written', written, null, null);
  } catch (error) {
    const reason = messageOf(error);
    if (finalRun || isFinal(error)) return fail(reason);
    await deps.db
      .updateTable('erp_status_writes')
      .set({ last_error: reason })
      .where('id', '=', row.id)
      .where('state', '=', 'pending')
      .execute();
    throw error;
  }
}
