import { queueMembershipSet } from './queueMembershipSet';

/** `GroupWorkflowQueueMembership` (key GroupId, WorkflowQueueId): a group's queue access. */
export const groupMembershipSet = queueMembershipSet({
  setName: 'GroupWorkflowQueueMembership',
  entityType: 'GroupWorkflowQueueMembership',
  property: 'GroupId',
  column: 'group_id',
  table: 'queue_group_access',
  withFrom: false,
});
