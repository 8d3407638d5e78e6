import { directUserMembershipSet } from './directUserMembershipSet';
import { documentsSet } from './documentsSet';
import { effectiveUserMembershipSet } from './effectiveUserMembershipSet';
import type { Viewer } from '../../access';
import type { ErpDeps } from '../../erp';
import type { EntitySetDefinition } from '../../http/odata/EntitySetDefinition';
import { groupMembershipSet } from './groupMembershipSet';
import { workflowDelegatesSet } from './workflowDelegatesSet';
import { workflowQueueTypesSet } from './workflowQueueTypesSet';
import { workflowQueuesSet } from './workflowQueuesSet';
import { workflowRoutesSet } from './workflowRoutesSet';

/** The entity sets of the data service (portal §3, §7): the workflow sets and Documents, in $metadata order. */
export function workflowEntitySets(deps: ErpDeps): EntitySetDefinition<Viewer>[] {
  return [
    workflowQueueTypesSet,
    workflowQueuesSet,
    workflowRoutesSet,
    workflowDelegatesSet,
    directUserMembershipSet,
    effectiveUserMembershipSet,
    groupMembershipSet,
    documentsSet(deps),
  ];
}
