import type { DmsDocument } from '../model';
import { blockAction, type ActionAvailability } from './actionAvailability';
import { approvalLimitExceeded } from './messages';

/** What the approval-limit rule reads of a document: its name and the queue listing's decision facts. */
export type ApprovalLimitDocument = Pick<DmsDocument, 'name' | 'decision'>;

/**
 * Approve is disabled before the click when a selected document's linked amount is over the
 * caller's approval limit in the queue (issue 12 money rules; docs/UX-DECISIONS.md), with the
 * words the server would refuse in. Only facts the listing read from the ERP within their refresh
 * time count (`current`): stale, loading or unlinked facts are left to the server, which reads the
 * amount afresh on approval. Null: nothing to block (no limit, or nothing over it).
 */
export function approvalLimitBlock(
  documents: readonly ApprovalLimitDocument[],
  limit: number | null | undefined,
  queueName: string,
): ActionAvailability | null {
  if (limit === null || limit === undefined) return null;
  for (const doc of documents) {
    const facts = doc.decision;
    if (facts?.factsState !== 'current' || facts.amount === null) continue;
    if (facts.amount > limit)
      return blockAction('overApprovalLimit', approvalLimitExceeded(facts.amount, facts.currencyCode ?? '', doc.name, limit, queueName));
  }
  return null;
}
