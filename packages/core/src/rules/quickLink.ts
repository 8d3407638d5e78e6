import type { LinkToApprovalSetup } from '../model';
import { MESSAGES } from './messages';

/**
 * The name of the quick-link queue type (embedded §3 "a quick-link queue type"): a queue whose
 * queue type is called so (in any case) is a Quick Link queue. A name rather than a new column, so
 * an administrator makes one by naming a queue type, and existing databases need no migration.
 */
export const QUICK_LINK_QUEUE_TYPE_NAME = 'Quick Link';

/** Whether a queue of this queue type is a Quick Link queue. */
export function isQuickLinkQueueType(queueTypeName: string | null | undefined): boolean {
  return typeof queueTypeName === 'string' && queueTypeName.trim().toLowerCase() === QUICK_LINK_QUEUE_TYPE_NAME.toLowerCase();
}

/**
 * Whether a Quick Link queue is set up for Link To Approval (embedded §4): link, then approve to
 * the approve-to queue. That needs LinkOnApprovalRequired (so nothing is approved there unlinked)
 * and an approve-to queue; anything less is "not properly configured", and the user is offered
 * 'approve anyway'.
 */
export function quickLinkSetupComplete(setup: Pick<LinkToApprovalSetup, 'linkOnApprovalRequired' | 'approveToQueueId'>): boolean {
  return setup.linkOnApprovalRequired && setup.approveToQueueId !== null;
}

/**
 * The quick-link failure (embedded §5): the spec gives only 'Link failed, since record ID:'; ours
 * is the rest — which record was not found where, and what to do about it.
 */
export function quickLinkFailed(recordId: string, recordType: string): string {
  return `${MESSAGES.quickLinkFailedPrefix} ${recordId} was not found among the ${recordType} records of the ERP. Check the number, or find the record with Link to Existing.`;
}
