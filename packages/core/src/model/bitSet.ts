/** A table of named bit values, e.g. the workflow permission bitmask. */
export type BitTable = Readonly<Record<string, number>>;

/** Expands an integer bit set into one boolean per name of the table. */
export function decodeBits<T extends BitTable>(table: T, value: number): Record<keyof T, boolean> {
  const result = {} as Record<keyof T, boolean>;
  for (const name of Object.keys(table) as (keyof T)[]) result[name] = (value & table[name]) !== 0;
  return result;
}

/** Packs named booleans back into an integer bit set. */
export function encodeBits<T extends BitTable>(table: T, flags: Partial<Record<keyof T, boolean>>): number {
  let value = 0;
  for (const name of Object.keys(table) as (keyof T)[]) if (flags[name]) value |= table[name];
  return value;
}

/** Workflow permission bitmask (portal spec §6). */
export const WORKFLOW_PERMS = {
  accessDocs: 2,
  searchWithin: 4,
  viewDocsWithin: 8,
  editDocData: 16,
  editDocLinkingData: 32,
  otherMaintenance: 64,
  route: 128,
  reject: 256,
  approve: 512,
  receiveNotificationsFor: 1024,
} as const;

/** Queue feature flags, set 1 (portal spec §6). EditRoutedForApprovalDocuments is the sign bit. */
export const FEATURES1 = {
  SmartQueue: 1,
  OptInWorkflow: 2,
  AutoApproveOnAutoLink: 4,
  PromptToApproveOnAutoLink: 8,
  RouteToNoteRequired: 16,
  RouteFromNoteRequired: 32,
  ApproveToNoteRequired: 64,
  ApproveFromNoteRequired: 128,
  RejectToNoteRequired: 256,
  RejectFromNoteRequired: 512,
  AutoApproveOnSubmit: 1024,
  PromptToApproveOnSubmit: 2048,
  NoImporting: 4096,
  AllowNewGLCodingDocument: 8192,
  AllowGLCodingSubmit: 16384,
  BlockGLCodingEdit: 32768,
  WarnApproveUnlinked: 65536,
  WarnRouteUnlinked: 131072,
  WarnApproveUnsubmitted: 262144,
  WarnRouteUnsubmitted: 524288,
  BlockApproveUnlinked: 1048576,
  BlockRouteUnlinked: 2097152,
  BlockApproveUnsubmitted: 4194304,
  BlockRouteUnsubmitted: 8388608,
  BlockApproveFromQueue: 16777216,
  WorkflowRoute: 33554432,
  WorkflowRouteRequired: 67108864,
  WorkflowRouteRemoveApproversFromList: 134217728,
  WorkflowRouteSendRejectBackToRequester: 268435456,
  WorkflowDisallowEasyApproval: 536870912,
  WorkflowSkipOnAutoroute: 1073741824,
  EditRoutedForApprovalDocuments: -2147483648,
} as const;

/**
 * Queue feature flags, set 2 (portal spec §6). AutoApproveOnLink and PromptToApproveOnLink are
 * ours: the spec's OnLink event carries Approve but names no bit for it, so it takes the next
 * free bits of this set (docs/UX-DECISIONS.md "OnLink"); its LaunchRecord is LaunchRecordAfterDocumentLink.
 * IncludeInAutoRoute is ours too: the spec lists the queue setting but gives it no bit
 * (docs/UX-DECISIONS.md "Send for approval").
 */
export const FEATURES2 = {
  LaunchRecordAfterDocumentLink: 1,
  LinkOnApprovalRequired: 2,
  RestrictToDataAreaId: 4,
  AutoApproveOnLink: 8,
  PromptToApproveOnLink: 16,
  IncludeInAutoRoute: 32,
} as const;
