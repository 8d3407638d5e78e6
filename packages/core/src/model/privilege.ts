/** Every privilege name of the spec (§6), as `Category: Name`. */
export const PRIVILEGE_NAMES = [
  'Cabinet: Annotations Add Only',
  'Cabinet: Annotations Edit',
  'Cabinet: Delete',
  'Cabinet: Edit Description on Read-Only',
  'Cabinet: Edit Document Description',
  'Cabinet: Edit Document user_date1',
  'Cabinet: Edit Document user_string1',
  'Cabinet: Email',
  'Cabinet: Export Documents',
  'Cabinet: Import Documents',
  'Cabinet: Scan',
  'Cabinet: Split Document',
  'Cabinet: Tagging',
  'Dynamics: Break Link',
  'Dynamics: Link to Existing',
  'Dynamics: Capture',
  'Dynamics: Change Document Subtype',
  'Dynamics: Edit Document Index Data',
  'Dynamics: Launch Card From Document',
  'Dynamics: New Card From Document',
  'Dynamics: Reapply Document Name',
  'Notes: Add Only',
  'Notes: Delete',
  'Notes: Export',
  'Notes: View Admin',
  'Notes: View Only',
  'Search: Search',
  'Search: Popup',
  'Search: Uncheck My Approvals',
  'Security: Manager',
  'Workflow: Approve',
  'Workflow: Reject',
  'Workflow: Popup',
  'Workflow: Classic',
  'Workflow Queues: OK',
  'Workflow Route: OK',
] as const;

/** One of the spec's privilege names. */
export type PrivilegeName = (typeof PRIVILEGE_NAMES)[number];

/** A privilege answer: the action and whether the caller holds it (spec §3). */
export interface Privilege {
  action: PrivilegeName;
  value: boolean;
}
