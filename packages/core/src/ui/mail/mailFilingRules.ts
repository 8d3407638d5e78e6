import type { HostMailAttachment, HostMailMessage } from '../../host';
import { UI_TEXT } from '../../locale/uiText';

/** The file types the import takes from an e-mail (docs/API.md mail-import: PDF, TIFF, images). */
const IMPORTABLE_TYPES = /^(application\/pdf|image\/(tiff|png|jpeg|gif|bmp))$/i;
const IMPORTABLE_NAMES = /\.(pdf|tiff?|png|jpe?g|gif|bmp)$/i;

/**
 * Why an attachment cannot be filed, in words; null when it can. `sizeLimit` is the server's
 * 'File Upload Size Limit' in bytes (0: none), so a file the server would refuse with a 413 is
 * said before the host is asked for its bytes; `formatFileSize` writes the limit in the user's locale.
 */
export function whyNotImportable(
  attachment: HostMailAttachment,
  sizeLimit: number,
  formatFileSize: (bytes: number) => string,
): string | null {
  if (attachment.attachmentType !== 'file') return UI_TEXT.mail.file.notAFile(attachment.name);
  // Outlook often reports application/octet-stream, so the name decides too; the server checks the bytes anyway.
  if (!IMPORTABLE_TYPES.test(attachment.contentType) && !IMPORTABLE_NAMES.test(attachment.name))
    return UI_TEXT.mail.file.notImportable(attachment.name);
  if (sizeLimit > 0 && attachment.size > sizeLimit) return UI_TEXT.mail.file.overSizeLimit(attachment.name, formatFileSize(sizeLimit));
  return null;
}

/** Why the e-mail itself cannot be kept as a document, in words; null when the host can hand it out. */
export function whyMessageNotKept(message: HostMailMessage): string | null {
  return message.readAsEml === undefined ? UI_TEXT.mail.file.messageNotKept : null;
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
  return `${base || UI_TEXT.mail.file.untitledMessage}.eml`;
}

/** The sender as the import wants it: `Jane Doe <ap@vendor.example>`. */
export function senderOf(message: HostMailMessage): string {
  const name = message.from?.displayName?.trim() ?? '';
  const address = message.from?.emailAddress?.trim() ?? '';
  if (name !== '' && address !== '' && name !== address) return `${name} <${address}>`;
  return address || name;
}

/** Turns the base64 text a host hands out into a named file for a multipart part. */
export function fileFromBase64(base64: string, name: string, type: string): File {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new File([bytes], name, { type: type || 'application/octet-stream' });
}
