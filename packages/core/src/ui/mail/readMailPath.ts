/**
 * Where the core shows the e-mail being read (the host's `messageBeingRead`): filing its invoice
 * and replying with documents. A host that reads a message starts its router here.
 */
export const READ_MAIL_PATH = '/mail/read';
