/** Every option name of the spec (§3 "Option"), verbatim. */
export const OPTION_NAMES = [
  'Document User Date 1 Label',
  'Document User String 1 Label',
  'Prompt For Description on Import in Dynamics',
  'Prompt for Note on Workflow Action',
  'Workflow Document List Columns',
  'File Upload Size Limit',
  'Default User Date to Today',
  'Maximum JPEG size in bytes',
  'Maximum PDF size in bytes',
  'Scanning Warning Size Threshold',
  'Scanning Error Size Threshold',
  'Fit to Width by Default',
  'Bypass Workflow Response',
  'Folder Search Expansion Level',
] as const;

/** One of the spec's option names. */
export type OptionName = (typeof OPTION_NAMES)[number];

/** A configuration option as the web services return it. optionData is always text. */
export interface Option {
  optionName: OptionName;
  optionData: string;
}

/**
 * Default columns of the workflow document list, as the 'Workflow Document List Columns' option
 * stores them: the document, then what an approver decides on — vendor, invoice number, amount
 * and due date first (issue 38: these four fit at 1280 px; the grid shows only them until the
 * user picks more in its Columns menu), then the invoice and discount dates, days in queue, lock
 * holder and notes (issue 12) — then the queue.
 */
export const DEFAULT_DOCUMENT_LIST_COLUMNS = [
  { key: 'name', field: 'name', title: 'Name', width: 200, desc: false },
  { key: 'vendor', field: 'vendor', title: 'Vendor', width: 180, desc: false },
  { key: 'invoiceNumber', field: 'invoiceNumber', title: 'Invoice No.', width: 130, desc: false },
  { key: 'amount', field: 'amount', title: 'Amount', width: 120, desc: true },
  { key: 'dueDate', field: 'dueDate', title: 'Due date', width: 120, desc: false },
  { key: 'invoiceDate', field: 'invoiceDate', title: 'Invoice date', width: 120, desc: false },
  { key: 'cashDiscountDate', field: 'cashDiscountDate', title: 'Discount until', width: 150, desc: false },
  { key: 'daysInQueue', field: 'daysInQueue', title: 'Days in queue', width: 110, desc: true },
  { key: 'lockHolder', field: 'lockHolder', title: 'Locked by', width: 120, desc: false },
  { key: 'noteCount', field: 'noteCount', title: 'Notes', width: 80, desc: true },
  { key: 'queueName', field: 'queueName', title: 'Queue', width: 150, desc: false },
  { key: 'createdAt', field: 'createdAt', title: 'Created', width: 150, desc: true },
] as const;

/** The value each option has until an administrator changes it (BRIEF "Defaults"). */
export const OPTION_DEFAULTS: Readonly<Record<OptionName, string>> = {
  'Document User Date 1 Label': 'User Date 1',
  'Document User String 1 Label': 'User String 1',
  'Prompt For Description on Import in Dynamics': 'false',
  'Prompt for Note on Workflow Action': 'false',
  'Workflow Document List Columns': JSON.stringify(DEFAULT_DOCUMENT_LIST_COLUMNS),
  'File Upload Size Limit': '52428800',
  'Default User Date to Today': 'false',
  'Maximum JPEG size in bytes': '20971520',
  'Maximum PDF size in bytes': '524288000',
  'Scanning Warning Size Threshold': '10485760',
  'Scanning Error Size Threshold': '52428800',
  'Fit to Width by Default': 'true',
  'Bypass Workflow Response': 'false',
  'Folder Search Expansion Level': '1',
};

/** Tells whether a text is one of the spec's option names. */
export function isOptionName(name: string): name is OptionName {
  return (OPTION_NAMES as readonly string[]).includes(name);
}
