import { WORKFLOW_PERMS, type DmsDocument, type DocumentAccess, type QueueDocumentsPage, type WorkflowQueue } from '../../../../model';
import { testDocument, type FakeRoute, type RecordedRequest } from '../../../test/renderApp';

/** An approver's workflowPerms: access, approve, reject, route. */
export const APPROVER_PERMS = WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject | WORKFLOW_PERMS.route;

/** 'Approval L1' (id 12, approve-to 13, reject-to 15) with the approver's perms, changed by `fields`. */
export function approvalQueue(fields: Partial<WorkflowQueue> = {}): WorkflowQueue {
  return {
    id: 12,
    name: 'Approval L1',
    enabled: true,
    queueTypeId: 1,
    queueTypeName: 'AP Invoices',
    documentCount: 3,
    features1: 0,
    features2: 0,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: 13,
    rejectToQueueId: 15,
    workflowPerms: APPROVER_PERMS,
    ...fields,
  };
}

/** A linked document in `queue` (row version id × 10). */
export function queuedDocument(id: number, name: string, queue: WorkflowQueue, fields: Partial<DmsDocument> = {}): DmsDocument {
  return testDocument({
    id,
    name,
    rowVersion: id * 10,
    workflowPerms: APPROVER_PERMS,
    hasAvailableRoutes: true,
    queueName: queue.name,
    queue: {
      id: queue.id,
      name: queue.name,
      queueTypeId: queue.queueTypeId,
      queueTypeName: queue.queueTypeName,
      features1: queue.features1,
      features2: queue.features2,
    },
    link: { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 1 },
    ...fields,
  });
}

/** Access flags allowing the decisions and taking a lock. */
export const DECISION_ACCESS: DocumentAccess = {
  merge: false,
  renewLock: false,
  createLock: true,
  unlock: false,
  route: true,
  approve: true,
  reject: true,
  split: false,
  viewFileData: true,
  exportFileData: true,
  changeSubtype: false,
  delete: false,
  readNotes: true,
  readDetails: true,
  reapplyName: false,
  email: false,
  link: false,
  unlink: false,
};

/** Fake web services for one queue whose documents the test changes; documents 1–40 answer `access`. */
export function queueServices(
  queue: WorkflowQueue,
  documents: () => DmsDocument[],
  access: DocumentAccess = DECISION_ACCESS,
): Record<string, FakeRoute> {
  const routes: Record<string, FakeRoute> = {
    'GET /api/options': () => [],
    'GET /api/workflow-root': () => ({
      queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: documents().length, queues: [queue] }],
    }),
    [`GET /api/queues/${queue.id}/workflow`]: (request: RecordedRequest): QueueDocumentsPage => {
      const skip = Number(request.search.get('skip') ?? 0);
      const take = Number(request.search.get('take') ?? 30);
      const all = documents();
      return { queue, documents: all.slice(skip, skip + take), total: all.length, skip, take };
    },
  };
  for (let id = 1; id <= 40; id++) routes[`GET /api/documents/${id}/access`] = () => access;
  return routes;
}

// Rows and cells are read through their roles with querySelectorAll: getAllByRole over a Fluent tree costs seconds in jsdom.
/** The grid's document rows. */
export const dataRows = (grid: HTMLElement): HTMLElement[] => [...grid.querySelectorAll<HTMLElement>('tbody tr')];
const firstCell = (row: HTMLElement): string => row.querySelector('[role="gridcell"]')?.textContent ?? '';
/** The grid's document names in order. */
export const rowNames = (grid: HTMLElement): string[] => dataRows(grid).map(firstCell);
/** The selected rows' names. */
export const selectedNames = (grid: HTMLElement): string[] =>
  dataRows(grid)
    .filter((row) => row.getAttribute('aria-selected') === 'true')
    .map(firstCell);

/** Queries inside a modal dialog include hidden elements: tabster marks the dialog aria-hidden in jsdom (no layout). */
export const IN_DIALOG = { hidden: true } as const;
