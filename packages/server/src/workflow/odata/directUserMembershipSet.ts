import { queueMembershipSet } from './queueMembershipSet';

/** `DirectUserWorkflowQueueMembership` (key UserId, WorkflowQueueId): a user's own queue access; From is always null. */
export const directUserMembershipSet = queueMembershipSet({
  setName: 'DirectUserWorkflowQueueMembership',
  entityType: 'DirectUserWorkflowQueueMembership',
  property: 'UserId',
  column: 'user_id',
  table: 'queue_user_access',
  withFrom: true,
});
