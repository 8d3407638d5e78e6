import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { historyRowHash } from './historyRowHash';

/** Rows read and updated per statement while the existing history is hashed. */
const BATCH = 500;

/** A history row as the backfill reads it: every column, whatever migrations added. */
type StoredRow = Record<string, unknown> & { id: number; document_id: number };

/**
 * Hashes the history rows written before the chain existed, per document in id order (the order
 * they were appended in), each row's `prev_hash` the row before's `row_hash` ('' for the first),
 * by db/historyRowHash as workflow/appendWorkflowHistory does for new rows. Rows are read in
 * (document_id, id) pages and written back one UPDATE … FROM (VALUES …) per page, which SQLite
 * (3.33+) and PostgreSQL both run; VALUES columns are column1…3 on both.
 */
async function hashExistingRows(db: Kysely<unknown>): Promise<void> {
  let after: { documentId: number; id: number } | null = null;
  let head = { documentId: 0, hash: '' };
  for (;;) {
    const position = after;
    const page: StoredRow[] = (
      await sql<StoredRow>`select * from workflow_history
        ${position === null ? sql`` : sql`where document_id > ${position.documentId} or (document_id = ${position.documentId} and id > ${position.id})`}
        order by document_id, id limit ${BATCH}`.execute(db)
    ).rows;
    if (page.length === 0) return;
    const hashed = page.map((row) => {
      const documentId = Number(row.document_id);
      const prevHash = head.documentId === documentId ? head.hash : '';
      const rowHash = historyRowHash(prevHash, row);
      head = { documentId, hash: rowHash };
      return sql`(cast(${Number(row.id)} as integer), ${prevHash}, ${rowHash})`;
    });
    await sql`update workflow_history set prev_hash = v.column2, row_hash = v.column3
      from (values ${sql.join(hashed)}) as v where workflow_history.id = v.column1`.execute(db);
    const last = page[page.length - 1];
    after = { documentId: Number(last.document_id), id: Number(last.id) };
  }
}

/**
 * Migration 0022: the hash chain of `workflow_history` (columns of 0016). Existing rows are hashed
 * in id order per document; then the unique index (document_id, prev_hash) makes a fork — two rows
 * of one document naming the same previous row, which two transactions appending at once without
 * the document's row lock would write — fail instead of being stored. A NULL prev_hash (a row
 * written around the writer) is not held by it, and verify reports that row as the break.
 */
export function historyChainSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await hashExistingRows(db);
      await db.schema.createIndex('workflow_history_chain').on('workflow_history').columns(['document_id', 'prev_hash']).unique().execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('workflow_history_chain').ifExists().execute();
    },
  };
}
