import type { FastifyInstance } from 'fastify';
import { checkReadiness } from './checkReadiness';
import type { ReadinessDeps } from './checkReadiness';

/**
 * A load balancer's probes, outside /api and without authentication (they answer no data):
 * GET /health/live — 200 while the process runs and serves HTTP; GET /health/ready — 200 when
 * the process should get traffic, 503 when a check failed or the process is draining
 * (checkReadiness). Never cached, never logged per request: a probe every few seconds would
 * drown the log.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: ReadinessDeps): void {
  app.get('/health/live', { logLevel: 'warn' }, async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ status: 'live' });
  });
  app.get('/health/ready', { logLevel: 'warn' }, async (_request, reply) => {
    const readiness = await checkReadiness(deps);
    return reply
      .status(readiness.ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks });
  });
}
