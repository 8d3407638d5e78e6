import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import type { FileWriter, PutOptions, StoredFile } from './FileStore';

/**
 * A `FileWriter` on top of a store's streaming `put`: the writer's stream is a pass-through that
 * `put` consumes as its source, so both stores get write streams with `put`'s limits, hashing and
 * durability, and never hold a whole file in memory (backpressure flows through the pipe).
 */
export function writerThroughPut(put: (source: Readable, options: PutOptions) => Promise<StoredFile>, options: PutOptions): FileWriter {
  const stream = new PassThrough();
  // `put` may not be reading yet (it opens its temp file first): an error destroyed in before then
  // must not surface as an unhandled 'error' event; `put` still sees it and rejects with it.
  stream.on('error', () => undefined);
  const stored = put(stream, options);
  // The caller awaits `stored`; this only keeps an early failure from being reported as unhandled first.
  stored.catch(() => undefined);
  return { stream, stored };
}
