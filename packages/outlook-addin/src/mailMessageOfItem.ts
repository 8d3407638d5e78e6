import type { HostMailAttachment, HostMailMessage } from '@datahaven/core';
import { messageRestId, type RestIdConverter } from './messageRestId';
import { OUTLOOK_TEXT } from './outlookText';

/** The part of a read item the core's filing and reply need (Office.MessageRead, Mailbox 1.8). */
export interface ReadMailItem {
  itemId?: string;
  subject?: string;
  from?: { displayName?: string; emailAddress?: string };
  /** The attachments as Office.js lists them (Office.AttachmentDetails, Mailbox 1.1). */
  attachments: readonly HostMailAttachment[];
  getAttachmentContentAsync(
    attachmentId: string,
    callback: (result: Office.AsyncResult<{ content: string; format: string }>) => void,
  ): void;
  /** The whole message as base64 .eml (Mailbox 1.14); older Outlooks have none, and the message cannot be kept. */
  getAsFileAsync?(callback: (result: Office.AsyncResult<string>) => void): void;
}

/** Whether an item is a message being read with attachments Office.js can hand out. */
export function isReadMailItem(item: unknown): item is ReadMailItem {
  if (typeof item !== 'object' || item === null) return false;
  const candidate = item as Partial<ReadMailItem>;
  return Array.isArray(candidate.attachments) && typeof candidate.getAttachmentContentAsync === 'function';
}

/** Why Outlook could not hand out a file, in words (the core shows them beside the file), in the language shown. */
export const READ_ITEM_ERROR_TEXT = OUTLOOK_TEXT.readItemError;

function asPromise<T>(call: (callback: (result: Office.AsyncResult<T>) => void) => void, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    call((result) => {
      // Compared by value: Office.AsyncResultStatus is an enum of the global, which a stand-in need not carry.
      if (String(result.status) === 'succeeded') resolve(result.value);
      else reject(new Error(READ_ITEM_ERROR_TEXT.failed(what, result.error?.message || READ_ITEM_ERROR_TEXT.noReason)));
    });
  });
}

/**
 * The message being read as the core's HostMailMessage: its subject, sender and attachments,
 * each attachment's bytes through `getAttachmentContentAsync` (one call per attachment), the whole
 * message through `getAsFileAsync` where Outlook has it (Mailbox 1.14), and its Graph REST id
 * (`convertToRestId`) for a reply draft. Outlook's failures come out in words.
 */
export function mailMessageOfItem(item: ReadMailItem, mailbox: RestIdConverter | undefined): HostMailMessage {
  const getAsFile = item.getAsFileAsync;
  return {
    subject: item.subject,
    from: item.from,
    attachments: item.attachments,
    restId: item.itemId !== undefined ? messageRestId(mailbox, item.itemId) : undefined,
    readAttachment: async (attachment) => {
      const content = await asPromise<{ content: string; format: string }>(
        (done) => item.getAttachmentContentAsync(attachment.id, done),
        attachment.name,
      );
      if (content.format !== 'base64') throw new Error(READ_ITEM_ERROR_TEXT.notAFile(attachment.name, content.format));
      return content.content;
    },
    readAsEml:
      getAsFile === undefined ? undefined : () => asPromise<string>((done) => getAsFile.call(item, done), READ_ITEM_ERROR_TEXT.theMessage),
  };
}
