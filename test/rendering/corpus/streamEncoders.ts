/**
 * LZW as PDF's LZWDecode reads it (EarlyChange 1, the default): 9- to 12-bit codes, most
 * significant bit first, a clear-table code first and whenever the table fills.
 */
export function lzwEncode(data: Uint8Array): Uint8Array {
  const CLEAR = 256;
  const END = 257;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  let width = 9;
  const write = (code: number): void => {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  };
  let table = new Map<string, number>();
  let next = 258;
  const reset = (): void => {
    table = new Map();
    next = 258;
    width = 9;
  };
  write(CLEAR);
  let prefix = '';
  for (const byte of data) {
    const key = prefix === '' ? String(byte) : `${prefix},${byte}`;
    if (prefix === '' || table.has(key)) {
      prefix = key;
      continue;
    }
    write(prefix.includes(',') ? (table.get(prefix) ?? 0) : Number(prefix));
    table.set(key, next++);
    // EarlyChange 1: the reader widens its codes one entry early.
    if (next >= 1 << width) {
      if (width === 12) {
        write(CLEAR);
        reset();
      } else width++;
    }
    prefix = String(byte);
  }
  if (prefix !== '') {
    write(prefix.includes(',') ? (table.get(prefix) ?? 0) : Number(prefix));
    // The reader adds an entry on reading that last code too, and may widen before reading END.
    next++;
    if (next >= 1 << width && width < 12) width++;
  }
  write(END);
  if (bits > 0) out.push((buffer << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}

/** ASCII base-85 (ASCII85Decode) with the `~>` end marker; four zero bytes become `z`. */
export function ascii85Encode(data: Uint8Array): Uint8Array {
  let text = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = data.subarray(i, i + 4);
    const padded = new Uint8Array(4);
    padded.set(chunk);
    let value = ((padded[0] << 24) | (padded[1] << 16) | (padded[2] << 8) | padded[3]) >>> 0;
    if (value === 0 && chunk.length === 4) {
      text += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let d = 0; d < 5; d++) {
      digits.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    text += digits.slice(0, chunk.length + 1).join('');
  }
  // Lines of 75 characters, as ImageMagick and Ghostscript write them.
  return Buffer.from(`${text.replace(/(.{75})/g, '$1\n')}~>`, 'latin1');
}

/** ASCIIHexDecode's form: two hex digits a byte, `>` at the end. */
export function asciiHexEncode(data: Uint8Array): Uint8Array {
  return Buffer.from(
    `${Buffer.from(data)
      .toString('hex')
      .replace(/(.{64})/g, '$1\n')}>`,
    'latin1',
  );
}

/** RunLengthDecode's form: literal runs (length - 1) and repeats (257 - length), 128 at the end. */
export function runLengthEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < data.length) {
    let run = 1;
    while (i + run < data.length && run < 128 && data[i + run] === data[i]) run++;
    if (run >= 2) {
      out.push(257 - run, data[i]);
      i += run;
      continue;
    }
    const start = i;
    while (i < data.length && i - start < 128 && !(i + 1 < data.length && data[i + 1] === data[i])) i++;
    if (i === start) i++;
    out.push(i - start - 1, ...data.subarray(start, i));
  }
  out.push(128);
  return Uint8Array.from(out);
}
