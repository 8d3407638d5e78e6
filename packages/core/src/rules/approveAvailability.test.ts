import { FEATURES1, FEATURES2, WORKFLOW_PERMS, type DocumentLink, type DocumentQueue, type WorkflowModifiers } from '../model';
import { approveAvailability, type ApproveDocument } from './approveAvailability';
import { MESSAGES } from './messages';

const link: DocumentLink = { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 1 };
const modifiers: WorkflowModifiers = {
  approvalRouteRequired: false,
  blockApproveUnlinked: false,
  noRoutes: false,
  blockRouteUnlinked: false,
  warnRouteUnlinked: false,
  quickLink: false,
};
const queue = (features1 = 0): DocumentQueue => ({ id: 7, name: 'Approval L1', queueTypeName: 'AP', features1, features2: 0 });
const doc = (patch: Partial<ApproveDocument> = {}): ApproveDocument => ({
  userLock: 'none',
  workflowPerms: WORKFLOW_PERMS.approve,
  link,
  queue: queue(),
  workflowModifiers: modifiers,
  hasAvailableRoutes: true,
  hasApprovalRoutes: true,
  ...patch,
});
const view = { taggingMode: false };

describe('approveAvailability', () => {
  it('allows approving linked documents in an ordinary queue', () => {
    expect(approveAvailability([doc(), doc()], view)).toEqual({ allowed: true, warning: null });
  });

  it('approve is blocked by BlockApproveFromQueue', () => {
    expect(approveAvailability([doc(), doc({ queue: queue(FEATURES1.BlockApproveFromQueue) })], view)).toEqual({
      allowed: false,
      reason: 'blockedFromQueue',
      message: MESSAGES.approveBlockedFromQueue,
    });
  });

  it('approve is blocked by a quick-link document in a multi-selection', () => {
    const quick = doc({ workflowModifiers: { ...modifiers, quickLink: true } });
    expect(approveAvailability([quick], view).allowed).toBe(true);
    expect(approveAvailability([quick, doc()], view)).toEqual({
      allowed: false,
      reason: 'quickLinkMultiSelection',
      message: 'Multiple documents were selected for Quick Link in a Quick Link queue.',
    });
  });

  it('approve is blocked in tagging mode', () => {
    expect(approveAvailability([doc()], { taggingMode: true })).toMatchObject({ allowed: false, reason: 'taggingMode' });
  });

  it('approve is blocked unlinked when BlockApproveUnlinked (feature or modifier)', () => {
    const byFeature = doc({ link: null, queue: queue(FEATURES1.BlockApproveUnlinked) });
    expect(approveAvailability([byFeature], view)).toEqual({ allowed: false, reason: 'linkRequired', message: 'Document Link Required' });
    const byModifier = doc({ link: null, workflowModifiers: { ...modifiers, blockApproveUnlinked: true } });
    expect(approveAvailability([doc(), byModifier], view)).toEqual({
      allowed: false,
      reason: 'linkRequired',
      message: 'Linked Documents Required',
    });
    expect(approveAvailability([doc({ queue: queue(FEATURES1.BlockApproveUnlinked) })], view).allowed).toBe(true);
  });

  it('approve is blocked unlinked when the queue requires the link on approval (LinkOnApprovalRequired)', () => {
    const linkOnApproval: DocumentQueue = { ...queue(), features2: FEATURES2.LinkOnApprovalRequired };
    expect(approveAvailability([doc({ link: null, queue: linkOnApproval })], view)).toEqual({
      allowed: false,
      reason: 'linkRequired',
      message: 'Document Link Required',
    });
    expect(approveAvailability([doc({ queue: linkOnApproval }), doc({ link: null, queue: linkOnApproval })], view)).toMatchObject({
      message: 'Linked Documents Required',
    });
    expect(approveAvailability([doc({ queue: linkOnApproval })], view)).toEqual({ allowed: true, warning: null });
    const quick = doc({ link: null, queue: linkOnApproval, workflowModifiers: { ...modifiers, quickLink: true } });
    expect(approveAvailability([quick], view).allowed).toBe(true);
  });

  it('approve is blocked without approval routes when WorkflowRouteRequired or approvalRouteRequired', () => {
    const byFeature = doc({ hasApprovalRoutes: false, queue: queue(FEATURES1.WorkflowRouteRequired) });
    expect(approveAvailability([byFeature], view)).toEqual({
      allowed: false,
      reason: 'approvalRoutesRequired',
      message: 'Approval Routes Required',
    });
    const byModifier = doc({ hasApprovalRoutes: false, workflowModifiers: { ...modifiers, approvalRouteRequired: true } });
    expect(approveAvailability([byModifier], view)).toMatchObject({ allowed: false, reason: 'approvalRoutesRequired' });
    expect(approveAvailability([doc({ hasApprovalRoutes: false })], view).allowed).toBe(true);
  });

  it('approve warns about unlinked documents when WarnApproveUnlinked', () => {
    expect(approveAvailability([doc({ link: null, queue: queue(FEATURES1.WarnApproveUnlinked) })], view)).toEqual({
      allowed: true,
      warning: MESSAGES.unlinkedDocumentWarning,
    });
    expect(approveAvailability([doc({ queue: queue(FEATURES1.WarnApproveUnlinked) })], view)).toEqual({ allowed: true, warning: null });
    expect(approveAvailability([doc({ link: null })], view)).toEqual({ allowed: true, warning: null });
  });

  it("approve is blocked by another user's lock", () => {
    expect(approveAvailability([doc(), doc({ userLock: 'other' })], view)).toEqual({
      allowed: false,
      reason: 'lockedByOther',
      message: 'The document has been locked by another user.',
    });
    expect(approveAvailability([doc({ userLock: 'self' })], view).allowed).toBe(true);
  });

  it('approve needs the approve workflow permission on every document', () => {
    expect(approveAvailability([doc(), doc({ workflowPerms: WORKFLOW_PERMS.route | WORKFLOW_PERMS.reject })], view)).toMatchObject({
      allowed: false,
      reason: 'notPermitted',
    });
  });

  it('approve needs a selection', () => {
    expect(approveAvailability([], view)).toMatchObject({ allowed: false, reason: 'noSelection' });
  });
});
