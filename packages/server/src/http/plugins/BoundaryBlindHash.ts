import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';

/**
 * A streaming SHA-256 of a body that leaves out every occurrence of one token — the multipart
 * boundary, which a client picks anew each time it serialises the same form (a browser's
 * FormData does), so a retried upload fingerprints the same as the first. Chunks may split the
 * token anywhere: the last (token length − 1) bytes wait for the next chunk.
 */
export class BoundaryBlindHash {
  readonly #hash: Hash = createHash('sha256');
  readonly #token: Buffer | null;
  #pending: Buffer = Buffer.alloc(0);

  constructor(token: string | null) {
    this.#token = token === null || token === '' ? null : Buffer.from(token, 'latin1');
  }

  /** Adds the next bytes of the body. */
  update(chunk: Buffer): void {
    const token = this.#token;
    if (token === null) {
      this.#hash.update(chunk);
      return;
    }
    let data = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    for (let at = data.indexOf(token); at >= 0; at = data.indexOf(token)) {
      this.#hash.update(data.subarray(0, at));
      data = data.subarray(at + token.length);
    }
    const keep = Math.min(data.length, token.length - 1);
    this.#hash.update(data.subarray(0, data.length - keep));
    this.#pending = Buffer.from(data.subarray(data.length - keep));
  }

  /** The hex digest of everything added. */
  digest(): string {
    this.#hash.update(this.#pending);
    this.#pending = Buffer.alloc(0);
    return this.#hash.digest('hex');
  }
}
