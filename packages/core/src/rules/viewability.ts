import { VIEWABLE_EXTENSIONS, type ClientType, type DmsDocument } from '../model';
import type { OptionValues } from './options';

/** Whether the viewer can show a document, and why not. */
export type Viewability = { viewable: true } | { viewable: false; reason: 'unsupported' | 'tooBig' };

/** The size limits viewability needs, from the 'Maximum JPEG/PDF size in bytes' options. */
export type ViewabilityOptions = Pick<OptionValues, 'maxJpegSizeBytes' | 'maxPdfSizeBytes'>;

const JPEG_EXTENSIONS: readonly string[] = ['jpg', 'jpeg'];

/**
 * Spec §5: viewable only if the extension is in the viewable list, a JPEG is at most the max
 * JPEG size option and a PDF at most the max PDF size option. 'unsupported' means download it
 * instead; 'tooBig' means 'The File is Too Big to View'. A limit of 0 means no limit.
 */
export function isViewable(file: Pick<DmsDocument, 'extension' | 'FileSize'>, options: ViewabilityOptions): Viewability {
  const extension = file.extension.trim().replace(/^\./, '').toLowerCase();
  if (!VIEWABLE_EXTENSIONS.includes(extension)) return { viewable: false, reason: 'unsupported' };
  if (JPEG_EXTENSIONS.includes(extension) && exceeds(file.FileSize, options.maxJpegSizeBytes)) {
    return { viewable: false, reason: 'tooBig' };
  }
  if (extension === 'pdf' && exceeds(file.FileSize, options.maxPdfSizeBytes)) return { viewable: false, reason: 'tooBig' };
  return { viewable: true };
}

/** Phone and tablet clients disable the View action and use the inline view (spec §2). */
export function isViewActionEnabled(clientType: ClientType | undefined): boolean {
  return clientType !== 'Phone' && clientType !== 'Tablet';
}

function exceeds(size: number, limit: number): boolean {
  return limit > 0 && size > limit;
}
