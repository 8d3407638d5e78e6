import { FEATURES1, type DocumentLink, type DocumentQueue, type WorkflowModifiers } from '../model';
import { approveRoutingBlock, linkRequiredMessage, routeRoutingBlock, type RoutingBlockDocument } from './routingBlocks';

const link: DocumentLink = { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 1 };
const modifiers: WorkflowModifiers = {
  approvalRouteRequired: false,
  blockApproveUnlinked: false,
  noRoutes: false,
  blockRouteUnlinked: false,
  warnRouteUnlinked: false,
  quickLink: false,
};
const queue = (features1 = 0): DocumentQueue => ({ id: 1, name: 'Inbox', queueTypeName: 'AP', features1, features2: 0 });
const doc = (patch: Partial<RoutingBlockDocument> = {}): RoutingBlockDocument => ({
  link,
  queue: queue(),
  workflowModifiers: modifiers,
  hasAvailableRoutes: true,
  hasApprovalRoutes: true,
  ...patch,
});

describe('routing block messages', () => {
  it("'Document Link Required' for one document, 'Linked Documents Required' for several", () => {
    expect(linkRequiredMessage(1)).toBe('Document Link Required');
    expect(linkRequiredMessage(2)).toBe('Linked Documents Required');
  });

  it("route shows 'No Routes Available' before the link block", () => {
    const unlinkedNoRoutes = doc({ link: null, hasAvailableRoutes: false, queue: queue(FEATURES1.BlockRouteUnlinked) });
    expect(routeRoutingBlock([unlinkedNoRoutes])).toEqual({ reason: 'noRoutes', message: 'No Routes Available' });
    expect(routeRoutingBlock([doc({ link: null, queue: queue(FEATURES1.BlockRouteUnlinked) })])).toEqual({
      reason: 'linkRequired',
      message: 'Document Link Required',
    });
    expect(routeRoutingBlock([doc()])).toBeNull();
  });

  it("approve shows the link block, then 'Approval Routes Required'", () => {
    const both = doc({
      link: null,
      hasApprovalRoutes: false,
      queue: queue(FEATURES1.BlockApproveUnlinked | FEATURES1.WorkflowRouteRequired),
    });
    expect(approveRoutingBlock([both, doc()])).toEqual({ reason: 'linkRequired', message: 'Linked Documents Required' });
    expect(approveRoutingBlock([doc({ hasApprovalRoutes: false, queue: queue(FEATURES1.WorkflowRouteRequired) })])).toEqual({
      reason: 'approvalRoutesRequired',
      message: 'Approval Routes Required',
    });
    expect(approveRoutingBlock([doc({ hasApprovalRoutes: false })])).toBeNull();
  });

  it("a routing block ignores the other action's features", () => {
    expect(routeRoutingBlock([doc({ link: null, queue: queue(FEATURES1.BlockApproveUnlinked) })])).toBeNull();
    expect(approveRoutingBlock([doc({ link: null, queue: queue(FEATURES1.BlockRouteUnlinked) })])).toBeNull();
  });
});
