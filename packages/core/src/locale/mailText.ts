import { LIMITS } from '../model';
import { pluralFor } from './plural';

const plural = pluralFor('en');

/** How many documents: "1 document", "2 documents". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'document', other: 'documents' })}`;

/**
 * The e-mail being read (the host's message, Outlook read mode): its two views, filing its invoice
 * and replying with documents (docs/UX-DECISIONS.md "Outlook read pane"). The tabs' words are
 * short enough for Outlook's 320 px pane; each view's heading says it in full.
 */
export const MAIL_TEXT = {
  views: 'What to do with this e-mail',
  fileTab: 'File invoice',
  replyTab: 'Reply with documents',
  noReply: 'Outlook gave no id for this message, so no reply can be drafted from here.',

  /** "File this e-mail's invoice" (UX-DECISIONS "Outlook read pane: file an e-mail's invoice"). */
  file: {
    title: "File this e-mail's invoice",
    attachments: 'Attachments',
    noAttachments: 'This message has no attachments to file.',
    nothingImportable: 'This message has no attachment that can be filed.',
    /** Why an attachment cannot be filed: an attached message or a cloud link. */
    notAFile: (name: string): string => `${name} is not a file (an attached message or a cloud link) and cannot be filed.`,
    /** Why an attachment cannot be filed: its type. */
    notImportable: (name: string): string => `${name} cannot be filed: only PDF, TIFF and image files are imported.`,
    /** Why an attachment cannot be filed: over the server's upload size limit (`limit` already written as a size). */
    overSizeLimit: (name: string, limit: string): string => `${name} cannot be filed: it is larger than the upload size limit (${limit}).`,
    /** Why the e-mail itself cannot be kept: the host cannot hand it out. */
    messageNotKept: 'This version of Outlook cannot hand out the e-mail itself, so only its attachments can be filed.',
    /** The kept e-mail's file name when its subject gives none. */
    untitledMessage: 'E-mail',
    destination: 'File into',
    intoQueue: 'A queue',
    intoRecord: "A record's folder",
    queue: 'Queue',
    noQueues: 'You may import into no queue.',
    loadingQueues: 'Loading your queues…',
    recordType: 'Record type',
    noRecordTypes: 'There is no record type you may file documents on.',
    loadingRecordTypes: 'Loading the record types…',
    record: 'Record',
    recordPlaceholder: 'Search by number or name',
    searching: 'Searching…',
    noRecords: 'No record matches the search.',
    moreRecords: 'More records',
    chooseRecord: 'Choose the record to file the documents on.',
    folder: 'Folder',
    mayNotUpload: (table: string): string => `You may not file documents on ${table} records.`,
    keepMessage: 'Keep the e-mail itself as a document',
    note: 'Note',
    file: 'File',
    filing: 'Filing…',
    progress: 'Progress',
    waiting: 'Waiting',
    reading: 'Reading from Outlook…',
    sending: 'Sending…',
    filed: 'Filed',
    notFiled: 'Not filed',
    filedIn: (count: number, queue: string): string => `${documents(count)} filed in ${queue}.`,
    filedOn: (count: number, record: string, folder: string | null): string =>
      `${documents(count)} filed on ${record}${folder === null ? '' : ` in the folder ${folder}`}.`,
    waitsIn: (count: number, queue: string): string => `${plural(count, { one: 'It waits', other: 'They wait' })} in ${queue}.`,
    openQueue: (queue: string): string => `Open ${queue}`,
    nothingFiled: 'Nothing was filed.',
  },

  /** "Reply with documents" (UX-DECISIONS "Outlook read pane: reply with documents"). */
  reply: {
    title: 'Reply with documents',
    find: 'Find documents',
    search: 'Search',
    searching: 'Searching…',
    searchResults: 'Search results',
    noResults: 'No documents found.',
    moreResults: (shown: number, total: number): string => `Showing ${shown} of ${total}: add words to narrow the search.`,
    picked: (count: number): string => `To attach (${count} of at most ${LIMITS.downloadMenuMaxDocuments})`,
    nothingPicked: 'Pick one or more documents to attach.',
    atLimit: `A reply takes at most ${LIMITS.downloadMenuMaxDocuments} documents.`,
    remove: (name: string): string => `Remove ${name}`,
    withAnnotations: 'With annotations',
    comment: 'Comment (optional)',
    reply: (count: number): string => (count === 0 ? 'Reply' : `Reply with ${documents(count)}`),
    retry: 'Retry',
    busy: 'Creating the reply draft…',
    created: (count: number): string => `Reply draft created with ${count} ${plural(count, { one: 'attachment', other: 'attachments' })}.`,
    attached: 'Attached',
    openDraft: 'Open the draft',
    notCreated: 'The reply draft was not created.',
    parts: (chunks: number): string => `uploaded in ${chunks} ${plural(chunks, { one: 'part', other: 'parts' })}`,
  },
} as const;
