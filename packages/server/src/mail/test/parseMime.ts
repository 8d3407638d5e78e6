/** A parsed MIME part: its headers (lower-case names, unfolded) and its decoded body. */
export interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
}

/** A parsed message: top-level headers and, for multipart messages, the parts. */
export interface MimeMessage {
  headers: Map<string, string>;
  parts: MimePart[];
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Unfold (RFC 5322 §2.2.3): CRLF followed by white space continues the line.
  for (const line of text.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Not a header line: ${line}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Decodes RFC 2047 encoded-words (B and Q) in a header value; white space between words goes. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) => {
      if (charset.toLowerCase() !== 'utf-8') throw new Error(`Unexpected charset ${charset}`);
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
              'latin1',
            );
      return bytes.toString('utf8');
    });
}

/** The parameters of a structured header (`type; a="b"; c*=UTF-8''…; d*0*=…`), RFC 2231 decoded and joined. */
export function headerParameters(value: string): Map<string, string> {
  const result = new Map<string, string>();
  const pieces = new Map<string, { index: number; text: string; encoded: boolean }[]>();
  const pattern = /;\s*([A-Za-z0-9_-]+)(\*(\d+))?(\*)?=("((?:[^"\\]|\\.)*)"|[^;\s]*)/g;
  for (const match of value.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    const text = match[6] !== undefined ? match[6].replace(/\\(.)/g, '$1') : match[5];
    const list = pieces.get(name) ?? [];
    list.push({ index: match[3] === undefined ? -1 : Number(match[3]), text, encoded: match[4] === '*' });
    pieces.set(name, list);
  }
  for (const [name, all] of pieces) {
    // `name*` / `name*0*` (RFC 2231) win over a plain `name=` fallback given beside them.
    const extended = all.filter((piece) => piece.encoded || piece.index >= 0);
    const list = extended.length > 0 ? extended : all;
    list.sort((a, b) => a.index - b.index);
    let bytes = '';
    let charsetSeen = false;
    for (const piece of list) {
      let text = piece.text;
      if (piece.encoded) {
        if (!charsetSeen) {
          const quote = text.indexOf("'");
          const second = text.indexOf("'", quote + 1);
          if (text.slice(0, quote).toLowerCase() !== 'utf-8') throw new Error('Unexpected RFC 2231 charset.');
          text = text.slice(second + 1);
          charsetSeen = true;
        }
        bytes += text.replace(/%([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      } else bytes += Buffer.from(text, 'utf8').toString('latin1');
    }
    result.set(name, Buffer.from(bytes, 'latin1').toString('utf8'));
  }
  return result;
}

/** The value of a structured header without its parameters (e.g. `multipart/mixed`). */
export function headerValue(value: string): string {
  return value.split(';')[0].trim().toLowerCase();
}

function decodeBody(headers: Map<string, string>, raw: string): Buffer {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') {
    if (!/^[A-Za-z0-9+/=\r\n]*$/.test(raw)) throw new Error('A base64 body holds other characters.');
    for (const line of raw.split('\r\n')) if (line.length > 76) throw new Error('A base64 line is longer than 76 characters.');
    return Buffer.from(raw.replace(/\r\n/g, ''), 'base64');
  }
  return Buffer.from(raw, 'latin1');
}

/**
 * A small MIME parser for tests (RFC 5322 + RFC 2045/2046): headers, one level of multipart,
 * base64 bodies. Checks that every line ends in CRLF and is at most 998 characters (RFC 5322 §2.1.1).
 */
export function parseMime(message: Buffer): MimeMessage {
  const text = message.toString('latin1');
  if (/[^\r]\n/.test(text) || /\r[^\n]/.test(text)) throw new Error('A line does not end in CRLF.');
  for (const line of text.split('\r\n')) if (line.length > 998) throw new Error('A line is longer than 998 characters.');
  const split = text.indexOf('\r\n\r\n');
  const headers = parseHeaders(text.slice(0, split));
  const body = text.slice(split + 4);
  const contentType = headers.get('content-type') ?? 'text/plain';
  if (!headerValue(contentType).startsWith('multipart/')) return { headers, parts: [{ headers, body: decodeBody(headers, body) }] };
  const boundary = headerParameters(contentType).get('boundary');
  if (boundary === undefined) throw new Error('A multipart message without a boundary.');
  const end = body.indexOf(`\r\n--${boundary}--`);
  if (end < 0) throw new Error('The closing boundary is missing.');
  // The CRLF before a delimiter belongs to it (RFC 2046 §5.1.1): keep it so every section ends with one.
  const sections = body
    .slice(0, end + 2)
    .split(`--${boundary}\r\n`)
    .slice(1);
  const parts = sections.map((section) => {
    const cleaned = section.endsWith('\r\n') ? section.slice(0, -2) : section;
    const at = cleaned.indexOf('\r\n\r\n');
    const partHeaders = parseHeaders(cleaned.slice(0, at));
    return { headers: partHeaders, body: decodeBody(partHeaders, cleaned.slice(at + 4)) };
  });
  return { headers, parts };
}
