/**
 * PDFium could not open a PDF because it needs a password. The file is kept as sent; the server
 * never asks for or stores passwords, so its thumbnails and text are answered as "protected".
 */
export class PdfProtectedError extends Error {
  constructor(message = 'The PDF is protected by a password.') {
    super(message);
    this.name = 'PdfProtectedError';
  }
}

/** True for PDFium's "Password required or incorrect password" (FPDF_ERR_PASSWORD). */
export function isPasswordMessage(message: string): boolean {
  return /password/i.test(message);
}
