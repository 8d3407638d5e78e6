/** One server-sent event as the collector parsed it. */
export interface CollectedEvent {
  event: string;
  id: string | null;
  data: unknown;
}

/** An open /api/events stream read into `events` as they come. */
export interface EventCollector {
  readonly events: CollectedEvent[];
  /** The `change` events' data so far. */
  changes(): Array<Record<string, unknown>>;
  /** Whether the server ended the stream. */
  ended(): boolean;
  close(): void;
}

/** Parses one event block ("field: value" lines); null for a comment-only or retry-only block. */
function parseBlock(block: string): CollectedEvent | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? null : { event, id, data: JSON.parse(data.join('\n')) as unknown };
}

/**
 * Opens `url` with fetch (as the core's client does) and collects its events; resolves once the
 * response's headers came and the server's `ready` event arrived, so every change committed after
 * that is the stream's to deliver.
 */
export async function collectEvents(
  url: string,
  headers: Record<string, string>,
): Promise<EventCollector & { status: number; contentType: string }> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: CollectedEvent[] = [];
  let ended = false;
  let ready: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const body = response.body;
  if (response.status !== 200 || body === null) {
    ready();
  } else {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const parsed = parseBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (parsed === null) continue;
            events.push(parsed);
            if (parsed.event === 'ready') ready();
          }
        }
      } catch {
        // Aborted by close().
      } finally {
        ended = true;
        ready();
      }
    })();
  }
  await readyPromise;
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    events,
    changes: () => events.filter((event) => event.event === 'change').map((event) => event.data as Record<string, unknown>),
    ended: () => ended,
    close: () => abort.abort(),
  };
}
