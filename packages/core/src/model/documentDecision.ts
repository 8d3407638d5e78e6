/*
 * What an approver decides on (issue 12 "Decision data"): facts of the ERP record a document is
 * linked to, cached by the server, and the document's own workflow figures. Only the queue
 * listing (GET /api/queues/{id}/workflow) fills them in.
 */

/**
 * Where the linked record's facts stand: `current` read from the ERP within the refresh time;
 * `stale` the ERP could not be read at the last attempt (older facts, if any, shown);
 * `loading` not read yet; `unlinked` the document has no linked record.
 */
export type DecisionFactsState = 'current' | 'stale' | 'loading' | 'unlinked';

/** The keys the decision columns of 'Workflow Document List Columns' use (each sortable on the server). */
export const DECISION_FIELDS = [
  'vendor',
  'invoiceNumber',
  'amount',
  'invoiceDate',
  'dueDate',
  'cashDiscountDate',
  'daysInQueue',
  'lockHolder',
  'noteCount',
] as const;

/** One of the decision columns' fields. */
export type DecisionField = (typeof DECISION_FIELDS)[number];

/** A queue row's decision data. */
export interface DocumentDecision {
  vendorNumber: string | null;
  vendorName: string | null;
  /** The vendor's own invoice number when the ERP has it, else the record's number. */
  invoiceNumber: string | null;
  /** The invoice total including tax. */
  amount: number | null;
  /** ISO 4217 code; the ERP company's own currency when the record leaves it blank. */
  currencyCode: string | null;
  /** YYYY-MM-DD dates. */
  invoiceDate: string | null;
  dueDate: string | null;
  /** The last day the cash discount can be taken, when the ERP has one. */
  cashDiscountDate: string | null;
  factsState: DecisionFactsState;
  /** When the facts were last read from the ERP (ISO), null when never. */
  factsFetchedAt: string | null;
  /** Whole days since the document entered its queue. */
  daysInQueue: number;
  /** User notes on the document (system notes not counted). */
  noteCount: number;
  /** The due date is before today (the server's date, UTC). */
  overdue: boolean;
  /** The cash discount can be taken today and no later. */
  discountExpiresToday: boolean;
  /** The local currency (LCY) of the record's company, which approval limits are read in; null or absent: not known. */
  localCurrencyCode?: string | null;
}
