/**
 * Fetches bytes [start, endInclusive] of the document with the caller's credentials. The
 * viewer passes one that goes through ApiClient, so every chunk gets the current token, the
 * time-out and the one re-authentication on 401 that pdf.js's own loader would not give it.
 */
export type RangeFetcher = (start: number, endInclusive: number, signal: AbortSignal) => Promise<Response>;

/** One chunk of a document and the document's whole length. */
export interface RangeChunk {
  bytes: Uint8Array;
  /** Length of the whole file in bytes. */
  total: number;
}

/** The whole length a `Content-Range: bytes a-b/total` header names, or null. */
export function totalFromContentRange(header: string | null): number | null {
  const match = header ? /^bytes\s+\d+-\d+\/(\d+)$/i.exec(header.trim()) : null;
  if (!match) return null;
  const total = Number(match[1]);
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * Reads one range. A 206 answer gives the chunk and, from Content-Range, the file's length;
 * a 200 (a server or proxy that ignores Range) gives the whole file, which is then the chunk.
 */
export async function readRange(fetcher: RangeFetcher, start: number, endInclusive: number, signal: AbortSignal): Promise<RangeChunk> {
  const response = await fetcher(start, endInclusive, signal);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status === 206) {
    const total = totalFromContentRange(response.headers.get('Content-Range'));
    if (total === null) throw new Error('The server answered a range request without a valid Content-Range.');
    return { bytes, total };
  }
  if (start !== 0) throw new Error(`The server ignored a range request (HTTP ${response.status}).`);
  return { bytes, total: bytes.length };
}
