import {
  duplicateOtherText,
  duplicateOverrideRequired,
  duplicateReasonsText,
  isDuplicateOverrideRefusal,
  possibleDuplicateLabel,
} from './duplicateMessages';
import {
  approvalAmountUnknown,
  approvalLimitExceeded,
  approvalLimitNoRate,
  approvalLimitUnchecked,
  componentLoadError,
  componentLoadErrorTitle,
  errorStatusMessage,
  formatLimitAmount,
  invalidComponent,
  invalidQueueTypeId,
  isApprovalLimitRefusal,
  linkingError,
  messageTimedOut,
  noteRequiredToRouteFrom,
  noteRequiredToRouteTo,
  notesRetrievalError,
  queueRefusesImport,
  recordUrlError,
  segregationOtherLevel,
  segregationPreparer,
} from './messages';
import { submissionRequiredMessage } from './submissionRules';
import type { TextsOf } from './TextsOf';

/**
 * The spec's texts with values in them (and ours of the same kind), in English, as one catalogue
 * a translation must match function for function (messageFunctionsFor). The texts stored in notes
 * (uploadedByNote, duplicateOverrideNote, 'VIEWED') are not here: a note is written once and read
 * by everyone, so it stays in the spec's language.
 */
export const MESSAGE_FUNCTIONS = {
  errorStatusMessage,
  messageTimedOut,
  noteRequiredToRouteFrom,
  noteRequiredToRouteTo,
  linkingError,
  notesRetrievalError,
  recordUrlError,
  invalidQueueTypeId,
  componentLoadErrorTitle,
  componentLoadError,
  invalidComponent,
  formatLimitAmount,
  approvalLimitExceeded,
  approvalLimitUnchecked,
  approvalAmountUnknown,
  approvalLimitNoRate,
  isApprovalLimitRefusal,
  segregationPreparer,
  segregationOtherLevel,
  queueRefusesImport,
  submissionRequiredMessage,
  duplicateReasonsText,
  duplicateOtherText,
  possibleDuplicateLabel,
  duplicateOverrideRequired,
  isDuplicateOverrideRefusal,
} as const;

/** MESSAGE_FUNCTIONS as a catalogue a translation must match function for function. */
export type MessageFunctions = TextsOf<typeof MESSAGE_FUNCTIONS>;
