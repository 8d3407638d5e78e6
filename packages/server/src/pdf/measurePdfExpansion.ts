import { createInflate } from 'node:zlib';
import { PdfExpansionError, pdfExpansionMessage } from './PdfExpansionError';

/** What the FlateDecode streams of a PDF expand to. */
export interface PdfExpansion {
  /** The largest single stream, decoded, in bytes. */
  largestBytes: number;
  /** All streams together, decoded, in bytes. */
  totalBytes: number;
}

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
/** How far before `stream` its dictionary is looked for (a stream dictionary is a few hundred bytes). */
const DICTIONARY_WINDOW = 64 * 1024;

/** Inflates `input` chunk by chunk, keeping nothing but the count; rejects once it passes `limit`. A stream zlib cannot read counts what it gave before failing. */
function inflatedLength(input: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflate({ chunkSize: 64 * 1024 });
    let count = 0;
    let done = false;
    const finish = (outcome: () => void): void => {
      if (done) return;
      done = true;
      outcome();
    };
    inflater.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > limit) {
        finish(() => reject(new PdfExpansionError((language) => pdfExpansionMessage(limit, language))));
        inflater.destroy();
      }
    });
    inflater.on('end', () => finish(() => resolve(count)));
    inflater.on('error', () => finish(() => resolve(count)));
    inflater.on('close', () => finish(() => resolve(count)));
    inflater.end(input);
  });
}

/** True when the text of the dictionary just before `streamAt` names FlateDecode (alone or first in a filter array). */
function isFlate(bytes: Buffer, streamAt: number): boolean {
  const from = Math.max(0, streamAt - DICTIONARY_WINDOW);
  const objectAt = bytes.lastIndexOf('obj', streamAt, 'latin1');
  const dictionary = bytes.toString('latin1', Math.max(from, objectAt), streamAt);
  return dictionary.includes('/FlateDecode') || /\/Filter\s*\/Fl\b/.test(dictionary);
}

/**
 * Measures what each FlateDecode stream of the PDF `bytes` expands to, while inflating it in
 * 64 KB chunks that are counted and dropped (never held), and stops with PdfExpansionError ("The
 * file expands to more than N MB when opened and was refused.") as soon as one stream passes
 * `limitBytes`. A 400 KB file whose page stream inflates to 400 MB is refused after inflating
 * `limitBytes`, with 64 KB of output in memory at any time. Streams zlib cannot read are left to
 * the PDF reader (it fails on them the same way); other filters are not expanded here.
 */
export async function measurePdfExpansion(bytes: Buffer, limitBytes: number): Promise<PdfExpansion> {
  let largestBytes = 0;
  let totalBytes = 0;
  let at = bytes.indexOf(STREAM);
  while (at >= 0) {
    const isKeyword = bytes[at - 1] !== 0x64 /* not the end of "endstream" */;
    let dataAt = at + STREAM.length;
    if (bytes[dataAt] === 0x0d) dataAt += 1;
    const startsData = bytes[dataAt] === 0x0a || bytes[dataAt - 1] === 0x0d;
    if (isKeyword && startsData && isFlate(bytes, at)) {
      if (bytes[dataAt] === 0x0a) dataAt += 1;
      const endAt = bytes.indexOf(ENDSTREAM, dataAt);
      const input = bytes.subarray(dataAt, endAt < 0 ? bytes.length : endAt);
      const size = await inflatedLength(input, limitBytes);
      largestBytes = Math.max(largestBytes, size);
      totalBytes += size;
      at = bytes.indexOf(STREAM, endAt < 0 ? bytes.length : endAt + ENDSTREAM.length);
    } else {
      at = bytes.indexOf(STREAM, at + STREAM.length);
    }
  }
  return { largestBytes, totalBytes };
}
