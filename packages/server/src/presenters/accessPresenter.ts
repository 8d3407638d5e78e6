import type { DocumentAccess, PrivilegeName } from '@datahaven/core/model';

/** The privileges the access flags of this issue depend on. */
export const ACCESS_PRIVILEGES: readonly PrivilegeName[] = [
  'Cabinet: Delete',
  'Cabinet: Export Documents',
  'Cabinet: Split Document',
  'Notes: View Only',
  'Notes: View Admin',
];

/**
 * Access flags of a document the caller can see. Flags for actions this server does not offer
 * yet (workflow, locks, link, e-mail) are false, so the client never offers a button the
 * server would refuse; `split` and `merge` say what the split and merge endpoints take.
 */
export function presentDocumentAccess(privileges: ReadonlyMap<PrivilegeName, boolean>, document: { splittable: boolean; pdf: boolean }): DocumentAccess {
  const has = (name: PrivilegeName): boolean => privileges.get(name) === true;
  return {
    merge: document.pdf && has('Cabinet: Split Document'),
    renewLock: false,
    createLock: false,
    unlock: false,
    route: false,
    approve: false,
    reject: false,
    split: document.splittable && has('Cabinet: Split Document'),
    viewFileData: true,
    exportFileData: has('Cabinet: Export Documents'),
    changeSubtype: false,
    delete: has('Cabinet: Delete'),
    readNotes: has('Notes: View Only') || has('Notes: View Admin'),
    readDetails: true,
    reapplyName: false,
    email: false,
    link: false,
    unlink: false,
  };
}
