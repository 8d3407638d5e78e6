import { Readable } from 'node:stream';

/** The characters standard padded base64 gives for `bytes` bytes. */
export function base64LengthOf(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** What `base64JsonStream` writes: the JSON object `fields` with a last property holding the file as base64. */
export interface Base64JsonAnswer {
  /** Its byte length, exact, for Content-Length (the pane shows progress per file from it). */
  length: number;
  stream: Readable;
}

/**
 * A JSON object of `fields` plus `"<property>": "<base64 of source>"` last, written as the bytes
 * arrive: the file is never held whole, nor its base64 (a 26 MB attachment would be a 35 MB
 * string). Chunks are cut at multiples of 3 bytes so the pieces join into one valid base64 text.
 */
export function base64JsonStream(
  fields: Readonly<Record<string, unknown>>,
  property: string,
  size: number,
  open: () => Promise<Readable>,
): Base64JsonAnswer {
  const head = Buffer.from(
    `${JSON.stringify(fields).slice(0, -1)}${Object.keys(fields).length > 0 ? ',' : ''}${JSON.stringify(property)}:"`,
    'utf8',
  );
  const tail = Buffer.from('"}', 'utf8');
  const stream = Readable.from(
    (async function* bytes(): AsyncGenerator<Buffer, void, undefined> {
      yield head;
      const source = await open();
      let pending = Buffer.alloc(0);
      let read = 0;
      try {
        for await (const chunk of source) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
          read += bytes.length;
          const buffer = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
          const whole = buffer.length - (buffer.length % 3);
          if (whole > 0) yield Buffer.from(buffer.subarray(0, whole).toString('base64'), 'ascii');
          pending = Buffer.from(buffer.subarray(whole));
        }
      } finally {
        source.destroy();
      }
      if (pending.length > 0) yield Buffer.from(pending.toString('base64'), 'ascii');
      // Content-Length was promised from the stored size: a file that changed under us must not end as valid JSON.
      if (read !== size) throw new Error(`The stored file has ${read} bytes, not the ${size} recorded.`);
      yield tail;
    })(),
    { objectMode: false },
  );
  return { length: head.length + base64LengthOf(size) + tail.length, stream };
}
