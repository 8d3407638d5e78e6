import type { Wording } from '../errors/Wording';
import { ImageLimitError } from './ImageLimitError';

/** The words for a file one of whose compressed streams expands past the limit (SECURITY.md, decompression bombs). */
export function pdfExpansionMessage(limitBytes: number, language = 'en'): string {
  if (language.toLowerCase().startsWith('de'))
    return `Die Datei wird beim Öffnen größer als ${Math.round(limitBytes / (1024 * 1024)).toLocaleString('de-DE')} MB und wurde abgelehnt.`;
  return `The file expands to more than ${Math.round(limitBytes / (1024 * 1024)).toLocaleString('en-US')} MB when opened and was refused.`;
}

/**
 * A PDF whose compressed content would take more memory to open than the server allows: a
 * decompression bomb, or a legitimate file past the configured limit. It is a size limit like an
 * oversized image (413, in words), hence the shared base class the error handler maps.
 */
export class PdfExpansionError extends ImageLimitError {
  constructor(message: string | Wording) {
    super(message);
    this.name = 'PdfExpansionError';
  }
}
