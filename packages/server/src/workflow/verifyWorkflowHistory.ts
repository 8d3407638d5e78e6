import type { Kysely } from 'kysely';
import { historyRowHash } from '../db/historyRowHash';
import type { Database } from '../db/schema';

/** What the hash chain of one document's history says (GET /api/documents/{id}/history/verify). */
export interface HistoryVerification {
  intact: boolean;
  /** The document's history rows. */
  rows: number;
  /** The first row (1-based, in the order the rows were appended) whose hash or link does not hold; absent when intact. */
  brokenAtRow?: number;
  /** "History intact (N rows)." or "History broken at row N." */
  message: string;
  /** The last row's stored `row_hash` (null without rows): an auditor compares it with an earlier packet's, as rows removed at the end leave the rest intact. */
  lastRowHash: string | null;
}

/** The words of an intact chain ("1 row", "N rows"). */
export function historyIntactMessage(rows: number): string {
  return `History intact (${rows} ${rows === 1 ? 'row' : 'rows'}).`;
}

/** The words of a broken chain. */
export function historyBrokenMessage(row: number): string {
  return `History broken at row ${row}.`;
}

/**
 * Verifies one document's rows (in id order, the order they were appended): row k (1-based) holds
 * when its `prev_hash` is row k-1's `row_hash` ('' for the first) and its `row_hash` is
 * db/historyRowHash over that and its content as stored. The first row that does not hold is the
 * break: a changed column breaks its own row; a removed or reordered row, or one rewritten with a
 * freshly computed hash, breaks the row after it.
 */
export function verifyChain(rows: readonly Readonly<Record<string, unknown>>[]): HistoryVerification {
  let expectedPrev = '';
  for (const [index, row] of rows.entries()) {
    const prev = row.prev_hash;
    const hash = row.row_hash;
    if (typeof prev !== 'string' || typeof hash !== 'string' || prev !== expectedPrev || historyRowHash(prev, row) !== hash) {
      return {
        intact: false,
        rows: rows.length,
        brokenAtRow: index + 1,
        message: historyBrokenMessage(index + 1),
        lastRowHash: lastHashOf(rows),
      };
    }
    expectedPrev = hash;
  }
  return { intact: true, rows: rows.length, message: historyIntactMessage(rows.length), lastRowHash: lastHashOf(rows) };
}

function lastHashOf(rows: readonly Readonly<Record<string, unknown>>[]): string | null {
  const last = rows.at(-1)?.row_hash;
  return typeof last === 'string' ? last : null;
}

/**
 * The hash chain verdict of each of `documentIds` (no visibility check: the caller has made it),
 * reading every column of their history rows in one statement, so columns added later are verified
 * as the writer hashed them.
 */
export async function verifyWorkflowHistories(
  db: Kysely<Database>,
  documentIds: readonly number[],
): Promise<Map<number, HistoryVerification>> {
  const byDocument = new Map<number, Record<string, unknown>[]>(documentIds.map((id) => [id, []]));
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('workflow_history')
    .selectAll()
    .where('document_id', 'in', [...new Set(documentIds)])
    .orderBy('document_id')
    .orderBy('id')
    .execute();
  for (const row of rows) byDocument.get(row.document_id)?.push(row);
  return new Map([...byDocument].map(([id, history]) => [id, verifyChain(history)]));
}
