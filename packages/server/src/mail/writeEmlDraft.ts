import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** A file attached to a draft: the name the recipient sees, its media type and its bytes. */
export interface EmlAttachment {
  name: string;
  mediaType: string;
  open(): Readable | Promise<Readable>;
}

/** A mailbox address with an optional display name. */
export interface EmlAddress {
  name: string;
  address: string;
}

/** What a `.eml` draft holds. */
export interface EmlDraft {
  /** The sender, when the server knows the user's address (Outlook puts in the account's own on sending). */
  from: EmlAddress | null;
  subject: string;
  /** The plain-text body. */
  text: string;
  date: Date;
  attachments: readonly EmlAttachment[];
}

const CRLF = '\r\n';
/** Bytes per base64 line: 57 bytes → 76 characters (RFC 2045 §6.8). */
const LINE_BYTES = 57;
/** Longest encoded-word (RFC 2047 §2). */
const MAX_ENCODED_WORD = 75;
/** Longest RFC 2231 value segment before it continues in `name*1*`, `name*2*`, … */
const MAX_PARAMETER_SEGMENT = 60;

function isPlainAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/**
 * An unstructured header value: as it is when printable ASCII, else RFC 2047 `=?UTF-8?B?…?=`
 * words of at most 75 characters, split between characters (never inside one), folded.
 */
export function encodeHeaderWords(text: string): string {
  if (isPlainAscii(text) && text.length <= 900) return text;
  const words: string[] = [];
  let current = '';
  for (const char of Array.from(text)) {
    const candidate = current + char;
    // 12 characters of `=?UTF-8?B?` + `?=`; base64 grows 4/3 rounded up to whole quanta.
    if (12 + Math.ceil(Buffer.byteLength(candidate, 'utf8') / 3) * 4 > MAX_ENCODED_WORD && current !== '') {
      words.push(current);
      current = char;
    } else current = candidate;
  }
  if (current !== '') words.push(current);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/** RFC 2231 percent-encoding of a parameter value (attribute-char stays as it is). */
function percentEncode2231(text: string): string {
  return Array.from(Buffer.from(text, 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** The ASCII fallback of a file name for clients that read neither RFC 2231 nor RFC 2047. */
function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/**
 * A file-name parameter: `filename="…"` when plain ASCII, else the ASCII fallback followed by
 * RFC 2231 `filename*=UTF-8''…` (continued as `filename*0*=`, `filename*1*=`, … when long).
 */
export function fileNameParameter(attribute: string, name: string): string {
  if (isPlainAscii(name) && !/["\\]/.test(name) && name.length <= MAX_PARAMETER_SEGMENT) return `${attribute}="${name}"`;
  const encoded = percentEncode2231(name);
  const segments: string[] = [];
  for (let at = 0; at < encoded.length; ) {
    let end = Math.min(encoded.length, at + MAX_PARAMETER_SEGMENT);
    // Never cut a %XX escape in two.
    const percent = encoded.lastIndexOf('%', end - 1);
    if (percent > end - 3 && percent >= at && end < encoded.length) end = percent;
    segments.push(encoded.slice(at, end));
    at = end;
  }
  const fallback = `${attribute}="${asciiFallback(name)}"`;
  if (segments.length === 1) return `${fallback};${CRLF} ${attribute}*=UTF-8''${segments[0]}`;
  return [fallback, ...segments.map((segment, index) => `${attribute}*${index}*=${index === 0 ? "UTF-8''" : ''}${segment}`)].join(`;${CRLF} `);
}

/** RFC 5322 date-time, e.g. `Sat, 30 May 2025 09:00:00 +0000`. */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

function addressHeader(address: EmlAddress): string {
  const name = address.name.trim();
  if (name === '') return `<${address.address}>`;
  const display = isPlainAscii(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodeHeaderWords(name);
  return `${display} <${address.address}>`;
}

/** A media type that is safe to write into a header (`type/subtype`), else application/octet-stream. */
function safeMediaType(mediaType: string): string {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(mediaType) ? mediaType : 'application/octet-stream';
}

/** base64 in 76-character CRLF lines of a byte stream, 57 source bytes per line. */
async function* base64Lines(source: Readable): AsyncGenerator<string, void, undefined> {
  let pending = Buffer.alloc(0);
  for await (const chunk of source) {
    const buffer = pending.length === 0 ? (chunk as Buffer) : Buffer.concat([pending, chunk as Buffer]);
    const whole = buffer.length - (buffer.length % LINE_BYTES);
    if (whole > 0) {
      const encoded = buffer.subarray(0, whole).toString('base64');
      const lines: string[] = [];
      for (let at = 0; at < encoded.length; at += 76) lines.push(encoded.slice(at, at + 76));
      yield lines.join(CRLF) + CRLF;
    }
    pending = Buffer.from(buffer.subarray(whole));
  }
  if (pending.length > 0) yield pending.toString('base64') + CRLF;
}

async function* emlChunks(draft: EmlDraft, boundary: string): AsyncGenerator<string, void, undefined> {
  const headers = [
    ...(draft.from === null ? [] : [`From: ${addressHeader(draft.from)}`]),
    `Date: ${rfc5322Date(draft.date)}`,
    `Subject: ${encodeHeaderWords(draft.subject)}`,
    'MIME-Version: 1.0',
    // Outlook opens a message with this header as an unsent draft (editable, with a Send button).
    'X-Unsent: 1',
    `Content-Type: multipart/mixed;${CRLF} boundary="${boundary}"`,
  ];
  yield headers.join(CRLF) + CRLF + CRLF;
  yield `This is a multi-part message in MIME format.${CRLF}${CRLF}`;
  yield `--${boundary}${CRLF}Content-Type: text/plain; charset=utf-8${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}`;
  yield* base64Lines(Readable.from([Buffer.from(draft.text, 'utf8')]));
  for (const attachment of draft.attachments) {
    yield [
      `${CRLF}--${boundary}`,
      // Older readers take the RFC 2047 `name`; current ones the RFC 2231 `filename*`.
      `Content-Type: ${safeMediaType(attachment.mediaType)};${CRLF} name="${encodeHeaderWords(attachment.name).replace(/"/g, '_')}"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment;${CRLF} ${fileNameParameter('filename', attachment.name)}`,
      '',
      '',
    ].join(CRLF);
    const source = await attachment.open();
    try {
      yield* base64Lines(source);
    } finally {
      source.destroy();
    }
  }
  yield `${CRLF}--${boundary}--${CRLF}`;
}

/**
 * Writes a mail draft as an RFC 5322 message with MIME multipart/mixed: a plain-text part and
 * each attachment base64-encoded (byte-identical once decoded), file names per RFC 2231 with an
 * RFC 2047 `name` for older readers, and `X-Unsent: 1` so Outlook opens it as an unsent draft.
 * Streamed: one attachment's bytes pass through at a time.
 */
export function writeEmlDraft(draft: EmlDraft): Readable {
  const boundary = `----=_Datahaven_${randomBytes(12).toString('hex')}`;
  return Readable.from(
    (async function* bytes(): AsyncGenerator<Buffer, void, undefined> {
      for await (const text of emlChunks(draft, boundary)) yield Buffer.from(text, 'utf8');
    })(),
  );
}
