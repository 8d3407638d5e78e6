import type { DEFAULT_DOCUMENT_LIST_COLUMNS } from '../model';
import { pluralFor } from './plural';

const plural = pluralFor('en');

/** "1 document", "3 documents". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'document', other: 'documents' })}`;

/** The workflow screens: queue lists, a queue's documents and its toolbar, Route to, approval lists and the lock panel. */
export const WORKFLOW_TEXT = {
  documentCount: documents,

  // Queue lists (the root, a queue type's queues, the slim list)
  workflow: 'Workflow',
  queues: 'Queues',
  queueType: 'Queue type',
  queueTypes: 'Queue types',
  queue: 'Queue',
  /** A list of queues named after their type: "AP Invoices queues". */
  queuesOf: (typeName: string): string => `${typeName} queues`,
  breadcrumb: 'Breadcrumb',
  filterQueues: 'Filter queues',
  hideEmptyQueues: 'Hide empty queues',
  noQueues: 'No queues to show.',
  loadingQueues: 'Loading queues…',
  noQueuesToOpen: 'There are no queues here that you may open.',
  /** A queue type's link as screen readers read it: "AP Invoices, 3 documents". */
  queueTypeLink: (name: string, count: number): string => `${name}, ${documents(count)}`,
  /** A queue's link, the name first for the browser tests: "AP Approval, 3 documents, disabled". */
  queueLink: (name: string, count: number, enabled: boolean): string => `${name}, ${documents(count)}${enabled ? '' : ', disabled'}`,

  // A queue's documents
  filterDocuments: 'Filter documents',
  columnsMenu: 'Columns',
  columnsShown: 'Columns shown',
  resetColumns: 'Reset columns',
  /** The grid's own column and cell texts (other column titles come from the option 'Workflow Document List Columns'). */
  columns: { name: 'Name', linked: 'Linked', yes: 'Yes', no: 'No' },
  /**
   * The titles of the option's default columns (DEFAULT_DOCUMENT_LIST_COLUMNS) in this language,
   * by key: shown while a column keeps its default title; a title an administrator wrote stays as written.
   */
  defaultColumnTitles: {
    name: 'Name',
    vendor: 'Vendor',
    invoiceNumber: 'Invoice No.',
    amount: 'Amount',
    dueDate: 'Due date',
    invoiceDate: 'Invoice date',
    cashDiscountDate: 'Discount until',
    daysInQueue: 'Days in queue',
    lockHolder: 'Locked by',
    noteCount: 'Notes',
    queueName: 'Queue',
    createdAt: 'Created',
  } satisfies Record<(typeof DEFAULT_DOCUMENT_LIST_COLUMNS)[number]['key'], string>,
  resizeColumn: (title: string): string => `Resize ${title}`,
  approvalList: 'Approval list',
  /** Why the Approval list button is off. */
  approvalListHint: 'Select one document in a queue that uses approval lists.',
  previous: 'Previous',
  next: 'Next',
  queueStatus: 'Queue status',
  loadedOf: (loaded: number, total: number): string => `${loaded} of ${total} loaded`,
  documentsOf: (queueName: string): string => `${queueName} documents`,
  /** The empty state of a queue. */
  noDocuments: 'No documents in this queue',
  /** The queue's filter found nothing (the queue itself is not empty): 'No documents match "V40000" in this queue'. */
  noDocumentsMatch: (filter: string): string => `No documents match "${filter}" in this queue`,
  /** What the viewer pane says when not exactly one document is selected. */
  selectOne: 'Select one document to view it here.',
  workflowActions: 'Workflow actions',
  /** The toolbar's buttons, named as the browser tests find them. */
  commands: {
    approve: 'Approve',
    reject: 'Reject',
    route: 'Route',
    createLock: 'Lock',
    renewLock: 'Renew lock',
    unlock: 'Unlock',
    refresh: 'Refresh',
  },
  /** The reason on a lock button while the selected documents' access flags are still being read. */
  checkingAccess: 'Checking what you may do with the selected documents…',
  /** The note prompt's title: "Approve 3 documents". */
  promptTitle: {
    approve: (count: number): string => `Approve ${documents(count)}`,
    reject: (count: number): string => `Reject ${documents(count)}`,
  },
  note: 'Note',
  approved: (count: number): string => `Approved ${documents(count)}`,
  rejected: (count: number): string => `Rejected ${documents(count)}`,
  lockedDocuments: {
    createLock: (count: number): string => `Locked ${documents(count)}`,
    renewLock: (count: number): string => `Renewed the lock on ${documents(count)}`,
    unlock: (count: number): string => `Unlocked ${documents(count)}`,
  },
  /** The title of the out-of-sync dialog (the spec words only its message). */
  outOfSync: 'Out of sync',

  // Route to
  /** What is routed: "Invoice.pdf from AP Approval", "3 documents from AP Approval". */
  routeFrom: (what: string, queueName: string): string => `${what} from ${queueName}`,
  loadingRoutes: 'Loading routes…',
  noQueuesMatch: 'No queues match the filter.',
  route: 'Route',
  routed: (count: number, queueName: string): string => `Routed ${documents(count)} to ${queueName}`,

  // Approval lists
  approvalListOf: (documentName: string): string => `Approval list – ${documentName}`,
  loadingApprovalList: 'Loading approval list…',
  approvalListReadOnly: 'You can see this approval list but not change it.',
  noApprovalSteps: 'This document has no approval steps yet.',
  stepStatus: { approved: 'Approved', current: 'Current', pending: 'Pending' },
  approvedBy: (who: string | null): string => (who === null ? 'Approved' : `Approved by ${who}`),
  /** Between "Approved by …" and the time it happened. */
  approvedOn: ' on ',
  moveStepUp: (step: number, queueName: string): string => `Move step ${step} (${queueName}) up`,
  moveStepDown: (step: number, queueName: string): string => `Move step ${step} (${queueName}) down`,
  movedStep: (queueName: string, direction: 'up' | 'down'): string => `Moved ${queueName} ${direction}`,
  removeStep: (step: number, queueName: string): string => `Remove step ${step} (${queueName})`,
  removedStep: (queueName: string): string => `Removed ${queueName}`,
  approvalQueue: 'Approval queue',
  noQueuesToAdd: 'No queues to add',
  chooseQueue: 'Choose a queue…',
  addStep: 'Add step',
  addedStep: (queueName: string): string => `Added ${queueName}`,

  // The lock panel
  documentLock: 'Document lock',
  lockedBy: 'Locked by',
  expires: 'Expires',
  expiresIn: (minutes: number): string => `(expires in ${minutes} min)`,
  lockOwnerYou: 'You',
  lockOwnerOther: 'Another user',
  notLocked: 'Not locked',
  notInQueueCannotLock: 'This document is not in a workflow queue, so it cannot be locked.',
  lockActions: { createLock: 'Lock', renewLock: 'Renew lock', unlock: 'Unlock' },
  lockDone: { createLock: 'Document locked', renewLock: 'Lock renewed', unlock: 'Document unlocked' },
  dismissLockError: 'Dismiss lock error',

  // Money rules (issues 12, 35): an approval the approver's limit does not cover — over it, or an amount it cannot check
  approvalLimitTitle: 'Beyond your approval limit',
  /** Offered instead of Approve when the approver's limit does not cover the amount: the queue's route targets. */
  routeToNextLevel: 'Route to the next level',
  dismissApprovalLimit: 'Dismiss approval limit message',

  // The approver's screen (issue 12)
  /** The Approve button with several documents selected: "Approve 3 documents" (one note for all). */
  approveCount: (count: number): string => (count > 1 ? `Approve ${documents(count)}` : 'Approve'),
  /** The Reject button with several documents selected: "Reject 3 documents". */
  rejectCount: (count: number): string => (count > 1 ? `Reject ${documents(count)}` : 'Reject'),
  /** The reject prompt's field. */
  reason: 'Reason',
  /** Why an action is not offered: the privilege it needs, in the server's words. */
  needsPrivilege: (action: 'approve' | 'reject' | 'route', privilege: string): string =>
    `${{ approve: 'Approving', reject: 'Rejecting', route: 'Routing' }[action]} documents needs the '${privilege}' privilege.`,
  /** The bar over a document another user holds: "Locked by pat until 14:05". */
  lockedByUntil: (holder: string, until: string): string => `Locked by ${holder} until ${until}`,
  /** The toolbar's overflow menu at narrow widths. */
  moreActions: 'More actions',
  /** The stacked list's sort menu: "Sorted by Amount" / "Sort". */
  sortedBy: (title: string | null): string => (title === null ? 'Sort' : `Sorted by ${title}`),
  sortMenu: 'Sort documents by',
  sortAscending: 'Ascending',
  sortDescending: 'Descending',
} as const;
