import { otherUserLockAvailability } from '@datahaven/core/rules';
import type { LockBlockedAction } from '@datahaven/core/rules';
import type { DocumentAccess, LockAction, LockOwner, PrivilegeName } from '@datahaven/core/model';
import { queueActionAllowed } from './queueActionPolicy';
import type { QueueAction } from './queueActionPolicy';

/** The privileges the access flags depend on. */
export const ACCESS_PRIVILEGES: readonly PrivilegeName[] = [
  'Cabinet: Delete',
  'Cabinet: Email',
  'Cabinet: Export Documents',
  'Cabinet: Split Document',
  'Notes: View Only',
  'Notes: View Admin',
  'Dynamics: Change Document Subtype',
  'Dynamics: Reapply Document Name',
  'Dynamics: Link to Existing',
  'Dynamics: Break Link',
  'Workflow: Approve',
  'Workflow: Reject',
  'Workflow Route: OK',
];

/** What the workflow flags of a document's access read: its queue access and live lock. */
export interface DocumentWorkflowState {
  /** Whether the document is in a queue. */
  inQueue: boolean;
  /** The caller's effective access bit set on the document's queue (0 when in none). */
  queueAccess: number;
  /** Who holds the document's live lock (judged by the database clock). */
  lockOwner: LockOwner;
  /** A security manager may release another user's lock. */
  isManager: boolean;
  /** The queue is OptInWorkflow: its locks are taken, not renewed, and only a security manager releases them. */
  optIn: boolean;
}

/** The privilege each workflow action needs besides the queue flag (as PUT /documents/approval|reject|route checks). */
const WORKFLOW_ACTION_PRIVILEGE: Readonly<Record<'route' | 'approve' | 'reject', PrivilegeName>> = {
  route: 'Workflow Route: OK',
  approve: 'Workflow: Approve',
  reject: 'Workflow: Reject',
};

/**
 * Lock actions by lock state, as POST / PUT / DELETE /api/locks judge them (workflow/documentLocker):
 * taking and renewing a lock need a document in a queue where the caller may act (the queue
 * policy's `lock`: AccessDocumentWithin and a flag besides the read-only ones; issue 35, finding 4),
 * a document nobody holds may be locked and the holder may renew; the holder releases their own
 * lock; a security manager releases any lock. In an OptInWorkflow queue (portal §4) locks are not
 * renewed and only a security manager releases one: they expire. The client's core
 * effectiveLockAccess keeps these flags as they are.
 */
function lockActionAllowed(action: LockAction, state: DocumentWorkflowState): boolean {
  if (!state.inQueue) return false;
  const mayAct = queueActionAllowed('lock', state.queueAccess);
  if (action === 'createLock') return state.lockOwner === 'none' && mayAct;
  if (action === 'renewLock') return state.lockOwner === 'self' && mayAct && !state.optIn;
  if (state.isManager) return state.lockOwner !== 'none';
  return state.lockOwner === 'self' && !state.optIn;
}

/**
 * Access flags of a document the caller can see. Route, approve and reject come from the queue
 * access flags; split, merge and delete, in a queue, need its Split and SplitAdvanced / Merge /
 * Delete flags; another user's live lock turns off the actions it blocks (core otherUserLock rule);
 * change subtype and reapply name need a link and their privilege (change subtype also the
 * queue's ChangeSubtype flag when in a queue); flags for actions this server does not offer yet
 * are false, so the client never offers a button the server would refuse; link and unlink need
 * their Dynamics privilege, the link state, the queue's LinkDocument / UnlinkDocument flag and
 * no other user's lock (RestrictToDataAreaId depends on the record picked, so the call judges it).
 */
export function presentDocumentAccess(
  privileges: ReadonlyMap<PrivilegeName, boolean>,
  document: { splittable: boolean; pdf: boolean; linked: boolean },
  workflow: DocumentWorkflowState,
): DocumentAccess {
  const has = (name: PrivilegeName): boolean => privileges.get(name) === true;
  const notBlockedByLock = (action: LockBlockedAction): boolean =>
    otherUserLockAvailability(action, [{ userLock: workflow.lockOwner }]).allowed;
  const queueAllows = (action: 'route' | 'approve' | 'reject'): boolean =>
    workflow.inQueue &&
    has(WORKFLOW_ACTION_PRIVILEGE[action]) &&
    queueActionAllowed(action, workflow.queueAccess) &&
    notBlockedByLock(action);
  // Page work, delete and links, in a queue, need what THE queue policy says, as the commands check it.
  const queueGrantsAll = (action: QueueAction): boolean => !workflow.inQueue || queueActionAllowed(action, workflow.queueAccess);
  return {
    // Merge writes a note on every source, so another user's lock refuses it (core's LockBlockedAction has no 'merge').
    merge: document.pdf && has('Cabinet: Split Document') && queueGrantsAll('merge') && workflow.lockOwner !== 'other',
    renewLock: lockActionAllowed('renewLock', workflow),
    createLock: lockActionAllowed('createLock', workflow),
    unlock: lockActionAllowed('unlock', workflow),
    route: queueAllows('route'),
    approve: queueAllows('approve'),
    reject: queueAllows('reject'),
    // The split dialog's page splits (POST …/split) need the queue's Split; the visual split tool and
    // named parts (recombination) need SplitAdvanced as well, reported as `splitAdvanced` (ours).
    split: document.splittable && has('Cabinet: Split Document') && queueGrantsAll('split') && notBlockedByLock('split'),
    splitAdvanced: document.splittable && has('Cabinet: Split Document') && queueGrantsAll('splitAdvanced') && notBlockedByLock('split'),
    viewFileData: true,
    exportFileData: has('Cabinet: Export Documents'),
    // The subtypes to choose from are the linked table's; in a queue the queue must grant ChangeSubtype.
    changeSubtype:
      document.linked &&
      has('Dynamics: Change Document Subtype') &&
      (!workflow.inQueue || queueActionAllowed('changeSubtype', workflow.queueAccess)) &&
      notBlockedByLock('changeSubtype'),
    delete: has('Cabinet: Delete') && queueGrantsAll('delete') && notBlockedByLock('delete'),
    readNotes: has('Notes: View Only') || has('Notes: View Admin'),
    readDetails: true,
    // Only a linked document can be (re)named (embedded §7).
    reapplyName: document.linked && has('Dynamics: Reapply Document Name'),
    email: has('Cabinet: Email'),
    // As POST / DELETE /documents/{id}/link check them (linking/documentLinker, documentUnlinker):
    // the privilege, the link state, the queue's LinkDocument / UnlinkDocument and no other user's lock.
    // A linked document may be linked on (its link replaced) by who could break that link (mayReplaceLink).
    link:
      has('Dynamics: Link to Existing') &&
      queueGrantsAll('link') &&
      (!document.linked || (has('Dynamics: Break Link') && queueGrantsAll('unlink'))) &&
      notBlockedByLock('link'),
    unlink: document.linked && has('Dynamics: Break Link') && queueGrantsAll('unlink') && notBlockedByLock('unlink'),
  };
}
