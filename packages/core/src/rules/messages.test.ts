import {
  MESSAGES,
  errorStatusMessage,
  invalidQueueTypeId,
  linkingError,
  messageTimedOut,
  noteRequiredToRouteFrom,
  noteRequiredToRouteTo,
  notesRetrievalError,
  recordUrlError,
  VIEWED_NOTE_TEXT,
} from './messages';

describe('messages', () => {
  it('formats the status error of spec §8', () => {
    expect(errorStatusMessage(500, 'Internal Server Error')).toBe('Error 500: Internal Server Error. Please try again later.');
  });

  it('formats the parent-frame time-out', () => {
    expect(messageTimedOut(7)).toBe('Message #7 timed out.');
  });

  it('formats the route note requirements with the queue name', () => {
    expect(noteRequiredToRouteFrom('AP Review')).toBe('A note is required to route the selected documents from the queue AP Review');
    expect(noteRequiredToRouteTo('Approved')).toBe('A note is required to route the selected documents to the queue Approved');
  });

  it('formats the parameterised errors', () => {
    expect(linkingError('boom')).toBe('There was an error linking the document: boom');
    expect(notesRetrievalError('boom')).toBe('There was an error retrieving notes for this document: boom');
    expect(recordUrlError('boom')).toBe("There was an error getting a URL to record: 'boom'.");
    expect(invalidQueueTypeId('x')).toBe("'x'is not a valid Queue Type ID.  Refusing to load its queues.");
  });

  it('keeps the spec spelling and the brief note limit', () => {
    expect(MESSAGES.unhandledError).toBe('An Unhandled Error Occured');
    expect(MESSAGES.fileTooBigToView).toBe('The File is Too Big to View');
    expect(MESSAGES.noteTooLong).toBe('Notes are limited to 4000 characters.');
    expect(MESSAGES.noDocumentsFound).toBe('No Documents Found');
    expect(MESSAGES.taggedItems).toBe('Tagged Items');
    expect(MESSAGES.pinnedSearches).toBe('Pinned Searches');
  });

  // The fixed sentences of embedded-client §2, §4, §5, §6, §8 and portal §6, §8, copied from the
  // spec: a typo in a constant, or a message dropped from MESSAGES, fails here.
  it('contains every fixed message of the spec verbatim', () => {
    const spec = [
      'Tagged Items',
      'Pinned Searches',
      'No Documents Found',
      'First 50 Results',
      'VIEWED',
      'No Routes Available',
      'Document Link Required',
      'Approval Routes Required',
      'Linked Documents Required',
      'A note is required to submit.',
      'This field is required!',
      'Enter a valid date (invalid dates will be saved as blank)',
      'Re-enter a valid date',
      'Please ensure that you have selected either Simple Split, or Break Split. If you have selected Simple Split, ensure you have entered a valid page range.',
      'Please select only one unlinked document at a time.',
      'The document selected for linking is already linked. Sorry!',
      'The document selected for linking could not be found. Sorry!',
      'The document was not linked. Ensure that the record id entered is a valid record id.',
      'Link failed, since record ID:',
      'The File is Too Big to View',
      'Unsupported file type!',
      'Document Queue Out Of Sync With Window',
      'You do not have a license or permission to access Datahaven Documents',
      'Received a bad Authentication token',
      'An Unhandled Error Occured',
      'Unable to generate URL to record...',
      'There was an error launching a record.',
      "The document couldn't be approved.",
      "The document couldn't be rejected.",
      'The document has been locked by another user.',
      'The document was not found. It has either been moved or deleted.',
      'This document has been moved to a different queue since this page was last loaded. Please close this dialog to refresh your window.',
      'An error occurred when splitting the document.',
      'There was no URL generated to open a page for a new record.',
      'The product failed to link the document to the newly created record.',
      'Error: Cannot complete import!',
      'Error Uploading File!',
      'Failed to save user settings.',
      'Merge file size greater than the maximum',
      'This queue has been restricted to users with a company. No current company has been provided.',
      'This queue has not been properly configured for Link To Approval',
      'Server Version not retrieved.',
      'Unknown license.',
      'Unknown production edition.',
      'The request to capture this record could not be fulfilled.',
      'We detected that you have navigated away from the new record page in some fashion, so the operation was cancelled.',
      'Multiple documents were selected for Quick Link in a Quick Link queue.',
      'Failed reloading workflow documents',
      'An Error Occured',
    ];
    const known = new Set<string>([...Object.values(MESSAGES), VIEWED_NOTE_TEXT]);
    expect(spec.filter((text) => !known.has(text))).toEqual([]);
  });
});
