/** The phone layout's texts (issue 38): the steps' Back buttons, the document's facts, the overflow menus. */
export const PHONE_TEXT = {
  /** Back from the document step to the queue's list. */
  backToList: 'Back to the list',
  /** Where the open document stands in the queue: "3 of 20". */
  position: (index: number, count: number): string => `${index} of ${count}`,
  /** The facts block over the document (amount, vendor, due date). */
  facts: 'Invoice facts',
  amount: 'Amount',
  vendor: 'Vendor',
  dueDate: 'Due date',
  /** The decision bar fixed at the bottom of the document step. */
  decisions: 'Decisions',
  /** The overflow menu of a phone toolbar. */
  more: 'More',
  /** The viewer's further tools, behind More on a phone. */
  viewerTools: 'More viewer tools',
  /** The annotation toolbar's tools that do not fit its one line. */
  annotationTools: 'More annotation tools',
  /** Shows the annotation toolbar on a phone, where it waits behind More. */
  annotate: 'Annotate',
  /** The other workflow actions (download, import, merge…), behind More in the decision bar. */
  otherActions: 'Other actions',
  /** The read pane's way to the approval queues (Outlook, a phone above all). */
  approvalsTab: 'Approvals',
} as const;
