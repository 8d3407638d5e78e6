/** ASCII fallback for the plain `filename=` parameter: anything outside printable ASCII or quote/backslash → '_'. */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
}

/** RFC 5987 / 8187 encoding for `filename*=UTF-8''…`. */
export function encodeRfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition per RFC 6266: `inline` or `attachment`, an ASCII `filename` (or, with
 * `urlEncodeFileName`, the percent-encoded name) and `filename*=UTF-8''…`.
 */
export function contentDisposition(name: string, attachment: boolean, urlEncodeFileName: boolean): string {
  const plain = urlEncodeFileName ? encodeRfc5987(name) : asciiFileName(name);
  return `${attachment ? 'attachment' : 'inline'}; filename="${plain}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
