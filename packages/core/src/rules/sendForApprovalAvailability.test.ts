import { FEATURES1, FEATURES2, WORKFLOW_PERMS } from '../model';
import { sendForApprovalOffered } from './sendForApprovalAvailability';

const queue = (id: number, features1 = 0, features2 = 0) => ({ id, name: `Q${id}`, queueTypeName: 'AP', features1, features2 });
const doc = (q: ReturnType<typeof queue> | null, perms: number = WORKFLOW_PERMS.route, routes = true) => ({
  queue: q,
  workflowPerms: perms,
  hasAvailableRoutes: routes,
});

describe('sendForApprovalOffered', () => {
  it('offers it for documents of one queue the caller may route out of', () => {
    expect(sendForApprovalOffered([doc(queue(1)), doc(queue(1))])).toBe(true);
    // A queue the auto-route passes over (Coding) is still a place to send from.
    expect(sendForApprovalOffered([doc(queue(2, FEATURES1.WorkflowSkipOnAutoroute, FEATURES2.IncludeInAutoRoute))])).toBe(true);
  });

  it('does not offer it outside workflow, across queues, without the route bit or a route, or where the auto-route stops', () => {
    expect(sendForApprovalOffered([])).toBe(false);
    expect(sendForApprovalOffered([doc(null)])).toBe(false);
    expect(sendForApprovalOffered([doc(queue(1)), doc(queue(2))])).toBe(false);
    expect(sendForApprovalOffered([doc(queue(1), WORKFLOW_PERMS.approve)])).toBe(false);
    expect(sendForApprovalOffered([doc(queue(1), WORKFLOW_PERMS.route, false)])).toBe(false);
    expect(sendForApprovalOffered([doc(queue(3, 0, FEATURES2.IncludeInAutoRoute))])).toBe(false);
    // A queue that approves or rejects to somewhere takes the decision itself.
    expect(sendForApprovalOffered([doc(queue(1))], { approveToQueueId: 4, rejectToQueueId: null })).toBe(false);
    expect(sendForApprovalOffered([doc(queue(1))], { approveToQueueId: null, rejectToQueueId: null })).toBe(true);
  });
});
