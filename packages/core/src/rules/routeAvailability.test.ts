import { FEATURES1, WORKFLOW_PERMS, type DocumentLink, type DocumentQueue, type WorkflowModifiers } from '../model';
import { MESSAGES } from './messages';
import { allInOneQueue, routeAvailability, type RouteDocument } from './routeAvailability';

const link: DocumentLink = { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 1 };
const modifiers: WorkflowModifiers = {
  approvalRouteRequired: false,
  blockApproveUnlinked: false,
  noRoutes: false,
  blockRouteUnlinked: false,
  warnRouteUnlinked: false,
  quickLink: false,
};
const queue = (id = 3, features1 = 0): DocumentQueue => ({ id, name: 'Coding', queueTypeName: 'AP', features1, features2: 0 });
const doc = (patch: Partial<RouteDocument> = {}): RouteDocument => ({
  userLock: 'none',
  workflowPerms: WORKFLOW_PERMS.route,
  link,
  queue: queue(),
  workflowModifiers: modifiers,
  hasAvailableRoutes: true,
  hasApprovalRoutes: false,
  ...patch,
});
const view = { taggingMode: false };

describe('routeAvailability', () => {
  it('allows routing documents of one queue with routes available', () => {
    expect(routeAvailability([doc(), doc()], view)).toEqual({ allowed: true, warning: null });
  });

  it('route needs all documents in one queue', () => {
    expect(routeAvailability([doc(), doc({ queue: queue(4) })], view)).toEqual({
      allowed: false,
      reason: 'differentQueues',
      message: MESSAGES.documentsInDifferentQueues,
    });
    expect(routeAvailability([doc(), doc({ queue: null })], view)).toMatchObject({ allowed: false, reason: 'differentQueues' });
  });

  it("route needs available routes ('No Routes Available')", () => {
    const expected = { allowed: false, reason: 'noRoutes', message: 'No Routes Available' };
    expect(routeAvailability([doc(), doc({ hasAvailableRoutes: false })], view)).toEqual(expected);
    expect(routeAvailability([doc({ workflowModifiers: { ...modifiers, noRoutes: true } })], view)).toEqual(expected);
    expect(routeAvailability([doc({ queue: null })], view)).toEqual(expected);
  });

  it('route is blocked unlinked when BlockRouteUnlinked (feature or modifier)', () => {
    expect(routeAvailability([doc({ link: null, queue: queue(3, FEATURES1.BlockRouteUnlinked) })], view)).toEqual({
      allowed: false,
      reason: 'linkRequired',
      message: 'Document Link Required',
    });
    const byModifier = doc({ link: null, workflowModifiers: { ...modifiers, blockRouteUnlinked: true } });
    expect(routeAvailability([doc(), byModifier], view)).toEqual({
      allowed: false,
      reason: 'linkRequired',
      message: 'Linked Documents Required',
    });
    expect(routeAvailability([doc({ link: null })], view).allowed).toBe(true);
  });

  it('route warns about unlinked documents when warnRouteUnlinked', () => {
    const expected = { allowed: true, warning: MESSAGES.unlinkedDocumentWarning };
    expect(routeAvailability([doc({ link: null, workflowModifiers: { ...modifiers, warnRouteUnlinked: true } })], view)).toEqual(expected);
    expect(routeAvailability([doc({ link: null, queue: queue(3, FEATURES1.WarnRouteUnlinked) })], view)).toEqual(expected);
    expect(routeAvailability([doc({ queue: queue(3, FEATURES1.WarnRouteUnlinked) })], view)).toEqual({ allowed: true, warning: null });
  });

  it('route is blocked in tagging mode', () => {
    expect(routeAvailability([doc()], { taggingMode: true })).toMatchObject({ allowed: false, reason: 'taggingMode' });
  });

  it("route is blocked by another user's lock", () => {
    expect(routeAvailability([doc({ userLock: 'other' })], view)).toMatchObject({ allowed: false, reason: 'lockedByOther' });
  });

  it('route needs the route workflow permission', () => {
    expect(routeAvailability([doc({ workflowPerms: WORKFLOW_PERMS.approve })], view)).toMatchObject({
      allowed: false,
      reason: 'notPermitted',
    });
  });
});

describe('allInOneQueue', () => {
  it('is true only when every document has the same queue id', () => {
    expect(allInOneQueue([{ queue: queue(1) }, { queue: queue(1) }])).toBe(true);
    expect(allInOneQueue([{ queue: queue(1) }, { queue: queue(2) }])).toBe(false);
    expect(allInOneQueue([{ queue: null }])).toBe(false);
    expect(allInOneQueue([])).toBe(false);
  });
});
