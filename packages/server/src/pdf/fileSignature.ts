/** A file type accepted for upload: the (lower-case) extension of the name and the exact media type to serve. */
export interface SniffedFileType {
  /** Lower-case extension of the file name, without the dot (`jpeg` stays `jpeg`). */
  extension: string;
  /** Media type served in `Content-Type`. */
  mediaType: string;
}

type Kind = 'pdf' | 'tiff' | 'jpeg' | 'png' | 'bmp' | 'gif' | 'zip' | 'cfb' | 'eml' | 'text' | 'einvoice';

const EXTENSIONS: Readonly<Record<string, { kind: Kind; mediaType: string }>> = {
  pdf: { kind: 'pdf', mediaType: 'application/pdf' },
  tif: { kind: 'tiff', mediaType: 'image/tiff' },
  tiff: { kind: 'tiff', mediaType: 'image/tiff' },
  jpg: { kind: 'jpeg', mediaType: 'image/jpeg' },
  jpeg: { kind: 'jpeg', mediaType: 'image/jpeg' },
  png: { kind: 'png', mediaType: 'image/png' },
  bmp: { kind: 'bmp', mediaType: 'image/bmp' },
  gif: { kind: 'gif', mediaType: 'image/gif' },
  docx: { kind: 'zip', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'zip', mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: 'zip', mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  doc: { kind: 'cfb', mediaType: 'application/msword' },
  xls: { kind: 'cfb', mediaType: 'application/vnd.ms-excel' },
  msg: { kind: 'cfb', mediaType: 'application/vnd.ms-outlook' },
  eml: { kind: 'eml', mediaType: 'message/rfc822' },
  txt: { kind: 'text', mediaType: 'text/plain' },
  csv: { kind: 'text', mediaType: 'text/csv' },
  xml: { kind: 'einvoice', mediaType: 'application/xml' },
};

/** Every extension `sniffFileType` can accept. */
export const UPLOAD_EXTENSIONS: readonly string[] = Object.keys(EXTENSIONS);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const BMP_DIB_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/** Markup a browser could treat as active content; never accepted as text, whatever the extension. */
const ACTIVE_MARKUP = /<\s*(?:!doctype|\?xml|html|head|body|script|svg|iframe|object|embed|img|a\s|div|meta|link|style|form|xsl|math|!--)/i;
const EML_HEADER_NAMES =
  /^(?:from|to|cc|subject|date|message-id|mime-version|received|return-path|reply-to|content-type|x-[a-z0-9-]+|delivered-to|thread-topic|sender|in-reply-to|references|dkim-signature|authentication-results):/i;

function startsWith(head: Buffer, signature: Buffer | readonly number[], offset = 0): boolean {
  if (head.length < offset + signature.length) return false;
  for (let i = 0; i < signature.length; i += 1) {
    if (head[offset + i] !== signature[i]) return false;
  }
  return true;
}

function isPdf(head: Buffer): boolean {
  // Readers accept a `%PDF-` header within the first 1024 bytes (some scanners prepend junk).
  // The junk may not be markup, so an SVG or HTML page with '%PDF-' in a comment is refused.
  const index = head.subarray(0, 1024).indexOf('%PDF-', 0, 'latin1');
  return index >= 0 && !head.subarray(0, index).includes(0x3c);
}

function isTiff(head: Buffer): boolean {
  return (
    startsWith(head, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]) ||
    startsWith(head, [0x49, 0x49, 0x2b, 0x00]) ||
    startsWith(head, [0x4d, 0x4d, 0x00, 0x2b])
  );
}

function isBmp(head: Buffer): boolean {
  if (!startsWith(head, [0x42, 0x4d]) || head.length < 18) return false;
  return BMP_DIB_HEADER_SIZES.has(head.readUInt32LE(14));
}

function isGif(head: Buffer): boolean {
  const text = head.subarray(0, 6).toString('latin1');
  return text === 'GIF87a' || text === 'GIF89a';
}

/** Decodes a text head (UTF-8/latin-1, or UTF-16 with BOM); null when the bytes are binary. */
function decodeText(head: Buffer): string | null {
  if (startsWith(head, [0xff, 0xfe])) return head.subarray(2, head.length - (head.length % 2)).toString('utf16le');
  if (startsWith(head, [0xfe, 0xff])) {
    const body = Buffer.from(head.subarray(2, head.length - (head.length % 2)));
    body.swap16();
    return body.toString('utf16le');
  }
  for (const byte of head) {
    if (isBinaryCode(byte)) return null;
  }
  const text = head.toString('utf8');
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

/** Control characters other than tab, LF, VT, FF, CR and ESC never occur in text files. */
function isBinaryCode(code: number): boolean {
  return code < 0x09 || (code > 0x0d && code < 0x20 && code !== 0x1b) || code === 0x7f;
}

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    if (isBinaryCode(text.charCodeAt(i))) return true;
  }
  return false;
}

/** Text that is safe to store as txt/csv/eml: not markup, not a script. */
function isPlainText(text: string): boolean {
  if (hasControlCharacters(text)) return false;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('<') || trimmed.startsWith('#!')) return false;
  return !ACTIVE_MARKUP.test(text);
}

/** Root element namespaces of the e-invoice syntaxes (UBL 2.1 Invoice and CreditNote, UN/CEFACT CII). */
const EINVOICE_ROOTS =
  /<(?:[A-Za-z_][\w.-]*:)?(?:Invoice|CreditNote|CrossIndustryInvoice)\b[^>]*\bxmlns(?::[\w.-]+)?\s*=\s*["'](?:urn:oasis:names:specification:ubl:schema:xsd:(?:Invoice|CreditNote)-2|urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100)["']/;

/**
 * An e-invoice XML (capture/ reads it; issue 36): its first element is a UBL Invoice or
 * CreditNote or a CII CrossIndustryInvoice in its namespace, with no DOCTYPE (entity bombs and
 * external entities) and no stylesheet processing instruction. Any other XML stays refused.
 */
function isEInvoiceXml(text: string): boolean {
  if (hasControlCharacters(text.replace(/[\t\n\r]/g, ' ')) || /<!DOCTYPE|<\?xml-stylesheet/i.test(text)) return false;
  const start = text.replace(/^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*/, '');
  return start.startsWith('<') && EINVOICE_ROOTS.test(start.slice(0, start.indexOf('>') + 1));
}

function isEml(text: string): boolean {
  const lines = text.replace(/^\s+/, '').split(/\r?\n/, 8);
  const headerLines = lines.filter((line) => EML_HEADER_NAMES.test(line));
  return headerLines.length >= 2 && EML_HEADER_NAMES.test(lines[0] ?? '');
}

function matches(kind: Kind, head: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      return isPdf(head);
    case 'tiff':
      return isTiff(head);
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(head, PNG);
    case 'bmp':
      return isBmp(head);
    case 'gif':
      return isGif(head);
    case 'zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    case 'cfb':
      return startsWith(head, CFB);
    case 'einvoice': {
      const text = decodeText(head);
      return text !== null && isEInvoiceXml(text);
    }
    case 'eml':
    case 'text': {
      const text = decodeText(head);
      if (text === null) return false;
      // The header block of an e-mail is plain text; its body may legitimately hold HTML.
      if (kind === 'eml') return isEml(text) && !text.trimStart().startsWith('<');
      return isPlainText(text);
    }
    default:
      return false;
  }
}

/** Lower-case extension of `fileName` (after the last dot), or '' when it has none. */
export function extensionOf(fileName: string): string {
  const name = fileName.trim();
  const dot = name.lastIndexOf('.');
  if (dot < 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
}

/**
 * Decides whether an upload is an allowed type whose bytes agree with its extension
 * (SECURITY.md rows 1 and 2). `head` is the first bytes of the file (`StoredFile.head`).
 * Returns null for anything else, including SVG, HTML, XML other than an e-invoice's, scripts and text that looks like them.
 */
export function sniffFileType(head: Buffer, fileName: string): SniffedFileType | null {
  const extension = extensionOf(fileName);
  const expected = EXTENSIONS[extension];
  if (expected === undefined) return null;
  if (!matches(expected.kind, head)) return null;
  return { extension, mediaType: expected.mediaType };
}
