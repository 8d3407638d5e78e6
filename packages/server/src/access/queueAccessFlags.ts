import { WORKFLOW_PERMS, decodeBits, encodeBits } from '@datahaven/core/model';

/**
 * The 28 queue access flags of portal spec §3, in spec order; flag n is bit 2^n of the stored
 * access bit sets (`queues.default_access`, `queue_user_access.access`, `queue_group_access.access`).
 * The order is part of the database contract: append, never reorder.
 */
export const QUEUE_ACCESS_FLAGS = {
  BrowseToQueue: 1 << 0,
  AccessDocumentWithin: 1 << 1,
  SearchWithin: 1 << 2,
  ViewDocumentsWithin: 1 << 3,
  ChangeDescription: 1 << 4,
  ChangeUserString1: 1 << 5,
  ChangeUserDate1: 1 << 6,
  ChangeAnnotations: 1 << 7,
  UnlinkDocument: 1 << 8,
  ChangeSubtype: 1 << 9,
  LinkDocument: 1 << 10,
  AddPages: 1 << 11,
  ReplaceDocument: 1 << 12,
  Unmigrate: 1 << 13,
  ReplacePage: 1 << 14,
  Copy: 1 << 15,
  Cut: 1 << 16,
  Paste: 1 << 17,
  Delete: 1 << 18,
  Split: 1 << 19,
  SplitAdvanced: 1 << 20,
  Merge: 1 << 21,
  MoveToOtherDatabase: 1 << 22,
  CopyToOtherDatabase: 1 << 23,
  Route: 1 << 24,
  Reject: 1 << 25,
  Approve: 1 << 26,
  ReceiveNotificationsFor: 1 << 27,
} as const;

/** A queue access flag name (portal spec §3). */
export type QueueAccessFlag = keyof typeof QUEUE_ACCESS_FLAGS;

/** Every queue access flag set: the bit set of a full-access membership. */
export const ALL_QUEUE_ACCESS = Object.values(QUEUE_ACCESS_FLAGS).reduce((all, bit) => all | bit, 0);

/** Packs named queue access flags into the stored bit set. */
export function encodeQueueAccess(flags: readonly QueueAccessFlag[]): number {
  return encodeBits(QUEUE_ACCESS_FLAGS, Object.fromEntries(flags.map((flag) => [flag, true])));
}

/** Expands a stored access bit set into one boolean per queue access flag. */
export function decodeQueueAccess(access: number): Record<QueueAccessFlag, boolean> {
  return decodeBits(QUEUE_ACCESS_FLAGS, access);
}

/**
 * Which queue access flags grant each workflow permission bit (portal §6); a permission is set
 * when any of its flags is. Ours: the spec names both sets but not the mapping.
 */
export const WORKFLOW_PERM_SOURCES: Readonly<Record<keyof typeof WORKFLOW_PERMS, readonly QueueAccessFlag[]>> = {
  accessDocs: ['AccessDocumentWithin'],
  searchWithin: ['SearchWithin'],
  viewDocsWithin: ['ViewDocumentsWithin'],
  editDocData: ['ChangeDescription', 'ChangeUserString1', 'ChangeUserDate1', 'ChangeAnnotations', 'ChangeSubtype'],
  editDocLinkingData: ['LinkDocument', 'UnlinkDocument'],
  otherMaintenance: ['AddPages', 'ReplaceDocument', 'ReplacePage', 'Delete', 'Split', 'SplitAdvanced', 'Merge', 'Copy', 'Cut', 'Paste'],
  route: ['Route'],
  reject: ['Reject'],
  approve: ['Approve'],
  receiveNotificationsFor: ['ReceiveNotificationsFor'],
};

/** The workflowPerms bitmask (portal §6) an effective queue access bit set grants. */
export function workflowPermsFromAccess(access: number): number {
  let perms = 0;
  for (const [perm, flags] of Object.entries(WORKFLOW_PERM_SOURCES) as [keyof typeof WORKFLOW_PERMS, readonly QueueAccessFlag[]][]) {
    if (flags.some((flag) => (access & QUEUE_ACCESS_FLAGS[flag]) !== 0)) perms |= WORKFLOW_PERMS[perm];
  }
  return perms;
}
