import { ImageLimitError } from './ImageLimitError';

/** The words for a file one of whose compressed streams expands past the limit (SECURITY.md, decompression bombs). */
export function pdfExpansionMessage(limitBytes: number): string {
  return `The file expands to more than ${Math.round(limitBytes / (1024 * 1024)).toLocaleString('en-US')} MB when opened and was refused.`;
}

/**
 * A PDF whose compressed content would take more memory to open than the server allows: a
 * decompression bomb, or a legitimate file past the configured limit. It is a size limit like an
 * oversized image (413, in words), hence the shared base class the error handler maps.
 */
export class PdfExpansionError extends ImageLimitError {
  constructor(message: string) {
    super(message);
    this.name = 'PdfExpansionError';
  }
}
