import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { ServerMetrics } from './ServerMetrics';

/** The route label of a request no route matched (a 404): one series, whatever the URL was. */
const UNMATCHED = 'unmatched';

/**
 * Per request: names the HTTP server span (when tracing is on, instrumentation-http made it) by
 * its route pattern (`http.route`, `GET /api/documents/:id`), and counts the answer in `metrics`
 * by method, route pattern and status, with its duration (Fastify's own elapsed time).
 */
export function registerRequestTelemetry(app: FastifyInstance, metrics: ServerMetrics | null): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined) return;
    const span = trace.getActiveSpan();
    if (span === undefined) return;
    span.setAttribute('http.route', route);
    span.updateName(`${request.method} ${route}`);
  });
  if (metrics === null) return;
  app.addHook('onResponse', async (request, reply) => {
    metrics.recordRequest(request.method, request.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
  });
}
