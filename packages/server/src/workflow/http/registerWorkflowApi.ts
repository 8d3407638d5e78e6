import type { FastifyInstance } from 'fastify';
import type { ErpDeps } from '../../erp';
import { registerApprovalRoutes } from './approvalRoutes';
import { registerErpStatusRoutes } from './erpStatusRoutes';
import { registerDuplicateRoutes } from './duplicateRoutes';
import { registerHistoryExportRoutes } from './historyExportRoutes';
import { registerLockRoutes } from './lockRoutes';
import { registerQueueExportRoutes } from './queueExportRoutes';
import { registerSendForApprovalRoutes } from './sendForApprovalRoutes';
import { registerSubmitRoutes } from './submitRoutes';
import { registerWorkflowRoutes } from './workflowRoutes';
import { registerWorkflowStructureRoutes } from './workflowStructureRoutes';

/** Registers the workflow module's /api routes: queues and decisions: the workflow structure, queue listings, approve / reject / route, send for approval, locks, approval lists, possible duplicates, and the queue list and approval history as spreadsheets. */
export function registerWorkflowApi(api: FastifyInstance, deps: ErpDeps): void {
  registerWorkflowRoutes(api, deps);
  registerSubmitRoutes(api, deps);
  registerSendForApprovalRoutes(api, deps);
  registerWorkflowStructureRoutes(api, deps);
  registerLockRoutes(api, deps);
  registerApprovalRoutes(api, deps);
  registerErpStatusRoutes(api, deps);
  registerDuplicateRoutes(api, deps);
  registerQueueExportRoutes(api, deps);
  registerHistoryExportRoutes(api, deps);
}
