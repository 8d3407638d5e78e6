import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The transaction holding a document row, as `holdDocumentRow`'s callback sees it. */
export interface HeldDocumentRow {
  /** The transaction that holds the row: writes here commit when the callback returns. */
  trx: Transaction<Database>;
  /**
   * Resolves once `count` backends wait on the holder or on `alsoBlocking` (pg_blocking_pids);
   * answers their pids. A wait on state, bounded well inside a suite's time-out for a loaded machine.
   */
  waitForBlocked: (count: number, alsoBlocking?: readonly number[]) => Promise<number[]>;
}

/**
 * PostgreSQL only: holds document `documentId`'s row (`FOR UPDATE`, as a command does
 * mid-transaction) while `during` starts requests that queue behind it and changes what they will
 * find; commits when `during` returns. For tests of what a request sees after waiting for a row.
 */
export async function holdDocumentRow(
  db: Kysely<Database>,
  documentId: number,
  during: (held: HeldDocumentRow) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    const holder = rows[0].pid;
    await sql`select id from documents where id = ${documentId} for update`.execute(trx);
    const waitForBlocked = async (count: number, alsoBlocking: readonly number[] = []): Promise<number[]> => {
      const pids = [holder, ...alsoBlocking];
      for (const deadline = Date.now() + 50_000; Date.now() < deadline; ) {
        const blocked = await sql<{
          pid: number;
        }>`select pid from pg_stat_activity where pg_blocking_pids(pid) && ${sql.val(pids)}::int[]`.execute(db);
        if (blocked.rows.length >= count) return blocked.rows.map((row) => row.pid);
        await new Promise((resolve) => setImmediate(resolve));
      }
      throw new Error(`Fewer than ${count} backends waited on ${pids.join(', ')}.`);
    };
    await during({ trx, waitForBlocked });
  });
}
