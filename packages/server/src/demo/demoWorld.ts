import type { Features1Name, Features2Name, PrivilegeName } from '@datahaven/core/model';
import type { QueueAccessFlag } from '../access';
import { DEMO_PURCHASE_INVOICES, demoVendor } from './demoErp/demoErpWorld';

// The ERP's own records (vendors, purchase invoices) live with the demo ERP service, which owns them;
// the rest of the demo world re-exports them so the seed and the browser tests keep one source.
export { DEMO_PURCHASE_INVOICES, DEMO_VENDORS, demoVendor, type DemoPurchaseInvoice, type DemoVendor } from './demoErp/demoErpWorld';

/*
 * The demo world of the team brief ("Demo world"): company CRONUS in Business Central, six
 * users, six groups (a junior approver added by issue 12, a level-2 controller by issue 35), three integrated tables (vendors,
 * purchase invoices, posted purchase invoices), four vendors and six purchase invoices, plus the
 * 'AP Invoices' workflow of issue 3 (six queues, their routes and who may act on them). Every
 * value is fixed so the demo, the seed test and the browser tests agree on names and ids.
 */

/** The BC company, used as the data area id. */
export const DEMO_COMPANY = 'CRONUS';

/** The legal name printed as the invoices' bill-to party. */
export const DEMO_COMPANY_NAME = 'CRONUS International Ltd.';

/** A demo user and the group that gives them their rights. */
export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  group: DemoGroupName;
}

/** The demo groups. */
export type DemoGroupName = 'AP Clerks' | 'Approvers' | 'Administrators' | 'Sales' | 'Junior Approvers' | 'Controllers';

/** A demo group with its privileges and its access to the integrated tables. */
export interface DemoGroup {
  name: DemoGroupName;
  description: string;
  /** Privileges granted through the group; 'all' grants every privilege of the spec. */
  privileges: readonly PrivilegeName[] | 'all';
  /** Access per integrated table key. */
  access: readonly { table: DemoTableKey; canView: boolean; canUpload: boolean }[];
  /** The group's approval limit (HasApprovalLimit), in the linked invoice's currency; absent: the group sets none. */
  approvalLimit?: number;
}

/** The integrated tables by key. */
export type DemoTableKey = 'vendor' | 'purchaseInvoice' | 'postedPurchaseInvoice' | 'purchaseOrder' | 'purchaseReceipt';

/** An integrated table with its subtypes and the display folders each subtype maps to. */
export interface DemoTable {
  key: DemoTableKey;
  tableId: number;
  sourceType: number;
  typeName: string;
  label: string;
  /** Folder text and the subtype that files documents into it, in display order. */
  folders: readonly { folder: string; subtype: string }[];
  /** The queue an upload on the table's records enters (its import settings, issue 12); absent: none. */
  importQueue?: DemoQueueName;
  /** Whether New Card From Document may make records in it (IntegratedTable.AllowNewCard). */
  allowNewCard?: boolean;
}

/** One generated document: which record it lands on, in which folder, under which file name. */
export interface DemoDocument {
  table: DemoTableKey;
  recordNumber: string;
  subtype: string;
  fileName: string;
  description: string;
  content: { kind: 'invoicePdf'; invoice: DemoInvoiceContent } | { kind: 'scanTiff' };
  uploadedBy: string;
  /** The workflow queue the document sits in after seeding; null = not in workflow. */
  queue: DemoQueueName | null;
  /**
   * True for a document received without a record: the upload needs a record's context, so it is
   * stored on `recordNumber` and then loses its link and subtype. Only queue access shows it.
   */
  unlinked?: boolean;
}

/** What an invoice PDF shows. */
export interface DemoInvoiceContent {
  vendor: string;
  invoiceNo: string;
  date: string;
  dueDate: string;
  reference: string;
  pages: number;
  /** Seed for the line items, so every PDF differs but is the same on every run. */
  seed: number;
}

/** A note written on a seeded document. */
export interface DemoNote {
  fileName: string;
  author: string;
  text: string;
}

/** The demo users (team brief). */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'clerk', firstName: 'Alex', lastName: 'Clerk', email: 'alex.clerk@cronus.example', group: 'AP Clerks' },
  { username: 'approver', firstName: 'Pat', lastName: 'Approver', email: 'pat.approver@cronus.example', group: 'Approvers' },
  { username: 'admin', firstName: 'Dana', lastName: 'Admin', email: 'dana.admin@cronus.example', group: 'Administrators' },
  { username: 'sales', firstName: 'Sam', lastName: 'Sales', email: 'sam.sales@cronus.example', group: 'Sales' },
  // Issue 12 (money rules): a level-1 approver whose limit is below most invoices, so larger ones go on to Pat.
  { username: 'junior', firstName: 'Jo', lastName: 'Junior', email: 'jo.junior@cronus.example', group: 'Junior Approvers' },
  // Issue 35 (segregation of duties): nobody approves an invoice at two levels, so the second level
  // has a second approver — an invoice Pat approved at level 1 is signed off at level 2 by Robin.
  { username: 'controller', firstName: 'Robin', lastName: 'Controller', email: 'robin.controller@cronus.example', group: 'Controllers' },
];

/** The demo groups: the AP clerk imports and edits, the approver views and notes, sales sees nothing. */
export const DEMO_GROUPS: readonly DemoGroup[] = [
  {
    name: 'AP Clerks',
    description: 'Accounts payable: import, index and annotate vendor documents.',
    privileges: [
      'Cabinet: Import Documents',
      'Cabinet: Edit Document Description',
      'Cabinet: Edit Document user_string1',
      'Cabinet: Edit Document user_date1',
      'Cabinet: Export Documents',
      'Cabinet: Email',
      'Cabinet: Split Document',
      'Cabinet: Delete',
      'Cabinet: Annotations Edit',
      'Cabinet: Tagging',
      'Dynamics: Change Document Subtype',
      'Dynamics: Edit Document Index Data',
      // Linking invoices to their ERP records is the clerk's job; it reads the ERP's records (/api/entity-types/…).
      'Dynamics: Link to Existing',
      // Making the purchase invoice of a document that has none yet, in the ERP (New Card From Document).
      'Dynamics: New Card From Document',
      // Opening the linked record in the ERP (Launch Card) from a document.
      'Dynamics: Launch Card From Document',
      // Correcting a link is coding too: a document filed on the vendor is linked on to its invoice
      // (which replaces the vendor link: docs/UX-DECISIONS.md "Re-linking").
      'Dynamics: Break Link',
      'Dynamics: Reapply Document Name',
      // Asking the ERP to capture a vendor's or an invoice's documents (/demo/erp answers the request).
      'Dynamics: Capture',
      'Notes: Add Only',
      'Notes: View Only',
      'Search: Search',
      'Search: Popup',
      'Workflow Queues: OK',
      'Workflow Route: OK',
    ],
    access: [
      { table: 'vendor', canView: true, canUpload: true },
      { table: 'purchaseInvoice', canView: true, canUpload: true },
      { table: 'postedPurchaseInvoice', canView: true, canUpload: true },
      { table: 'purchaseOrder', canView: true, canUpload: true },
      { table: 'purchaseReceipt', canView: true, canUpload: true },
    ],
  },
  {
    name: 'Approvers',
    description: 'Review and approve purchase invoices.',
    privileges: [
      'Notes: Add Only',
      'Notes: View Only',
      'Cabinet: Annotations Add Only',
      'Cabinet: Export Documents',
      'Workflow: Approve',
      'Workflow: Reject',
      'Workflow Queues: OK',
      // README: the approver routes in Approval L1 and L2 (on to L2, back to Coding, to Rejected).
      'Workflow Route: OK',
      'Search: Search',
    ],
    access: [
      { table: 'vendor', canView: true, canUpload: false },
      { table: 'purchaseInvoice', canView: true, canUpload: false },
      { table: 'postedPurchaseInvoice', canView: true, canUpload: false },
      { table: 'purchaseOrder', canView: true, canUpload: false },
      { table: 'purchaseReceipt', canView: true, canUpload: false },
    ],
    // Above every open demo invoice (the largest, PI-1003, is 159,092.86 USD).
    approvalLimit: 250_000,
  },
  {
    name: 'Administrators',
    description: 'Security managers: every privilege.',
    privileges: 'all',
    access: [
      { table: 'vendor', canView: true, canUpload: true },
      { table: 'purchaseInvoice', canView: true, canUpload: true },
      { table: 'postedPurchaseInvoice', canView: true, canUpload: true },
      { table: 'purchaseOrder', canView: true, canUpload: true },
      { table: 'purchaseReceipt', canView: true, canUpload: true },
    ],
  },
  {
    name: 'Sales',
    description: 'Sales staff: no access to vendor or purchase documents.',
    privileges: ['Search: Search'],
    access: [],
  },
  {
    name: 'Junior Approvers',
    description: 'Approve purchase invoices at level 1 up to 10,000.00; route larger ones to level 2.',
    privileges: [
      'Notes: Add Only',
      'Notes: View Only',
      'Cabinet: Annotations Add Only',
      'Cabinet: Export Documents',
      'Workflow: Approve',
      'Workflow: Reject',
      'Workflow Route: OK',
      'Workflow Queues: OK',
      'Search: Search',
    ],
    access: [
      { table: 'vendor', canView: true, canUpload: false },
      { table: 'purchaseInvoice', canView: true, canUpload: false },
      { table: 'postedPurchaseInvoice', canView: true, canUpload: false },
      { table: 'purchaseOrder', canView: true, canUpload: false },
      { table: 'purchaseReceipt', canView: true, canUpload: false },
    ],
    // Below every demo invoice (the smallest, PI-1004, is 49,872.77 USD): each one goes on to level 2.
    approvalLimit: 10_000,
  },
  {
    name: 'Controllers',
    description: 'Final sign-off of purchase invoices at level 2, without a limit.',
    privileges: [
      'Notes: Add Only',
      'Notes: View Only',
      'Cabinet: Annotations Add Only',
      'Cabinet: Export Documents',
      'Workflow: Approve',
      'Workflow: Reject',
      'Workflow Route: OK',
      'Workflow Queues: OK',
      'Search: Search',
    ],
    access: [
      { table: 'vendor', canView: true, canUpload: false },
      { table: 'purchaseInvoice', canView: true, canUpload: false },
      { table: 'postedPurchaseInvoice', canView: true, canUpload: false },
      { table: 'purchaseOrder', canView: true, canUpload: false },
      { table: 'purchaseReceipt', canView: true, canUpload: false },
    ],
  },
];

/** The integrated tables with their folders (team brief). */
export const DEMO_TABLES: readonly DemoTable[] = [
  {
    key: 'vendor',
    tableId: 23,
    sourceType: 0,
    typeName: 'bc:Microsoft.NAV.Vendor',
    label: 'Vendor',
    folders: [
      { folder: 'Invoices', subtype: 'Invoice' },
      { folder: 'Contracts', subtype: 'Contract' },
      { folder: 'Correspondence', subtype: 'Correspondence' },
    ],
  },
  {
    key: 'purchaseInvoice',
    tableId: 38,
    sourceType: 2,
    typeName: 'bc:Microsoft.NAV.PurchaseHeader',
    label: 'Purchase Invoice',
    folders: [
      { folder: 'Invoice', subtype: 'Vendor Invoice' },
      { folder: 'Supporting Documents', subtype: 'Supporting Document' },
    ],
    // An invoice filed on its purchase invoice arrives in the AP inbox, where the clerk takes it on.
    importQueue: 'AP Inbox',
    // The demo ERP creates purchase invoices (POST purchaseInvoices), so a clerk can make one from a document.
    allowNewCard: true,
  },
  {
    // BC's table 122 'Purch. Inv. Header': where a purchase invoice's documents go when it is posted
    // (PUT /api/record-events/posted, sent by the AL codeunit of manifests/bc or the demo page's Post).
    key: 'postedPurchaseInvoice',
    tableId: 122,
    sourceType: 0,
    typeName: 'bc:Microsoft.NAV.PurchInvHeader',
    label: 'Posted Purchase Invoice',
    folders: [
      { folder: 'Invoice', subtype: 'Vendor Invoice' },
      { folder: 'Supporting Documents', subtype: 'Supporting Document' },
    ],
  },
  {
    // BC's table 38 with document type Order (1): the order an invoice bills, shown beside the
    // invoice's own folders as a related record (the invoice's purchaseOrder navigation).
    key: 'purchaseOrder',
    tableId: 38,
    sourceType: 1,
    typeName: 'bc:Microsoft.NAV.PurchaseOrder',
    label: 'Purchase Order',
    folders: [{ folder: 'Order', subtype: 'Order Confirmation' }],
  },
  {
    // BC's table 120 'Purch. Rcpt. Header': the order's receipts, related to the invoice through its order.
    key: 'purchaseReceipt',
    tableId: 120,
    sourceType: 0,
    typeName: 'bc:Microsoft.NAV.PurchRcptHeader',
    label: 'Purchase Receipt',
    folders: [{ folder: 'Delivery Notes', subtype: 'Delivery Note' }],
  },
];

/** Earlier invoices filed on the vendors themselves: booked and approved, kept for reference, and one rejected duplicate. */
const VENDOR_ARCHIVE: readonly { vendor: string; invoiceNo: string; date: string; dueDate: string; pages: number; queue: DemoQueueName }[] =
  [
    { vendor: 'V10000', invoiceNo: 'FAB-25-0118', date: '2025-01-20', dueDate: '2025-02-19', pages: 2, queue: 'Approved' },
    { vendor: 'V10000', invoiceNo: 'FAB-25-0307', date: '2025-03-10', dueDate: '2025-04-09', pages: 4, queue: 'Approved' },
    { vendor: 'V20000', invoiceNo: 'CS-87311', date: '2025-02-03', dueDate: '2025-03-05', pages: 3, queue: 'Approved' },
    // A duplicate the approvers turned down; it waits in Rejected for the clerk.
    { vendor: 'V20000', invoiceNo: 'CS-87902', date: '2025-03-18', dueDate: '2025-04-17', pages: 2, queue: 'Rejected' },
    { vendor: 'V30000', invoiceNo: 'NWT-2025-0031', date: '2025-02-11', dueDate: '2025-03-13', pages: 3, queue: 'Approved' },
    { vendor: 'V40000', invoiceNo: 'LW-5307', date: '2025-03-26', dueDate: '2025-04-16', pages: 2, queue: 'Approved' },
  ];

/**
 * Where the open purchase invoices wait: three in 'Approval L1' (all linked to their invoice, so
 * the browser test has a queue to approve from), one at each other stage of the pipeline.
 */
const PURCHASE_INVOICE_QUEUES: Readonly<Record<string, DemoQueueName>> = {
  'PI-1001': 'Approval L2',
  'PI-1002': 'Approval L1',
  'PI-1003': 'Approval L1',
  'PI-1004': 'Approval L1',
  'PI-1005': 'Coding',
  'PI-1006': 'AP Inbox',
};

/** File name of the invoice that arrived without a purchase invoice: unlinked, waiting in 'Coding'. */
export const DEMO_UNLINKED_FILE_NAME = 'NWT-2025-0144.pdf';

/** File name of the seeded multi-page TIFF scan (on Fabrikam, folder 'Correspondence'). */
export const DEMO_SCAN_FILE_NAME = 'Fabrikam scan.tif';

/** Pages of the seeded scan. */
export const DEMO_SCAN_PAGES = 3;

/** The documents the seed creates: thirteen invoice PDFs (one of them unlinked) and one three-page TIFF scan. */
export function demoDocuments(): DemoDocument[] {
  const documents: DemoDocument[] = DEMO_PURCHASE_INVOICES.map((invoice) => ({
    table: 'purchaseInvoice',
    recordNumber: invoice.number,
    subtype: 'Vendor Invoice',
    fileName: `${invoice.vendorInvoiceNo}.pdf`,
    description: `${demoVendor(invoice.vendor).name} invoice ${invoice.vendorInvoiceNo}`,
    content: {
      kind: 'invoicePdf',
      invoice: {
        vendor: invoice.vendor,
        invoiceNo: invoice.vendorInvoiceNo,
        date: invoice.postingDate,
        dueDate: invoice.dueDate,
        reference: invoice.number,
        pages: invoice.pages,
        seed: invoice.seed,
      },
    },
    uploadedBy: 'clerk',
    queue: PURCHASE_INVOICE_QUEUES[invoice.number] ?? null,
  }));
  VENDOR_ARCHIVE.forEach((entry, index) => {
    documents.push({
      table: 'vendor',
      recordNumber: entry.vendor,
      subtype: 'Invoice',
      fileName: `${entry.invoiceNo}.pdf`,
      description: `${demoVendor(entry.vendor).name} invoice ${entry.invoiceNo}`,
      content: {
        kind: 'invoicePdf',
        invoice: {
          vendor: entry.vendor,
          invoiceNo: entry.invoiceNo,
          date: entry.date,
          dueDate: entry.dueDate,
          reference: 'Posted',
          pages: entry.pages,
          seed: 2001 + index,
        },
      },
      uploadedBy: 'clerk',
      queue: entry.queue,
    });
  });
  documents.push({
    table: 'vendor',
    recordNumber: 'V10000',
    subtype: 'Correspondence',
    fileName: DEMO_SCAN_FILE_NAME,
    description: 'Scanned letter: price list and delivery terms',
    content: { kind: 'scanTiff' },
    uploadedBy: 'clerk',
    // Correspondence is filed, not processed: it stays out of the workflow.
    queue: null,
  });
  // Scanned from the post with no purchase invoice quoted: Coding must link it before it moves on
  // (Coding blocks routing and approving unlinked documents).
  documents.push({
    table: 'vendor',
    recordNumber: 'V30000',
    subtype: 'Invoice',
    fileName: DEMO_UNLINKED_FILE_NAME,
    description: 'Northwind Traders invoice NWT-2025-0144, received without a purchase invoice',
    content: {
      kind: 'invoicePdf',
      invoice: {
        vendor: 'V30000',
        invoiceNo: 'NWT-2025-0144',
        date: '2025-06-03',
        dueDate: '2025-07-03',
        reference: 'No PO quoted',
        pages: 2,
        seed: 3001,
      },
    },
    uploadedBy: 'clerk',
    queue: 'Coding',
    unlinked: true,
  });
  return documents;
}

/** A few notes so the notes page has history. */
export const DEMO_NOTES: readonly DemoNote[] = [
  { fileName: 'FAB-25-0412.pdf', author: 'clerk', text: 'Matched to purchase order 106001; quantities agree with the receipt.' },
  { fileName: 'FAB-25-0412.pdf', author: 'approver', text: 'Approved for payment within terms.' },
  { fileName: 'CS-88120.pdf', author: 'clerk', text: 'Freight line checked against the carrier quote.' },
  { fileName: 'NWT-2025-0097.pdf', author: 'approver', text: 'Please confirm the unit price on page 2 with Northwind before posting.' },
  { fileName: DEMO_SCAN_FILE_NAME, author: 'clerk', text: 'Scanned from the post; original filed in binder 3.' },
];

/** The demo workflow's queue type (issue 3 brief, "Demo data"). */
export const DEMO_QUEUE_TYPE_NAME = 'AP Invoices';

/** The six queues of the 'AP Invoices' queue type. */
export type DemoQueueName = 'AP Inbox' | 'Coding' | 'Approval L1' | 'Approval L2' | 'Approved' | 'Rejected';

/** A demo queue: its features and where approve / reject send a document. */
export interface DemoQueue {
  name: DemoQueueName;
  features1: readonly Features1Name[];
  features2: readonly Features2Name[];
  approveTo: DemoQueueName | null;
  rejectTo: DemoQueueName | null;
  /**
   * Segregation of duties (issue 35): who imported, submitted or coded an invoice does not approve
   * it here, and nobody approves an invoice at two levels. On in the approval queues.
   */
  segregationOfDuties?: boolean;
}

/** The queues in pipeline order (issue 3 brief). */
export const DEMO_QUEUES: readonly DemoQueue[] = [
  // Opt-in: new imports do not land here on their own; the clerk submits them.
  { name: 'AP Inbox', features1: ['OptInWorkflow'], features2: [], approveTo: null, rejectTo: null },
  // Coding assigns the invoice to its purchase document, so it may not leave unlinked, neither
  // routed nor approved. Send for approval passes through it (on the auto-route, skipped) to
  // Approval L1, under its rules (issue 38 "The clerk's path").
  {
    name: 'Coding',
    features1: ['BlockRouteUnlinked', 'BlockApproveUnlinked', 'WorkflowSkipOnAutoroute'],
    features2: ['IncludeInAutoRoute'],
    approveTo: null,
    rejectTo: null,
  },
  // The approval queues are on the auto-route, and a reject there needs its reason (issue 38 "Reasons").
  {
    name: 'Approval L1',
    features1: ['ApproveFromNoteRequired', 'RejectFromNoteRequired'],
    features2: ['IncludeInAutoRoute'],
    approveTo: 'Approval L2',
    rejectTo: 'Rejected',
    segregationOfDuties: true,
  },
  {
    name: 'Approval L2',
    features1: ['WarnApproveUnlinked', 'RejectFromNoteRequired'],
    features2: ['IncludeInAutoRoute'],
    approveTo: 'Approved',
    rejectTo: 'Rejected',
    segregationOfDuties: true,
  },
  { name: 'Approved', features1: [], features2: [], approveTo: null, rejectTo: null },
  { name: 'Rejected', features1: [], features2: [], approveTo: null, rejectTo: null },
];

/**
 * Routes between the queues, [from, to]: the forward pipeline, rejections, the way back from
 * Rejected, and the back-routes an AP team uses to send a document one step back (a coding
 * question, a level-2 approver asking level 1 to look again). Approved is final: no route out.
 */
export const DEMO_ROUTES: readonly (readonly [DemoQueueName, DemoQueueName])[] = [
  ['AP Inbox', 'Coding'],
  ['Coding', 'Approval L1'],
  ['Approval L1', 'Approval L2'],
  ['Approval L1', 'Rejected'],
  ['Approval L2', 'Rejected'],
  ['Rejected', 'Coding'],
  ['Coding', 'AP Inbox'],
  ['Approval L1', 'Coding'],
  ['Approval L2', 'Approval L1'],
];

/** Access of a demo membership: every flag, or the named ones. */
export type DemoQueueAccess = 'all' | readonly QueueAccessFlag[];

/** Looking at a queue and its documents without acting on them. */
const READ_ONLY_ACCESS: readonly QueueAccessFlag[] = ['BrowseToQueue', 'AccessDocumentWithin', 'SearchWithin', 'ViewDocumentsWithin'];

/** Working a queue: read, import (Paste), index, link and route onwards, but not approve or reject. */
const CLERK_ACCESS: readonly QueueAccessFlag[] = [
  ...READ_ONLY_ACCESS,
  // Importing files into the queue (access/queueActionPolicy: import needs Paste); Rejected, a final queue, takes none anyway.
  'Paste',
  'ChangeDescription',
  'ChangeUserString1',
  'ChangeUserDate1',
  'ChangeAnnotations',
  'ChangeSubtype',
  'LinkDocument',
  'UnlinkDocument',
  'AddPages',
  'ReplacePage',
  'Split',
  'Merge',
  'Route',
  'ReceiveNotificationsFor',
];

/**
 * Group memberships of the queues (`queue_group_access`): approvers have full access to both
 * approval levels, AP clerks work the inbox, coding and the rejected invoices they must fix,
 * administrators have every flag on every queue.
 */
export const DEMO_QUEUE_GROUP_ACCESS: readonly { group: DemoGroupName; queue: DemoQueueName; access: DemoQueueAccess }[] = [
  { group: 'Approvers', queue: 'Approval L1', access: 'all' },
  { group: 'Approvers', queue: 'Approval L2', access: 'all' },
  { group: 'AP Clerks', queue: 'AP Inbox', access: CLERK_ACCESS },
  { group: 'AP Clerks', queue: 'Coding', access: CLERK_ACCESS },
  { group: 'AP Clerks', queue: 'Rejected', access: CLERK_ACCESS },
  { group: 'Junior Approvers', queue: 'Approval L1', access: 'all' },
  { group: 'Controllers', queue: 'Approval L2', access: 'all' },
  ...DEMO_QUEUES.map((queue) => ({ group: 'Administrators' as const, queue: queue.name, access: 'all' as const })),
];

/**
 * Direct user memberships (`queue_user_access`): the clerk follows their invoices through the
 * approval queues and the approver sees the outcome, both read-only.
 */
export const DEMO_QUEUE_USER_ACCESS: readonly { username: string; queue: DemoQueueName; access: DemoQueueAccess }[] = [
  { username: 'clerk', queue: 'Approval L1', access: READ_ONLY_ACCESS },
  { username: 'clerk', queue: 'Approval L2', access: READ_ONLY_ACCESS },
  { username: 'clerk', queue: 'Approved', access: READ_ONLY_ACCESS },
  { username: 'approver', queue: 'Approved', access: READ_ONLY_ACCESS },
  { username: 'approver', queue: 'Rejected', access: READ_ONLY_ACCESS },
  // The junior sees where the invoices they routed on went.
  { username: 'junior', queue: 'Approval L2', access: READ_ONLY_ACCESS },
  { username: 'junior', queue: 'Approved', access: READ_ONLY_ACCESS },
  // The controller sees what was signed off, and what level 1 is still looking at.
  { username: 'controller', queue: 'Approval L1', access: READ_ONLY_ACCESS },
  { username: 'controller', queue: 'Approved', access: READ_ONLY_ACCESS },
];

/** A custom-data field of the demo (portal §3 category fields; only ManualEntry is editable). */
export interface DemoCustomField {
  name: string;
  label: string;
  dataSource: 'ManualEntry' | 'EmailHeader';
  valueType: 'text' | 'number' | 'date';
}

/** The demo's one custom-data category, shown for every document: AP coding. */
export const DEMO_CUSTOM_CATEGORY = {
  name: 'AP coding',
  fields: [
    { name: 'PONumber', label: 'PO number', dataSource: 'ManualEntry', valueType: 'text' },
    { name: 'CostCentre', label: 'Cost centre', dataSource: 'ManualEntry', valueType: 'text' },
    { name: 'ReceivedFrom', label: 'Received from (e-mail)', dataSource: 'EmailHeader', valueType: 'text' },
  ],
} as const satisfies { name: string; fields: readonly DemoCustomField[] };

/** Custom data already entered on a few demo invoices, by file name and field name. */
export const DEMO_CUSTOM_VALUES: readonly { fileName: string; field: string; value: string }[] = [
  { fileName: 'CS-88120.pdf', field: 'PONumber', value: '106001' },
  { fileName: 'CS-88120.pdf', field: 'CostCentre', value: 'CC-410 Facilities' },
  { fileName: 'CS-88120.pdf', field: 'ReceivedFrom', value: 'billing@contoso-supplies.example' },
  { fileName: 'NWT-2025-0097.pdf', field: 'PONumber', value: '106014' },
  { fileName: 'FAB-25-0412.pdf', field: 'PONumber', value: '106001' },
];
