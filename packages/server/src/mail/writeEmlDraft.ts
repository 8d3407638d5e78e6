import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';

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

/**
 * The right-hand side of a Message-ID without a sender: MailComposer would take the server's
 * host name, which a sent draft would carry out of the house.
 */
const ANONYMOUS_MESSAGE_DOMAIN = 'datahaven.invalid';

/**
 * A media type that is safe to write into a header (`type/subtype`), else application/octet-stream.
 * MailComposer drops CR/LF but keeps the rest, so `text/plain\r\nX-Evil: 1` would become a bogus type.
 */
function safeMediaType(mediaType: string): string {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(mediaType) ? mediaType : 'application/octet-stream';
}

/**
 * The attachment's bytes, opened only when MailComposer reaches its part: one attachment's file
 * is open at a time, and none is opened for a message that is never read.
 */
function lazyContent(attachment: EmlAttachment): Readable {
  return Readable.from(
    (async function* bytes(): AsyncGenerator<Buffer, void, undefined> {
      const source = await attachment.open();
      try {
        for await (const chunk of source) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      } finally {
        source.destroy();
      }
    })(),
    { objectMode: false },
  );
}

/**
 * Writes a mail draft with nodemailer's MailComposer (the design's choice): RFC 5322 with MIME
 * multipart/mixed, a plain-text part and each attachment base64-encoded (byte-identical once
 * decoded), non-ASCII names as RFC 2231 `filename*` with an RFC 2047 `name` for older readers,
 * CRLF line ends, and `X-Unsent: 1` so Outlook opens it as an unsent draft. Streamed: attachment
 * bytes pass through as they are read, never held whole.
 */
export function writeEmlDraft(draft: EmlDraft): Readable {
  const domain =
    draft.from === null
      ? ANONYMOUS_MESSAGE_DOMAIN
      : draft.from.address.slice(draft.from.address.lastIndexOf('@') + 1) || ANONYMOUS_MESSAGE_DOMAIN;
  const composer = new MailComposer({
    ...(draft.from === null ? {} : { from: { name: draft.from.name.trim(), address: draft.from.address } }),
    subject: draft.subject,
    date: draft.date,
    messageId: `<${randomUUID()}@${domain}>`,
    // Outlook opens a message with this header as an unsent draft (editable, with a Send button).
    headers: { 'X-Unsent': '1' },
    // base64 keeps the body's line ends and bytes exactly as written, whatever the reader.
    text: { content: Buffer.from(draft.text, 'utf8'), contentType: 'text/plain; charset=utf-8', contentTransferEncoding: 'base64' },
    attachments: draft.attachments.map((attachment) => ({
      filename: attachment.name,
      contentType: safeMediaType(attachment.mediaType),
      contentTransferEncoding: 'base64',
      contentDisposition: 'attachment',
      content: lazyContent(attachment),
    })),
    // Our content is always given as streams: never let a value be read as a path or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    newline: 'win',
  });
  return composer.compile().createReadStream();
}
