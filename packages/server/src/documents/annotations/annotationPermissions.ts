import type { Kysely } from 'kysely';
import { effectivePrivileges, queueActionAllowed } from '../../access';
import type { DocumentDetailRow } from '../../access';
import type { Database } from '../../db/schema';

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
  /** Holds 'Cabinet: Annotations Edit'. */
  edit: boolean;
  /** Holds 'Cabinet: Annotations Add Only'. */
  addOnly: boolean;
  /** The document is not in a queue, or the caller's effective access on it has ChangeAnnotations. */
  queueAllows: boolean;
  /** Another user holds a live lock on the document (writes answer 409). */
  lockedByOther: boolean;
}

/** Texts of the 403 answers (ours: the spec has none). */
export const ANNOTATION_REFUSALS = {
  add: "Adding annotations needs 'Cabinet: Annotations Add Only' or 'Cabinet: Annotations Edit'.",
  edit: "Changing or deleting annotations needs 'Cabinet: Annotations Edit' (or 'Cabinet: Annotations Add Only' for your own).",
  editOthers: "Changing or deleting another user's annotation needs 'Cabinet: Annotations Edit'.",
  queue: "The document's queue does not allow you to change annotations (ChangeAnnotations).",
} as const;

/** The caller's annotation permissions on a visible document (one privilege query; queue access and lock come with the row). */
export async function annotationPermissionsFor(
  db: Kysely<Database>,
  userId: number,
  document: DocumentDetailRow,
): Promise<AnnotationPermissions> {
  const held = await effectivePrivileges(db, userId, ['Cabinet: Annotations Add Only', 'Cabinet: Annotations Edit']);
  return {
    edit: held.get('Cabinet: Annotations Edit') === true,
    addOnly: held.get('Cabinet: Annotations Add Only') === true,
    queueAllows: document.queue_id === null || queueActionAllowed('annotate', Number(document.queue_access)),
    lockedByOther: document.lock_user_id !== null && document.lock_user_id !== userId,
  };
}

/** Why the caller may not add an annotation (a 403 text), or null when they may (locks aside). */
export function refusalToAdd(permissions: AnnotationPermissions): string | null {
  if (!permissions.edit && !permissions.addOnly) return ANNOTATION_REFUSALS.add;
  if (!permissions.queueAllows) return ANNOTATION_REFUSALS.queue;
  return null;
}

/** Why the caller may not change or delete an annotation by `authorId` (a 403 text), or null when they may (locks aside). */
export function refusalToEdit(permissions: AnnotationPermissions, userId: number, authorId: number): string | null {
  if (!permissions.edit && !permissions.addOnly) return ANNOTATION_REFUSALS.edit;
  if (!permissions.queueAllows) return ANNOTATION_REFUSALS.queue;
  if (!permissions.edit && authorId !== userId) return ANNOTATION_REFUSALS.editOthers;
  return null;
}

/** Whether the caller may change or delete the annotation now (the `canEdit` the viewer shows). */
export function canEditAnnotation(permissions: AnnotationPermissions, userId: number, authorId: number): boolean {
  return !permissions.lockedByOther && refusalToEdit(permissions, userId, authorId) === null;
}
