import type { TextsOf } from '@datahaven/core/rules';

/** The words /api's transport itself answers with (the error handler's and the bearer check's), in English. */
export const HTTP_TEXT = {
  authenticationRequired: 'Authentication is required.',
  tokenInvalid: 'The token is invalid or has expired.',
  notFound: 'Not found.',
  internalError: 'An internal error occurred.',
  numberOutOfRange: 'A number in the request is out of range.',
  invalidRequest: 'Invalid request.',
  payloadTooLarge: 'Payload too large.',
  previewNotAvailable: (detail: string): string => `Preview not available: ${detail}`,
  /** storage/FileTooLargeError's own words (the file past the 'File Upload Size Limit' option). */
  fileTooLarge: (bytes: number): string => `The file exceeds the limit of ${bytes} bytes.`,
} as const;

/** HTTP_TEXT in German, Sie-form. */
export const HTTP_TEXT_DE: TextsOf<typeof HTTP_TEXT> = {
  authenticationRequired: 'Eine Anmeldung ist erforderlich.',
  tokenInvalid: 'Das Token ist ungültig oder abgelaufen.',
  notFound: 'Nicht gefunden.',
  internalError: 'Ein interner Fehler ist aufgetreten.',
  numberOutOfRange: 'Eine Zahl in der Anforderung liegt außerhalb des zulässigen Bereichs.',
  invalidRequest: 'Ungültige Anforderung.',
  payloadTooLarge: 'Die Anforderung ist zu groß.',
  previewNotAvailable: (detail) => `Vorschau nicht verfügbar: ${detail}`,
  fileTooLarge: (bytes) => `Die Datei überschreitet die Grenze von ${bytes.toLocaleString('de-DE')} Bytes.`,
};

/** HTTP_TEXT in `language`; English for any the product does not speak. */
export function httpTextFor(language: string): TextsOf<typeof HTTP_TEXT> {
  return language.toLowerCase().startsWith('de') ? HTTP_TEXT_DE : HTTP_TEXT;
}
