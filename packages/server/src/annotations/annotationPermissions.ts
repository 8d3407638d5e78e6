import type { Kysely } from 'kysely';
import type { DocumentDetailRow } from '../db/documentQueries';
import type { Database } from '../db/schema';
import { effectivePrivileges } from '../policies/privileges';
import { QUEUE_ACCESS_FLAGS } from '../workflow/queueAccessFlags';

/**
 * What a caller may do with the annotations of one document they can see.
 *
 * - add: 'Cabinet: Annotations Add Only' or 'Cabinet: Annotations Edit';
 * - change or delete any annotation: 'Cabinet: Annotations Edit';
 * - change or delete their own annotations: 'Cabinet: Annotations Add Only' too (our decision:
 *   "add only" means a user cannot touch other people's marks, but can correct their own);
 * - all of it, when the document is in a queue, only with ChangeAnnotations in the caller's
 *   effective access on that queue;
 * - all of it only while no other user holds a live lock on the document (the write itself
 *   re-checks the lock inside its transaction).
 */
export interface AnnotationPermissions {
  canAdd: boolean;
  canEditAny: boolean;
  canEditOwn: boolean;
  /** Why nothing may be written (403 text), or null when the privileges and queue allow something. */
  refusal: string | null;
  /** Another user holds a live lock on the document (writes answer 409). */
  lockedByOther: boolean;
}

/** Texts of the 403 answers (ours: the spec has none). */
export const ANNOTATION_REFUSALS = {
  add: "Adding annotations needs 'Cabinet: Annotations Add Only' or 'Cabinet: Annotations Edit'.",
  edit: "Changing or deleting annotations needs 'Cabinet: Annotations Edit'.",
  editOthers: "Changing or deleting another user's annotation needs 'Cabinet: Annotations Edit'.",
  queue: "The document's queue does not allow you to change annotations (ChangeAnnotations).",
} as const;

/** The caller's annotation permissions on a visible document (one privilege query; queue access and lock come with the row). */
export async function annotationPermissionsFor(db: Kysely<Database>, userId: number, document: DocumentDetailRow): Promise<AnnotationPermissions> {
  const held = await effectivePrivileges(db, userId, ['Cabinet: Annotations Add Only', 'Cabinet: Annotations Edit']);
  const edit = held.get('Cabinet: Annotations Edit') === true;
  const addOnly = held.get('Cabinet: Annotations Add Only') === true;
  const queueAllows = document.queue_id === null || (Number(document.queue_access) & QUEUE_ACCESS_FLAGS.ChangeAnnotations) !== 0;
  const lockedByOther = document.lock_user_id !== null && document.lock_user_id !== userId;
  let refusal: string | null = null;
  if (!edit && !addOnly) refusal = ANNOTATION_REFUSALS.add;
  else if (!queueAllows) refusal = ANNOTATION_REFUSALS.queue;
  const allowed = refusal === null && !lockedByOther;
  return {
    canAdd: allowed,
    canEditAny: allowed && edit,
    canEditOwn: allowed,
    refusal,
    lockedByOther,
  };
}

/** Whether the caller may change or delete one annotation (by its author). */
export function canEditAnnotation(permissions: AnnotationPermissions, userId: number, authorId: number): boolean {
  return permissions.canEditAny || (permissions.canEditOwn && authorId === userId);
}
