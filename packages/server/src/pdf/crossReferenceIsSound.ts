import { inflateSync } from 'node:zlib';

/** How far from the end a reader looks for `startxref` (PDF 32000-1 §7.5.5 allows junk after %%EOF). */
const TAIL_BYTES = 4096;
/** More sections than any real file chains (incremental saves); a /Prev loop ends here. */
const MAX_SECTIONS = 1000;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** Index of the first byte at or after `at` that is not PDF whitespace (comments are not skipped: none belong here). */
function skipWhitespace(bytes: Buffer, at: number): number {
  let index = at;
  while (index < bytes.length && WHITESPACE.has(bytes[index])) index += 1;
  return index;
}

/** The digits at `at` as a number and where they end; null when there are none. */
function digitsAt(bytes: Buffer, at: number): { value: number; end: number } | null {
  let end = at;
  let value = 0;
  while (end < bytes.length && end - at < 12 && bytes[end] >= 0x30 && bytes[end] <= 0x39) {
    value = value * 10 + bytes[end] - 0x30;
    end += 1;
  }
  return end === at ? null : { value, end };
}

/**
 * True when `N G obj` starts at `offset` (leading whitespace tolerated, as every reader does), for
 * object `number` when given. Read byte by byte: it runs once for every object of every upload.
 */
function objectStartsAt(bytes: Buffer, offset: number, number?: number): boolean {
  if (offset <= 0 || offset >= bytes.length) return false;
  const object = digitsAt(bytes, skipWhitespace(bytes, offset));
  if (object === null || (number !== undefined && object.value !== number) || !WHITESPACE.has(bytes[object.end])) return false;
  const generation = digitsAt(bytes, skipWhitespace(bytes, object.end));
  if (generation === null || !WHITESPACE.has(bytes[generation.end])) return false;
  const keyword = skipWhitespace(bytes, generation.end);
  return bytes.toString('latin1', keyword, keyword + 3) === 'obj' && !/[A-Za-z0-9]/.test(String.fromCharCode(bytes[keyword + 3] ?? 0x20));
}

/** The `/Key value` integer of a dictionary's text, or null. */
function integerEntry(dictionary: string, key: string): number | null {
  const match = new RegExp(`/${key}\\s+(\\d+)(?![\\d.]|\\s+\\d+\\s+R)`).exec(dictionary);
  return match === null ? null : Number(match[1]);
}

/** The text from `<<` at `start` to its matching `>>` (nested dictionaries counted), or null when it does not close. */
function dictionaryAt(bytes: Buffer, start: number): string | null {
  const from = skipWhitespace(bytes, start);
  if (bytes.toString('latin1', from, from + 2) !== '<<') return null;
  let depth = 0;
  for (let index = from; index < bytes.length - 1; index += 1) {
    if (bytes[index] === 0x3c && bytes[index + 1] === 0x3c) {
      depth += 1;
      index += 1;
    } else if (bytes[index] === 0x3e && bytes[index + 1] === 0x3e) {
      depth -= 1;
      index += 1;
      if (depth === 0) return bytes.toString('latin1', from, index + 1);
    }
  }
  return null;
}

interface Section {
  /** The section's trailer dictionary. */
  trailer: string;
  /** Where the previous section starts (/Prev), or null. */
  previous: number | null;
}

/**
 * A classic `xref` table at `offset`: every in-use entry must point at its own object (`N G obj`),
 * and a trailer dictionary must follow. Null when anything is off.
 */
function classicSection(bytes: Buffer, offset: number): Section | null {
  const pattern = /\s*(\d+)\s+(\d+)\s*(?=[\r\n])|\s*trailer\b/y;
  const entry = /\s*(\d{10})\s+(\d{5})\s+([nf])\b/y;
  // Only the table itself becomes text: it ends at its trailer keyword.
  const end = bytes.indexOf('trailer', offset, 'latin1');
  if (end < 0) return null;
  const text = bytes.toString('latin1', offset + 4, end + 7);
  let at = 0;
  for (;;) {
    pattern.lastIndex = at;
    const header = pattern.exec(text);
    if (header === null) return null;
    at = pattern.lastIndex;
    if (header[1] === undefined) break;
    const first = Number(header[1]);
    const count = Number(header[2]);
    for (let i = 0; i < count; i += 1) {
      entry.lastIndex = at;
      const row = entry.exec(text);
      if (row === null) return null;
      at = entry.lastIndex;
      if (row[3] === 'n' && !objectStartsAt(bytes, Number(row[1]), first + i)) return null;
    }
  }
  const trailer = dictionaryAt(bytes, offset + 4 + at);
  if (trailer === null) return null;
  return { trailer, previous: integerEntry(trailer, 'Prev') };
}

/** Undoes the PNG predictors (PDF 32000-1 §7.4.4.4) of a decoded stream of `columns`-byte rows. */
function unpredict(data: Buffer, columns: number): Buffer | null {
  const rowLength = columns + 1;
  if (data.length % rowLength !== 0) return null;
  const rows = data.length / rowLength;
  const out = Buffer.alloc(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const filter = data[row * rowLength];
    for (let column = 0; column < columns; column += 1) {
      const raw = data[row * rowLength + 1 + column];
      const left = column > 0 ? out[row * columns + column - 1] : 0;
      const up = row > 0 ? out[(row - 1) * columns + column] : 0;
      const upLeft = row > 0 && column > 0 ? out[(row - 1) * columns + column - 1] : 0;
      let value: number;
      if (filter === 0) value = raw;
      else if (filter === 1) value = raw + left;
      else if (filter === 2) value = raw + up;
      else if (filter === 3) value = raw + Math.floor((left + up) / 2);
      else if (filter === 4) {
        const guess = left + up - upLeft;
        const [a, b, c] = [Math.abs(guess - left), Math.abs(guess - up), Math.abs(guess - upLeft)];
        value = raw + (a <= b && a <= c ? left : b <= c ? up : upLeft);
      } else return null;
      out[row * columns + column] = value & 0xff;
    }
  }
  return out;
}

/** A field of `width` big-endian bytes at `at`. */
function field(data: Buffer, at: number, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i += 1) value = value * 256 + data[at + i];
  return value;
}

/**
 * The entries of an xref stream, checked where they can be read (Flate, optionally with a PNG
 * predictor, or no filter): every type-1 entry must point at its own object. A stream in any other
 * encoding is trusted (a reader that knows it will check it).
 */
function streamEntriesPointRight(bytes: Buffer, dictionary: string, dictionaryEnd: number): boolean {
  const widths = /\/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(dictionary);
  const length = integerEntry(dictionary, 'Length');
  const size = integerEntry(dictionary, 'Size');
  if (widths === null || size === null) return false;
  const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dictionary)?.[1].match(/\/\w+/g) ?? [];
  if (length === null || filters.length > 1 || (filters.length === 1 && filters[0] !== '/FlateDecode')) return true;
  const filter = filters[0];
  const keyword = /^\s*stream\r?\n/.exec(bytes.toString('latin1', dictionaryEnd, dictionaryEnd + 16));
  if (keyword === null) return false;
  const start = dictionaryEnd + keyword[0].length;
  if (start + length > bytes.length) return false;
  let data: Buffer;
  try {
    data = filter === undefined ? bytes.subarray(start, start + length) : inflateSync(bytes.subarray(start, start + length));
  } catch {
    return false;
  }
  const [w1, w2, w3] = [Number(widths[1]), Number(widths[2]), Number(widths[3])];
  const rowLength = w1 + w2 + w3;
  if (rowLength === 0) return false;
  const predictor = integerEntry(dictionary, 'Predictor') ?? 1;
  if (predictor >= 10) {
    const columns = integerEntry(dictionary, 'Columns') ?? 1;
    const plain = unpredict(data, columns);
    if (plain === null) return false;
    data = plain;
  } else if (predictor !== 1) return true;
  const index = /\/Index\s*\[([\d\s]*)\]/.exec(dictionary)?.[1].trim().split(/\s+/).map(Number) ?? [0, size];
  let row = 0;
  for (let pair = 0; pair + 1 < index.length; pair += 2) {
    for (let i = 0; i < index[pair + 1]; i += 1, row += 1) {
      const at = row * rowLength;
      if (at + rowLength > data.length) return false;
      const type = w1 === 0 ? 1 : field(data, at, w1);
      if (type === 1 && !objectStartsAt(bytes, field(data, at + w1, w2), index[pair] + i)) return false;
    }
  }
  return true;
}

/** An xref stream object (`N G obj << /Type /XRef … >> stream`) at `offset`, checked; null when it is not one or points wrong. */
function streamSection(bytes: Buffer, offset: number): Section | null {
  if (!objectStartsAt(bytes, offset)) return null;
  const start = skipWhitespace(bytes, offset);
  const header = /^\d+\s+\d+\s+obj/.exec(bytes.toString('latin1', start, start + 40));
  if (header === null) return null;
  const dictionaryStart = start + header[0].length;
  const dictionary = dictionaryAt(bytes, dictionaryStart);
  if (dictionary === null || !/\/Type\s*\/XRef\b/.test(dictionary)) return null;
  const dictionaryEnd = skipWhitespace(bytes, dictionaryStart) + dictionary.length;
  if (!streamEntriesPointRight(bytes, dictionary, dictionaryEnd)) return null;
  return { trailer: dictionary, previous: integerEntry(dictionary, 'Prev') };
}

/**
 * True when the file's cross-reference data is as written: a `startxref` near the end pointing at
 * an xref table or stream whose in-use entries each point at their own object, every /Prev
 * section the same, and a trailer naming a /Root. False for a file whose readers must rebuild
 * the table by scanning (a bad startxref, shifted offsets, a lost trailer, a cut-off tail): such
 * a file opens in forgiving readers and fails in strict ones, so intake repairs it.
 */
export function crossReferenceIsSound(bytes: Buffer): boolean {
  const tailStart = Math.max(0, bytes.length - TAIL_BYTES);
  const tail = bytes.toString('latin1', tailStart);
  const found = /startxref\s+(\d+)/g;
  let last: RegExpExecArray | null = null;
  for (let match = found.exec(tail); match !== null; match = found.exec(tail)) last = match;
  if (last === null) return false;
  let offset: number | null = Number(last[1]);
  let hasRoot = false;
  const seen = new Set<number>();
  while (offset !== null) {
    if (seen.has(offset) || seen.size >= MAX_SECTIONS || offset >= bytes.length) return false;
    seen.add(offset);
    const isTable: boolean = bytes.toString('latin1', offset, offset + 4) === 'xref';
    const section: Section | null = isTable ? classicSection(bytes, offset) : streamSection(bytes, offset);
    if (section === null) return false;
    // A hybrid file's trailer names its xref stream too; that stream must be as sound.
    const hybrid = isTable ? integerEntry(section.trailer, 'XRefStm') : null;
    if (hybrid !== null && streamSection(bytes, hybrid) === null) return false;
    hasRoot ||= /\/Root\s+\d+\s+\d+\s+R/.test(section.trailer);
    offset = section.previous;
  }
  return hasRoot;
}
