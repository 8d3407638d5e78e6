/**
 * What the hash chain of a document's history says (GET /api/documents/{id}/history/verify): every
 * history row holds the hash of the row before it, so a row changed, removed or reordered after it
 * was written breaks the chain at that row.
 */
export interface HistoryVerification {
  intact: boolean;
  /** The document's history rows. */
  rows: number;
  /** The first row (1-based, in the order rows were written) that does not hold; absent when intact. */
  brokenAtRow?: number;
  /** "History intact (N rows)." or "History broken at row N." */
  message: string;
}

/** Most documents one evidence packet holds (POST /api/documents/evidence). */
export const EVIDENCE_MAX_DOCUMENTS = 100;
