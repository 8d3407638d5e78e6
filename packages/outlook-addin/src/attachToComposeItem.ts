import type { HostAttachment } from '@datahaven/core';
import { OUTLOOK_BASE64_LIMIT } from './outlookBase64Limit';
import { OUTLOOK_TEXT } from './outlookText';

/** The part of a compose item attaching needs (Office.MessageCompose / AppointmentCompose, Mailbox 1.8). */
export interface ComposeAttachmentTarget {
  addFileAttachmentFromBase64Async(
    base64File: string,
    attachmentName: string,
    options: Office.AsyncContextOptions & { isInline: boolean },
    callback?: (asyncResult: Office.AsyncResult<string>) => void,
  ): void;
}

/** The reasons Outlook gives, in words the user can act on, in the language shown. */
export const ATTACH_ERROR_TEXT = OUTLOOK_TEXT.attachError;

/** Strips a `data:…;base64,` prefix: Outlook wants the bare base64 text. */
export function bareBase64(base64: string): string {
  const comma = base64.indexOf(',');
  return base64.startsWith('data:') && comma >= 0 ? base64.slice(comma + 1) : base64;
}

function wordsFor(name: string, error: Office.Error | undefined): string {
  switch (error?.name) {
    case 'AttachmentSizeExceeded':
    case 'SizeLimitExceeded':
      return ATTACH_ERROR_TEXT.tooLarge(name);
    case 'NumberOfAttachmentsExceeded':
      return ATTACH_ERROR_TEXT.tooMany(name);
    case 'FileTypeNotSupported':
      return ATTACH_ERROR_TEXT.typeNotAllowed(name);
    default:
      return ATTACH_ERROR_TEXT.failed(name, error?.message || ATTACH_ERROR_TEXT.noReason);
  }
}

/**
 * Attaches one file to the item being composed (not inline), refusing in words before Outlook is
 * asked when the base64 text is over Outlook's limit, and turning Outlook's error names into words.
 */
export function attachToComposeItem(item: ComposeAttachmentTarget, file: HostAttachment): Promise<void> {
  const base64 = bareBase64(file.base64);
  if (base64.length > OUTLOOK_BASE64_LIMIT) return Promise.reject(new Error(ATTACH_ERROR_TEXT.tooLarge(file.fileName)));
  return new Promise((resolve, reject) => {
    item.addFileAttachmentFromBase64Async(base64, file.fileName, { isInline: false }, (result) => {
      // Compared by value: Office.AsyncResultStatus is an enum of the global, which a stand-in need not carry.
      if (String(result.status) === 'succeeded') resolve();
      else reject(new Error(wordsFor(file.fileName, result.error)));
    });
  });
}
