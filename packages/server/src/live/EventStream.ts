import { PassThrough } from 'node:stream';

/** Limits of one stream: past them a slow client is dropped, never buffered for. */
export interface EventStreamLimits {
  /** Bytes written but not yet taken by the client past which the stream is ended. */
  maxBufferedBytes: number;
}

/**
 * One client's text/event-stream: events and comments written in order to a PassThrough that
 * Fastify sends. A client that does not read is dropped once `maxBufferedBytes` wait for it:
 * the server's memory per connection stays bounded, and the client's reconnect resumes
 * (Last-Event-ID) or resyncs.
 */
export class EventStream {
  /** What the reply sends. */
  readonly body = new PassThrough({ highWaterMark: 16 * 1024 });
  readonly #limits: EventStreamLimits;
  #ended = false;

  constructor(limits: EventStreamLimits) {
    this.#limits = limits;
  }

  /** Whether the stream ended (dropped, closed by the client or by the server). */
  get ended(): boolean {
    return this.#ended || this.body.destroyed;
  }

  /** Writes one event (`data` as JSON) with its id, if given; false when the stream has ended or was dropped now. */
  event(name: string, data: unknown, id?: number): boolean {
    return this.#write(`${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Writes a comment line (a heartbeat: keeps proxies from closing an idle stream, and tells the client it is alive). */
  comment(text: string): boolean {
    return this.#write(`: ${text}\n\n`);
  }

  /** Writes the client's reconnect delay (the `retry` field). */
  retry(ms: number): boolean {
    return this.#write(`retry: ${ms}\n\n`);
  }

  /** Ends the stream. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.body.end();
  }

  #write(text: string): boolean {
    if (this.ended) return false;
    if (this.body.writableLength > this.#limits.maxBufferedBytes) {
      // Dropped, not grown: the client reconnects and resumes or resyncs.
      this.#ended = true;
      this.body.destroy();
      return false;
    }
    this.body.write(text);
    return true;
  }
}
