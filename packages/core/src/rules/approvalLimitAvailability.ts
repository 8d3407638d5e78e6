import type { DmsDocument } from '../model';
import { blockAction, type ActionAvailability } from './actionAvailability';
import { approvalAmountUnknown, approvalLimitExceeded } from './messages';

/** What the approval-limit rule reads of a document: its name and the queue listing's decision facts. */
export type ApprovalLimitDocument = Pick<DmsDocument, 'name' | 'decision'>;

/**
 * Approve is disabled before the click when the server would surely refuse a selected document
 * for the caller's approval limit in the queue (issues 12 and 35; docs/UX-DECISIONS.md), with the
 * words the server would refuse in: a document not linked, or linked to a record the ERP read
 * without an amount (its amount cannot be known); or a listed amount in the company's local
 * currency — the limit's — over the limit. Only facts the listing read from the ERP within their
 * refresh time count (`current`): stale or loading facts, and amounts in another currency (which
 * the server converts at the ERP's rate of the day) are left to the server, which judges on the
 * click. Null: nothing to block (no limit, or nothing surely refused).
 */
export function approvalLimitBlock(
  documents: readonly ApprovalLimitDocument[],
  limit: number | null | undefined,
  queueName: string,
): ActionAvailability | null {
  if (limit === null || limit === undefined) return null;
  for (const doc of documents) {
    const facts = doc.decision;
    if (facts?.factsState === 'unlinked') return blockAction('overApprovalLimit', approvalAmountUnknown(doc.name, queueName, false));
    if (facts?.factsState !== 'current') continue;
    if (facts.amount === null) return blockAction('overApprovalLimit', approvalAmountUnknown(doc.name, queueName, true));
    const local = facts.localCurrencyCode ?? null;
    const currency = (facts.currencyCode ?? '').trim();
    if (local === null || (currency !== '' && currency !== local)) continue;
    if (facts.amount > limit)
      return blockAction('overApprovalLimit', approvalLimitExceeded(facts.amount, local, doc.name, limit, queueName));
  }
  return null;
}
