import { hasQueueFeature, type DmsDocument } from '../model';
import type { BlockReason } from './actionAvailability';
import { MESSAGES } from './messages';

/** What the routing blocks read of a document */
export type RoutingBlockDocument = Pick<DmsDocument, 'link' | 'queue' | 'workflowModifiers' | 'hasAvailableRoutes' | 'hasApprovalRoutes'>;

/** A routing block: the reason code and one of the spec's four routing block messages. */
export interface RoutingBlock {
  reason: Extract<BlockReason, 'noRoutes' | 'linkRequired' | 'approvalRoutesRequired'>;
  message: string;
}

/**
 * The link block message: 'Document Link Required' for a single document, 'Linked Documents
 * Required' for a multi-selection (our reading; the spec lists both without saying which is which).
 */
export function linkRequiredMessage(selectionSize: number): string {
  return selectionSize > 1 ? MESSAGES.linkedDocumentsRequired : MESSAGES.documentLinkRequired;
}

/** Whether a document blocks routing while unlinked (modifier blockRouteUnlinked or feature BlockRouteUnlinked). */
export function blocksRouteUnlinked(doc: RoutingBlockDocument): boolean {
  return doc.workflowModifiers.blockRouteUnlinked || hasQueueFeature(doc.queue, 'BlockRouteUnlinked');
}

/** Whether a document blocks approval while unlinked (modifier blockApproveUnlinked or feature BlockApproveUnlinked). */
export function blocksApproveUnlinked(doc: RoutingBlockDocument): boolean {
  return doc.workflowModifiers.blockApproveUnlinked || hasQueueFeature(doc.queue, 'BlockApproveUnlinked');
}

/** Whether a document needs approval routes (modifier approvalRouteRequired or feature WorkflowRouteRequired). */
export function requiresApprovalRoutes(doc: RoutingBlockDocument): boolean {
  return doc.workflowModifiers.approvalRouteRequired || hasQueueFeature(doc.queue, 'WorkflowRouteRequired');
}

/**
 * Route blocks (embedded §4): 'No Routes Available' when a document is in no queue, has the
 * noRoutes modifier or no available routes; otherwise the link block when an unlinked document
 * sits in a queue that blocks unlinked routing. Null when routing is not blocked.
 */
export function routeRoutingBlock(documents: readonly RoutingBlockDocument[]): RoutingBlock | null {
  if (documents.some((doc) => doc.queue === null || doc.workflowModifiers.noRoutes || !doc.hasAvailableRoutes)) {
    return { reason: 'noRoutes', message: MESSAGES.noRoutesAvailable };
  }
  if (documents.some((doc) => doc.link === null && blocksRouteUnlinked(doc))) {
    return { reason: 'linkRequired', message: linkRequiredMessage(documents.length) };
  }
  return null;
}

/**
 * Approve blocks (embedded §4): the link block when an unlinked document sits in a queue that
 * blocks unlinked approval; 'Approval Routes Required' when a document needs approval routes and
 * has none. Null when approval is not blocked.
 */
export function approveRoutingBlock(documents: readonly RoutingBlockDocument[]): RoutingBlock | null {
  if (documents.some((doc) => doc.link === null && blocksApproveUnlinked(doc))) {
    return { reason: 'linkRequired', message: linkRequiredMessage(documents.length) };
  }
  if (documents.some((doc) => requiresApprovalRoutes(doc) && !doc.hasApprovalRoutes)) {
    return { reason: 'approvalRoutesRequired', message: MESSAGES.approvalRoutesRequired };
  }
  return null;
}
