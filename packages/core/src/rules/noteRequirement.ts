import { hasQueueFeature, type DocumentQueue } from '../model';
import { noteRequiredToRouteFrom, noteRequiredToRouteTo, MESSAGES } from './messages';
import { validateNote, type NoteValidation } from './noteValidation';

/** What the note rules read of a queue: its name, features and the default note requirements. */
export interface NoteQueue extends Pick<DocumentQueue, 'name' | 'features1' | 'features2'> {
  defaultApproveRequiresNote?: boolean;
  defaultRejectRequiresNote?: boolean;
}

/** Whether a workflow action needs a note, and the message to show when it is missing. */
export type NoteRequirement = { required: false } | { required: true; message: string };

const NOT_REQUIRED: NoteRequirement = { required: false };

/**
 * Spec §5: a note is required to approve when the source queue's defaultApproveRequiresNote or
 * its ApproveFromNoteRequired feature says so, or the target queue (when known) sets
 * ApproveToNoteRequired. Message: 'A note is required to submit.'.
 */
export function approveNoteRequirement(from: NoteQueue, to: NoteQueue | null = null): NoteRequirement {
  const required =
    from.defaultApproveRequiresNote === true ||
    hasQueueFeature(from, 'ApproveFromNoteRequired') ||
    hasQueueFeature(to, 'ApproveToNoteRequired');
  return required ? { required: true, message: MESSAGES.noteRequired } : NOT_REQUIRED;
}

/**
 * Spec §5: a note is required to reject when the source queue's defaultRejectRequiresNote or its
 * RejectFromNoteRequired feature says so, or the target queue (when known) sets
 * RejectToNoteRequired. Message: 'A note is required to submit.'.
 */
export function rejectNoteRequirement(from: NoteQueue, to: NoteQueue | null = null): NoteRequirement {
  const required =
    from.defaultRejectRequiresNote === true ||
    hasQueueFeature(from, 'RejectFromNoteRequired') ||
    hasQueueFeature(to, 'RejectToNoteRequired');
  return required ? { required: true, message: MESSAGES.noteRequired } : NOT_REQUIRED;
}

/**
 * Spec §5: a note is required to route when the source queue sets RouteFromNoteRequired ('A note
 * is required to route the selected documents from the queue {name}') or the target queue sets
 * RouteToNoteRequired ('... to the queue {name}'); the source queue's message wins when both do.
 */
export function routeNoteRequirement(from: NoteQueue, to: NoteQueue): NoteRequirement {
  if (hasQueueFeature(from, 'RouteFromNoteRequired')) return { required: true, message: noteRequiredToRouteFrom(from.name) };
  if (hasQueueFeature(to, 'RouteToNoteRequired')) return { required: true, message: noteRequiredToRouteTo(to.name) };
  return NOT_REQUIRED;
}

/** The first requirement that needs a note, e.g. over the queues of a multi-selection. */
export function combineNoteRequirements(requirements: readonly NoteRequirement[]): NoteRequirement {
  return requirements.find((requirement) => requirement.required) ?? NOT_REQUIRED;
}

/**
 * Checks the note sent with a workflow action: a blank note is fine unless one is required (then
 * the requirement's message); any note given holds at most 4000 characters.
 */
export function validateWorkflowNote(requirement: NoteRequirement, text: string | null | undefined): NoteValidation {
  const blank = text === null || text === undefined || text.trim() === '';
  if (blank) return requirement.required ? { valid: false, message: requirement.message } : { valid: true };
  return validateNote(text);
}
