import { useEffect, useState } from 'react';
import { RANGE_CHUNK_BYTES } from './PdfViewer';
import { readRange, type RangeChunk, type RangeFetcher } from './rangeSource';

/** A head start on a PDF's bytes: the first chunk of `url`, asked for while the page is still being prepared. */
export interface FirstChunk {
  url: string;
  chunk: Promise<RangeChunk>;
}

/**
 * Asks for the first RANGE_CHUNK_BYTES of `url` at once and aborts the request when the url
 * changes or the viewer goes. This is the pdf.js byte stream, not JSON server state: it stays
 * outside the query cache (bytes are read in ranges, once, straight into pdf.js), like the rest
 * of the range loading in PdfViewer. Unused or failed, it is only a head start: the viewer asks again itself.
 */
export function useFirstChunk(url: string | null, fetchRange: RangeFetcher): FirstChunk | null {
  const [firstChunk, setFirstChunk] = useState<FirstChunk | null>(null);
  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    const chunk = readRange(fetchRange, 0, RANGE_CHUNK_BYTES - 1, controller.signal);
    chunk.catch(() => undefined);
    setFirstChunk({ url, chunk });
    return () => controller.abort();
  }, [url, fetchRange]);
  return firstChunk;
}
