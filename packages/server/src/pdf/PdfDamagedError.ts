/** The words for a file that starts like a PDF (`%PDF-`) but that neither PDFium nor a repair can read. */
export const PDF_DAMAGED_MESSAGE = 'The PDF is damaged and could not be read.';

/** PDF_DAMAGED_MESSAGE in `language` (German or English), as the 415 answers it. */
export function pdfDamagedMessageFor(language: string): string {
  return language.toLowerCase().startsWith('de') ? 'Die PDF-Datei ist beschädigt und konnte nicht gelesen werden.' : PDF_DAMAGED_MESSAGE;
}

/**
 * A PDF that cannot be read and cannot be repaired: not a type the product refuses but a file of
 * an accepted type whose content is lost, so it is refused in its own words.
 */
export class PdfDamagedError extends Error {
  constructor(message = PDF_DAMAGED_MESSAGE) {
    super(message);
    this.name = 'PdfDamagedError';
  }
}
