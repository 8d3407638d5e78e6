import type { LiveChangeEvent } from '../contract';
import type { ApiClient } from './ApiClient';

/** What a live stream tells as it is read. */
export interface LiveStreamHandlers {
  /** The stream is open: every change committed from now on will come. */
  onReady(): void;
  /** One change the user may see. */
  onChange(event: LiveChangeEvent): void;
  /** Changes may have been missed (the server could not resume): load everything shown again. */
  onResync(): void;
}

/** Options of one stream. */
export interface LiveStreamOptions {
  /** The last change id received before, so the server resumes after it; null for a fresh start. */
  lastEventId: number | null;
  /** Stops reading (the page goes away). */
  signal: AbortSignal;
  handlers: LiveStreamHandlers;
}

/** The live updates resource (GET /events, server-sent events). */
export interface EventsApi {
  /**
   * Reads the stream until the server ends it (resolves) or it fails (rejects with an ApiError).
   * fetch() with the bearer header, not EventSource, which cannot send one (docs/SECURITY.md).
   */
  stream(options: LiveStreamOptions): Promise<void>;
}

/** One event block's fields. */
interface EventBlock {
  event: string;
  data: string;
}

/** Splits the text read so far into complete event blocks and the rest (an incomplete block). */
function takeBlocks(text: string): { blocks: EventBlock[]; rest: string } {
  const normalised = text.replace(/\r\n?/g, '\n');
  const parts = normalised.split('\n\n');
  const rest = parts.pop() ?? '';
  const blocks = parts.flatMap((part): EventBlock[] => {
    let event = 'message';
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return data.length === 0 ? [] : [{ event, data: data.join('\n') }];
  });
  return { blocks, rest };
}

/** Creates the events resource over an ApiClient. */
export function eventsApi(client: ApiClient): EventsApi {
  return {
    async stream({ lastEventId, signal, handlers }) {
      const response = await client.authorizedFetch('/events', {
        signal,
        // The time-out covers the headers only; the stream itself stays open.
        headers: { accept: 'text/event-stream', ...(lastEventId === null ? {} : { 'last-event-id': String(lastEventId) }) },
      });
      const body = response.body;
      if (body === null) return;
      const reader = body.getReader();
      const stop = (): void => void reader.cancel().catch(() => undefined);
      signal.addEventListener('abort', stop);
      const decoder = new TextDecoder();
      let text = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          const { blocks, rest } = takeBlocks(text + decoder.decode(value, { stream: true }));
          text = rest;
          for (const block of blocks) {
            if (block.event === 'ready') handlers.onReady();
            else if (block.event === 'resync') handlers.onResync();
            else if (block.event === 'change') handlers.onChange(JSON.parse(block.data) as LiveChangeEvent);
          }
        }
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
  };
}
