import type { DocumentAccess, PrivilegeName } from '@datahaven/core/model';

/** The privileges the access flags of this issue depend on. */
export const ACCESS_PRIVILEGES: readonly PrivilegeName[] = [
  'Cabinet: Delete',
  'Cabinet: Export Documents',
  'Notes: View Only',
  'Notes: View Admin',
];

/**
 * Access flags of a document the caller can see. Flags for actions this server does not offer
 * yet (workflow, locks, split, merge, link, e-mail) are false, so the client never offers a
 * button the server would refuse.
 */
export function presentDocumentAccess(privileges: ReadonlyMap<PrivilegeName, boolean>): DocumentAccess {
  const has = (name: PrivilegeName): boolean => privileges.get(name) === true;
  return {
    merge: false,
    renewLock: false,
    createLock: false,
    unlock: false,
    route: false,
    approve: false,
    reject: false,
    split: false,
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
