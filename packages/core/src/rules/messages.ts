/**
 * Every user-visible text of the spec (embedded-client §2, §5, §6, §8; portal §2, §5, §6, §8),
 * verbatim — including the spec's own spelling ('Occured') — plus the few texts that are our
 * wording where the spec has none (marked "ours"). Screens, the API client and the server take
 * their words from here and nowhere else.
 */
export const MESSAGES = {
  // Folders, search, viewer (embedded §2, §5)
  taggedItems: 'Tagged Items',
  pinnedSearches: 'Pinned Searches',
  noDocumentsFound: 'No Documents Found',
  firstFiftyResults: 'First 50 Results',
  fileTooBigToView: 'The File is Too Big to View',

  // Routing blocks (embedded §2)
  noRoutesAvailable: 'No Routes Available',
  documentLinkRequired: 'Document Link Required',
  approvalRoutesRequired: 'Approval Routes Required',
  linkedDocumentsRequired: 'Linked Documents Required',

  // Validation (embedded §5)
  noteRequired: 'A note is required to submit.',
  /** Ours: the spec gives the 4000-character limit but no sentence for it. */
  noteTooLong: 'Notes are limited to 4000 characters.',
  fieldRequired: 'This field is required!',
  enterValidDate: 'Enter a valid date (invalid dates will be saved as blank)',
  reenterValidDate: 'Re-enter a valid date',
  splitSelectionInvalid:
    'Please ensure that you have selected either Simple Split, or Break Split. If you have selected Simple Split, ensure you have entered a valid page range.',
  linkOneUnlinkedDocument: 'Please select only one unlinked document at a time.',
  linkAlreadyLinked: 'The document selected for linking is already linked. Sorry!',
  linkDocumentNotFound: 'The document selected for linking could not be found. Sorry!',
  linkInvalidRecordId: 'The document was not linked. Ensure that the record id entered is a valid record id.',
  /** The spec cuts this message off after its first words; the remainder is not shown. */
  quickLinkFailedPrefix: 'Link failed, since record ID:',

  // Workflow (embedded §4)
  queueOutOfSync: 'Document Queue Out Of Sync With Window',

  // Permissions (embedded §6, portal §6)
  noLicense: 'You do not have a license or permission to access Datahaven Documents',

  // Error catalogue (embedded §8)
  badAuthenticationToken: 'Received a bad Authentication token',
  unhandledError: 'An Unhandled Error Occured',
  unableToGenerateRecordUrl: 'Unable to generate URL to record...',
  launchRecordError: 'There was an error launching a record.',
  documentNotApproved: "The document couldn't be approved.",
  documentNotRejected: "The document couldn't be rejected.",
  documentLockedByOther: 'The document has been locked by another user.',
  documentNotFound: 'The document was not found. It has either been moved or deleted.',
  documentMovedQueue:
    'This document has been moved to a different queue since this page was last loaded. Please close this dialog to refresh your window.',
  splitError: 'An error occurred when splitting the document.',
  noUrlForNewRecord: 'There was no URL generated to open a page for a new record.',
  linkToNewRecordFailed: 'The product failed to link the document to the newly created record.',
  cannotCompleteImport: 'Error: Cannot complete import!',
  errorUploadingFile: 'Error Uploading File!',
  unsupportedFileType: 'Unsupported file type!',
  saveUserSettingsFailed: 'Failed to save user settings.',
  mergeTooBig: 'Merge file size greater than the maximum',
  queueRestrictedToCompany: 'This queue has been restricted to users with a company. No current company has been provided.',
  linkToApprovalNotConfigured: 'This queue has not been properly configured for Link To Approval',
  serverVersionNotRetrieved: 'Server Version not retrieved.',
  unknownLicense: 'Unknown license.',
  unknownProductionEdition: 'Unknown production edition.',
  captureNotFulfilled: 'The request to capture this record could not be fulfilled.',
  newRecordNavigatedAway:
    'We detected that you have navigated away from the new record page in some fashion, so the operation was cancelled.',
  quickLinkMultipleSelected: 'Multiple documents were selected for Quick Link in a Quick Link queue.',

  // Portal error catalogue (portal §8)
  failedReloadingWorkflowDocuments: 'Failed reloading workflow documents',
  errorBlockTitle: 'An Error Occured',

  // Portal titles (portal §2)
  settingsTitle: 'Settings',
  setupEditTitle: 'Setup / Edit',
  routeToTitle: 'Route To ...',

  // Ours: transport failures the spec does not word.
  /** Ours: the 10 s request time-out elapsed. */
  requestTimedOut: 'The server did not answer within 10 seconds. Please try again later.',
  /** Ours: fetch failed before any HTTP answer. */
  serverUnreachable: 'The server could not be reached. Please check your connection and try again.',
  /** Ours: the user or the app aborted the request. */
  requestCancelled: 'The request was cancelled.',
  /** Ours: a retry arrived while the first request with its Idempotency-Key was still being answered (409). */
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
  /** Ours: an Idempotency-Key sent again with another request (422). */
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  /** Ours: the user cancelled an upload. */
  uploadCancelled: 'The upload was cancelled.',
  /** Ours: an upload bigger than the 'File Upload Size Limit' option. */
  uploadTooLarge: 'The file is larger than the upload size limit.',
  /** Ours: a file with no bytes. */
  uploadEmpty: 'The file is empty.',
  /** Ours: a split asked of a file the server cannot split (one page, or not a PDF). */
  notSplittable: 'Only PDF and TIFF documents with more than one page can be split.',

  // Ours: reasons on disabled workflow actions where the spec names the rule but gives no text.
  /** Ours: an action with no document selected. */
  noDocumentsSelected: 'Select one or more documents first.',
  /** Ours: tagging mode disables route, approve, reject and single-document actions. */
  taggingModeOn: 'Not available while tagging mode is on.',
  /** Ours: the document's workflow permissions or access flags do not grant the action. */
  actionNotPermitted: 'You do not have permission to do this with every selected document.',
  /** Ours: the queue feature BlockApproveFromQueue is set. */
  approveBlockedFromQueue: 'Documents in this queue cannot be approved from the queue.',
  /** Ours: route needs all documents in the same queue. */
  documentsInDifferentQueues: 'The selected documents must all be in the same queue.',
  /** Ours: the warning before approving or routing an unlinked document (WarnApproveUnlinked, WarnRouteUnlinked). */
  unlinkedDocumentWarning: 'One or more of the selected documents are not linked to a record.',
  /** Ours, in the style of 'Document Link Required': BlockApproveUnsubmitted / BlockRouteUnsubmitted with one unsubmitted document. */
  documentSubmissionRequired: 'Document Submission Required',
  /** Ours, in the style of 'Linked Documents Required': the same block for a multi-selection. */
  submittedDocumentsRequired: 'Submitted Documents Required',
  /** Ours: the warning before approving or routing an unsubmitted document (WarnApproveUnsubmitted, WarnRouteUnsubmitted). */
  unsubmittedDocumentWarning: 'One or more of the selected documents have not been submitted.',
  /** Ours: lock, renew and unlock are not offered in search view. */
  lockInSearchView: 'Locks cannot be changed in search view.',
  /** Ours: merge needs more than one document. */
  mergeNeedsTwoDocuments: 'Select more than one document to merge.',
  /** Ours: merge needs every document to have the same link. */
  mergeDifferentLinks: 'Documents to merge must all have the same link.',
  /** Ours: the download menu takes at most 10 documents. */
  downloadTooManyDocuments: 'The download menu takes at most 10 documents.',
  /** Ours: a queue that does not exist or that the caller may not browse (404; the two look alike). */
  queueNotFound: 'The queue was not found.',
  /** Ours: a queue type that does not exist or has no queue the caller may browse (404). */
  queueTypeNotFound: 'The queue type was not found.',
} as const;

/** 'Error {status}: {message}. Please try again later.' (embedded §8) */
export function errorStatusMessage(status: number, message: string): string {
  return `Error ${status}: ${message}. Please try again later.`;
}

/** 'Message #n timed out.' — a parent-frame request without an answer (embedded §7). */
export function messageTimedOut(requestId: number): string {
  return `Message #${requestId} timed out.`;
}

/** 'A note is required to route the selected documents from the queue {queueName}' (embedded §5). */
export function noteRequiredToRouteFrom(queueName: string): string {
  return `A note is required to route the selected documents from the queue ${queueName}`;
}

/** 'A note is required to route the selected documents to the queue {queueName}' (embedded §5). */
export function noteRequiredToRouteTo(queueName: string): string {
  return `A note is required to route the selected documents to the queue ${queueName}`;
}

/** 'There was an error linking the document: {errorMessage}' (embedded §8). */
export function linkingError(errorMessage: string): string {
  return `There was an error linking the document: ${errorMessage}`;
}

/** 'There was an error retrieving notes for this document: {errorMessage}' (embedded §8). */
export function notesRetrievalError(errorMessage: string): string {
  return `There was an error retrieving notes for this document: ${errorMessage}`;
}

/** "There was an error getting a URL to record: '{errorStr}'." (embedded §8). */
export function recordUrlError(errorStr: string): string {
  return `There was an error getting a URL to record: '${errorStr}'.`;
}

/** The queue-type id refusal, with the spec's missing space and double space (portal §5). */
export function invalidQueueTypeId(value: string): string {
  return `'${value}'is not a valid Queue Type ID.  Refusing to load its queues.`;
}

/** 'Error Loading Component "{name}"' — title of a component load failure (portal §8). */
export function componentLoadErrorTitle(name: string): string {
  return `Error Loading Component "${name}"`;
}

/** 'Failed to load component "{name}" error:' plus the error (portal §8). */
export function componentLoadError(name: string, error: string): string {
  return `Failed to load component "${name}" error: ${error}`;
}

/** 'Invalid Component "{name}" Not Loaded' (portal §8). */
export function invalidComponent(name: string): string {
  return `Invalid Component "${name}" Not Loaded`;
}

/** Ours: 'Uploaded by {user}' — the system note an upload writes (BRIEF). */
export function uploadedByNote(username: string): string {
  return `Uploaded by ${username}`;
}

/** The text of the note recorded when a user opens a document (BRIEF: 'VIEWED'). */
export const VIEWED_NOTE_TEXT = 'VIEWED';

/** An amount as the approval-limit messages show it: two decimals, thousands separated, the currency code after it when there is one. */
export function formatLimitAmount(amount: number, currencyCode: string): string {
  const number = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currencyCode.trim() === '' ? number : `${number} ${currencyCode.trim()}`;
}

/** An amount converted into the limit's currency, as the approval-limit messages show it beside the record's own. */
export interface AmountInLimitCurrency {
  amount: number;
  currencyCode: string;
}

/**
 * Ours (issue 12, money rules; issue 35): approving a document whose linked record's amount is
 * over the approver's limit in the queue. The limit reads in the company's local currency
 * (docs/UX-DECISIONS.md): a record in another currency shows its amount converted, "The amount
 * 9,200.00 EUR (10,414.40 USD) of …"; without `inLimitCurrency` the record is in the limit's currency.
 */
export function approvalLimitExceeded(
  amount: number,
  currencyCode: string,
  documentName: string,
  limit: number,
  queueName: string,
  inLimitCurrency?: AmountInLimitCurrency,
): string {
  const converted = inLimitCurrency === undefined ? '' : ` (${formatLimitAmount(inLimitCurrency.amount, inLimitCurrency.currencyCode)})`;
  const limitCurrency = inLimitCurrency === undefined ? currencyCode : inLimitCurrency.currencyCode;
  return `The amount ${formatLimitAmount(amount, currencyCode)}${converted} of ${documentName} is over your approval limit of ${formatLimitAmount(limit, limitCurrency)} in queue ${queueName}.`;
}

/** Ours: an approver with a limit, and a linked record whose amount cannot be read (the record is gone from the ERP). */
export function approvalLimitUnchecked(documentName: string, queueName: string): string {
  return `The amount of ${documentName} could not be read from its linked record, so your approval limit in queue ${queueName} cannot be checked.`;
}

/**
 * Ours (issue 35): an approver with a limit, and a document whose amount cannot be known — not
 * linked, or linked to a record without an amount (a vendor card, a receipt). A limit that cannot
 * be checked is not passed; the way on is said in the same words.
 */
export function approvalAmountUnknown(documentName: string, queueName: string, linked: boolean): string {
  const why = linked ? 'its linked record has no amount' : 'it is not linked to a record';
  return `The amount of ${documentName} is not known (${why}), so your approval limit in queue ${queueName} cannot be checked. Link it to its invoice, or route it to a level without a limit.`;
}

/**
 * Ours (issue 35): an approver with a limit, and a record in a currency the ERP holds no exchange
 * rate for on the record's date, so its amount cannot be placed in the limit's currency.
 */
export function approvalLimitNoRate(
  amount: number,
  currencyCode: string,
  documentName: string,
  limit: number,
  limitCurrency: string,
  queueName: string,
  missingCurrency: string,
  date: string,
  erp: string,
): string {
  return `The amount ${formatLimitAmount(amount, currencyCode)} of ${documentName} cannot be compared with your approval limit of ${formatLimitAmount(limit, limitCurrency)} in queue ${queueName}: ${erp} has no exchange rate for ${missingCurrency} on or before ${date}.`;
}

/** Whether a refusal is one of the approval-limit refusals above: the screens then offer routing to the next level instead. */
export function isApprovalLimitRefusal(message: string): boolean {
  return /^The amount .* (is over your approval limit of|so your approval limit in queue|cannot be compared with your approval limit of) /.test(
    message,
  );
}

/** Ours (issue 35, segregation of duties): what the approver did to a document that bars them from approving it. */
export type PreparerRole = 'imported' | 'submitted' | 'coded';

/** Ours (issue 35): the approver imported, submitted or coded the document, in a queue with ApproverNotPreparer. */
export function segregationPreparer(role: PreparerRole, documentName: string): string {
  const did = role === 'coded' ? 'coded (linked it or entered its custom data)' : role;
  return `Segregation of duties: you ${did} '${documentName}', so someone else must approve it.`;
}

/** Ours (issue 35): the approver approved the document at another level, in a queue with OneLevelPerApprover. */
export function segregationOtherLevel(documentName: string, level: number, queueName: string, thisLevel: number): string {
  return `Segregation of duties: you approved '${documentName}' at level ${level} (${queueName}), so someone else must approve it at level ${thisLevel}.`;
}

/**
 * A NoImporting queue refuses dropped files (portal §6 features; UX-DECISIONS "Intake"): the
 * spec's 'Error: Cannot complete import!' and why, naming the queue.
 */
export function queueRefusesImport(queueName: string): string {
  return `${MESSAGES.cannotCompleteImport} The queue ${queueName} does not accept imported documents.`;
}
