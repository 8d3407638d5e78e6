import { UPLOADABLE_EXTENSIONS } from '../model';
import { MESSAGES } from './messages';
import type { OptionValues } from './options';

/** Whether a file may be sent, checked before any byte leaves the browser. */
export type UploadValidation = { valid: true } | { valid: false; reason: 'unsupported' | 'tooLarge' | 'empty'; message: string };

/** Lower-case extension of a file name without the dot; '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Early check of an upload so the user hears at once what the server would refuse: an
 * extension outside the accepted list ('Unsupported file type!'), an empty file, or a file
 * over the 'File Upload Size Limit' option (0 means no limit). The server still sniffs the bytes.
 */
export function validateUpload(file: { name: string; size: number }, options: Pick<OptionValues, 'fileUploadSizeLimit'>): UploadValidation {
  if (!UPLOADABLE_EXTENSIONS.includes(fileExtension(file.name))) {
    return { valid: false, reason: 'unsupported', message: MESSAGES.unsupportedFileType };
  }
  if (file.size === 0) return { valid: false, reason: 'empty', message: MESSAGES.uploadEmpty };
  if (options.fileUploadSizeLimit > 0 && file.size > options.fileUploadSizeLimit) {
    return { valid: false, reason: 'tooLarge', message: MESSAGES.uploadTooLarge };
  }
  return { valid: true };
}
