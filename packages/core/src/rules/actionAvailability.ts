/** Why an action is disabled, as a code the server and tests can rely on. */
export type BlockReason =
  | 'noSelection'
  | 'taggingMode'
  | 'notPermitted'
  | 'lockedByOther'
  | 'blockedFromQueue'
  | 'quickLinkMultiSelection'
  | 'differentQueues'
  | 'noRoutes'
  | 'linkRequired'
  | 'submissionRequired'
  | 'approvalRoutesRequired'
  | 'searchView'
  | 'tooFewDocuments'
  | 'tooManyDocuments'
  | 'differentLinks'
  | 'overApprovalLimit'
  /** Another user just acted on the document: the copy shown is stale until the list reads it again (live updates). */
  | 'actedOnByOther';

/**
 * Whether an action is offered: when allowed, an optional warning to confirm first; when not,
 * the reason code and the message to show on the disabled action (from MESSAGES, verbatim).
 */
export type ActionAvailability = { allowed: true; warning: string | null } | { allowed: false; reason: BlockReason; message: string };

/** An allowed action, with an optional warning to confirm first. */
export function allowAction(warning: string | null = null): ActionAvailability {
  return { allowed: true, warning };
}

/** A blocked action with its reason code and the message to show. */
export function blockAction(reason: BlockReason, message: string): ActionAvailability {
  return { allowed: false, reason, message };
}
