import { formatFileSize } from '@datahaven/core';

/** One attachment of the message being read, as Office.js lists it (Office.AttachmentDetails, Mailbox 1.1). */
export interface MailAttachment {
  id: string;
  name: string;
  contentType: string;
  size: number;
  attachmentType: string;
  isInline: boolean;
}

/** The part of a read item filing an e-mail's invoice needs (Office.MessageRead, Mailbox 1.8). */
export interface ReadMailItem {
  itemId?: string;
  subject?: string;
  from?: { displayName?: string; emailAddress?: string };
  attachments: readonly MailAttachment[];
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

/** The file types the import takes from an e-mail (docs/API.md mail-import: PDF, TIFF, images). */
const IMPORTABLE_TYPES = /^(application\/pdf|image\/(tiff|png|jpeg|gif|bmp))$/i;
const IMPORTABLE_NAMES = /\.(pdf|tiff?|png|jpe?g|gif|bmp)$/i;

/**
 * Why an attachment cannot be filed, in words; null when it can. `sizeLimit` is the server's
 * 'File Upload Size Limit' in bytes (0 or absent: none), so a file the server would refuse with a
 * 413 is said before Outlook is asked for its bytes.
 */
export function whyNotImportable(attachment: MailAttachment, sizeLimit = 0): string | null {
  if (attachment.attachmentType !== 'file')
    return `${attachment.name} is not a file (an attached message or a cloud link) and cannot be filed.`;
  // Outlook often reports application/octet-stream, so the name decides too; the server checks the bytes anyway.
  if (!IMPORTABLE_TYPES.test(attachment.contentType) && !IMPORTABLE_NAMES.test(attachment.name))
    return `${attachment.name} cannot be filed: only PDF, TIFF and image files are imported.`;
  if (sizeLimit > 0 && attachment.size > sizeLimit)
    return `${attachment.name} cannot be filed: it is larger than the upload size limit (${formatFileSize(sizeLimit)}).`;
  return null;
}

/** Why the e-mail itself cannot be kept as a document in this Outlook, in words; null when it can. */
export function whyMessageNotKept(item: ReadMailItem): string | null {
  // getAsFileAsync came with Mailbox 1.14 (Outlook on the web, new Outlook, classic Outlook 2023+); older ones hand out attachments only.
  if (typeof item.getAsFileAsync !== 'function')
    return 'This version of Outlook cannot hand out the e-mail itself, so only its attachments can be filed.';
  return null;
}

/** The kept e-mail's file name: its subject (characters no file name takes replaced), `.eml`. */
export function messageFileName(subject: string | undefined): string {
  const base = (subject ?? '')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    // Control characters (a folded header's tab or newline) take no place in a file name.
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
    .replace(/[. ]+$/, '');
  return `${base || 'E-mail'}.eml`;
}

/** The sender as the import wants it: `Jane Doe <ap@vendor.example>`. */
export function senderOf(item: ReadMailItem): string {
  const name = item.from?.displayName?.trim() ?? '';
  const address = item.from?.emailAddress?.trim() ?? '';
  if (name !== '' && address !== '' && name !== address) return `${name} <${address}>`;
  return address || name;
}

function asPromise<T>(call: (callback: (result: Office.AsyncResult<T>) => void) => void, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    call((result) => {
      // Compared by value: Office.AsyncResultStatus is an enum of the global, which a stand-in need not carry.
      if (String(result.status) === 'succeeded') resolve(result.value);
      else reject(new Error(`Outlook could not read ${what}: ${result.error?.message || 'no reason given.'}`));
    });
  });
}

/** Reads one attachment's bytes through Outlook as base64 text. */
export async function readAttachmentBase64(item: ReadMailItem, attachment: MailAttachment): Promise<string> {
  const content = await asPromise<{ content: string; format: string }>(
    (done) => item.getAttachmentContentAsync(attachment.id, done),
    attachment.name,
  );
  if (content.format !== 'base64') throw new Error(`Outlook could not read ${attachment.name}: it handed out no file (${content.format}).`);
  return content.content;
}

/** Reads the whole message as base64 .eml, where Outlook offers it. */
export function readMessageBase64(item: ReadMailItem): Promise<string> | null {
  const getAsFile = item.getAsFileAsync;
  if (getAsFile === undefined) return null;
  return asPromise<string>((done) => getAsFile.call(item, done), 'the message');
}

/** Turns base64 text into a named file for a multipart part. */
export function fileFromBase64(base64: string, name: string, type: string): File {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new File([bytes], name, { type: type || 'application/octet-stream' });
}
