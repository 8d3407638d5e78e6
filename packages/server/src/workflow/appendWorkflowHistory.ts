import type { Insertable, Kysely } from 'kysely';
import { historyRowHash } from '../db/historyRowHash';
import type { Database, WorkflowHistoryTable } from '../db/schema';

/** A history row as its writer gives it: everything but the id and the chain, which are filled in here. */
export type NewWorkflowHistoryRow = Omit<Insertable<WorkflowHistoryTable>, 'id' | 'prev_hash' | 'row_hash'>;

/**
 * The `row_hash` of each document's last history row ('' when it has none): the `prev_hash` its
 * next row takes. The last row is the one with the highest id: rows of one document are appended
 * one transaction at a time (see appendWorkflowHistory), so id order is the chain's order.
 */
async function chainHeads(trx: Kysely<Database>, documentIds: readonly number[]): Promise<Map<number, string>> {
  const heads = new Map<number, string>(documentIds.map((id) => [id, '']));
  if (documentIds.length === 0) return heads;
  const rows = await trx
    .selectFrom('workflow_history as h')
    .select(['h.document_id', 'h.row_hash'])
    .where('h.id', 'in', (eb) =>
      eb
        .selectFrom('workflow_history as l')
        .select((l) => l.fn.max('l.id').as('id'))
        .where('l.document_id', 'in', [...documentIds])
        .groupBy('l.document_id'),
    )
    .execute();
  // A last row without a hash (written around this writer) leaves the chain broken there, as verify says; the next row still links to ''.
  for (const row of rows) heads.set(row.document_id, row.row_hash ?? '');
  return heads;
}

/**
 * The one writer of `workflow_history`: appends `rows` (in order) inside the caller's write
 * transaction, each with `prev_hash` = its document's previous row's `row_hash` ('' for the first)
 * and `row_hash` = db/historyRowHash over that and the row's content, so a row changed, removed or
 * reordered afterwards is found by workflow/verifyWorkflowHistory. Two rows of one document in one
 * call chain to each other. One read of the chain heads and one INSERT, whatever the number of rows;
 * no read for the documents whose heads the caller passes in `knownHeads` (the `row_hash` of the
 * document's highest-id row, '' when it has none or that row has no hash), read by a statement of
 * its own transaction after the row lock — the workflow action's move answers them, so an approval's
 * chain costs only its INSERT.
 *
 * The caller must hold each document's row lock, so two transactions cannot read the same head and
 * fork the chain: an UPDATE of the `documents` row earlier in the transaction or access's
 * lockDocumentRows on PostgreSQL (the head is read by a statement after it, seeing what the
 * transaction it waited for committed), SQLite's single writer (transactions begin IMMEDIATE), or
 * a document inserted in this very transaction. The unique index (document_id, prev_hash) of
 * migration 0022 refuses a fork should a caller ever miss it. A value given here must read back
 * the same (no column with a database default: its value would be missing from the hash).
 */
export async function appendWorkflowHistory(
  trx: Kysely<Database>,
  rows: readonly NewWorkflowHistoryRow[],
  knownHeads: ReadonlyMap<number, string> = new Map(),
): Promise<void> {
  if (rows.length === 0) return;
  const documentIds = [...new Set(rows.map((row) => row.document_id))];
  const heads = await chainHeads(
    trx,
    documentIds.filter((id) => !knownHeads.has(id)),
  );
  for (const id of documentIds) {
    const known = knownHeads.get(id);
    if (known !== undefined) heads.set(id, known);
  }
  const chained = rows.map((row) => {
    const prevHash = heads.get(row.document_id) ?? '';
    const rowHash = historyRowHash(prevHash, row);
    heads.set(row.document_id, rowHash);
    return { ...row, prev_hash: prevHash, row_hash: rowHash };
  });
  await trx.insertInto('workflow_history').values(chained).execute();
}
