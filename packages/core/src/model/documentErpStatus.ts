/**
 * Where the write-back of a document's approval decision to its linked purchase invoice in the
 * ERP stands (GET /api/documents/{id}/erp-status; docs/UX-DECISIONS.md "The ERP follows the
 * decision"): `pending` until written, `updated` once the ERP holds it, `kept` when the ERP holds
 * a status set there (not overwritten), `superseded` when a later decision on the same invoice
 * (through another document) is the one written, `failed` after the retries.
 */
export type ErpStatusState = 'pending' | 'updated' | 'kept' | 'superseded' | 'failed';

/** A document's latest ERP write-back, in words ('ERP updated', 'ERP update pending', 'ERP update failed: …'). */
export interface DocumentErpStatus {
  state: ErpStatusState;
  /** The state in words, e.g. 'ERP updated' or 'ERP update failed: Business Central cannot be reached right now. …'. */
  text: string;
  /** What the ERP holds, or is to hold, and for which record, in a sentence. */
  detail: string;
  /** The status the decision owes the record: 'Pending Approval', 'Approved' or 'Rejected'. */
  status: string;
  /** The status the ERP held when the write-back was done with, as read back ('' = none); null while pending. */
  erpStatus: string | null;
  /** The linked record's number, e.g. 'PI-1002'. */
  recordNumber: string;
  /** When the decision was made (ISO). */
  decidedAt: string;
  /** When the write-back was done with (ISO); null while pending. */
  finishedAt: string | null;
}
