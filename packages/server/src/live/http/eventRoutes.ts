import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import type { LiveHub } from '../LiveHub';
import { openLiveStream } from '../liveStream';
import type { LiveStreamSettings } from '../liveStream';

/** The Last-Event-ID a reconnecting client sends (header, or `lastEventId` in the query for clients that cannot set it), as a change id. */
function lastEventIdOf(header: string | string[] | undefined, query: unknown): number | null {
  const fromQuery =
    typeof query === 'object' && query !== null && 'lastEventId' in query ? (query as { lastEventId: unknown }).lastEventId : undefined;
  const raw = typeof header === 'string' ? header : typeof fromQuery === 'string' ? fromQuery : undefined;
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * GET /api/events: the caller's live updates as server-sent events (docs/API.md "Live updates").
 * Authenticated like every /api call (the bearer check runs before it); the client reads it with
 * fetch() streaming, which can send the Authorization header (EventSource cannot).
 */
export function registerEventRoutes(app: FastifyInstance, deps: AppDeps, hub: LiveHub, settings: LiveStreamSettings): void {
  app.get('/events', async (request, reply) => {
    const viewer = viewerOf(request);
    const { stream, close } = await openLiveStream(
      deps,
      hub,
      { userId: viewer.userId, username: viewer.username },
      lastEventIdOf(request.headers['last-event-id'], request.query),
      settings,
    );
    // The response's close: the client went away, or the stream ended.
    const untrack = hub.track(close);
    reply.raw.on('close', () => {
      untrack();
      close();
    });
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // nginx and its kin would hold the events back to fill a buffer.
        .header('x-accel-buffering', 'no')
        .send(stream.body)
    );
  });
}
