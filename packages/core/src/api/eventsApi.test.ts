/**
 * @jest-environment node
 */
import type { LiveChangeEvent } from '../contract';
import { ApiClient } from './ApiClient';
import { eventsApi } from './eventsApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

const change: LiveChangeEvent = {
  id: 7,
  kind: 'approve',
  documentId: 3,
  fromQueueId: 1,
  toQueueId: 2,
  byUserId: 5,
  byName: 'Pat Approver',
  byYou: false,
  at: '2026-12-07T09:00:00.000Z',
};

/** A text/event-stream response sending `chunks` as they are (split anywhere, as a network may). */
function streamResponse(chunks: readonly string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('eventsApi', () => {
  it('reads GET /events with the bearer token and Last-Event-ID, in events split across chunks', async () => {
    const whole = `retry: 2000\n\nevent: ready\ndata: {}\n\n: heartbeat\n\nid: 7\nevent: change\ndata: ${JSON.stringify(change)}\n\nevent: resync\ndata: {}\n\n`;
    const { fetch, calls } = scriptedFetch(() => streamResponse([whole.slice(0, 25), whole.slice(25, 80), whole.slice(80)]));
    const seen: string[] = [];
    const changes: LiveChangeEvent[] = [];
    await eventsApi(new ApiClient({ tokens: new CountingTokens(), fetch })).stream({
      lastEventId: 6,
      signal: new AbortController().signal,
      handlers: {
        onReady: () => seen.push('ready'),
        onChange: (event) => {
          seen.push('change');
          changes.push(event);
        },
        onResync: () => seen.push('resync'),
      },
    });
    expect(calls[0].url).toBe('/api/events');
    expect(calls[0].authorization).toBe('Bearer token-1');
    expect(new Headers(calls[0].init.headers).get('last-event-id')).toBe('6');
    expect(seen).toEqual(['ready', 'change', 'resync']);
    expect(changes).toEqual([change]);
  });

  it('rejects with the answer of a refused stream', async () => {
    const { fetch } = scriptedFetch(
      () => jsonResponse(401, { statusCode: 401, exceptionType: 'Unauthorized', message: 'no' }),
      () => jsonResponse(401, { statusCode: 401, exceptionType: 'Unauthorized', message: 'no' }),
    );
    const handlers = { onReady: jest.fn(), onChange: jest.fn(), onResync: jest.fn() };
    await expect(
      eventsApi(new ApiClient({ tokens: new CountingTokens(), fetch })).stream({
        lastEventId: null,
        signal: new AbortController().signal,
        handlers,
      }),
    ).rejects.toThrow('no');
    expect(handlers.onReady).not.toHaveBeenCalled();
  });
});
