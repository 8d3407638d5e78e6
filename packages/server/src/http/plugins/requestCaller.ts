import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The user id of the request's authenticated caller, set by whichever authentication hook
     * answered for its path (the auth module's for /api, the data service's for /odata); null
     * before that or on public paths. The infrastructure's own plugins (Idempotency-Key) key on
     * it without knowing how the caller was authenticated.
     */
    callerId: number | null;
  }
}

/** Declares `request.callerId` (null until an authentication hook sets it). */
export function registerRequestCaller(app: FastifyInstance): void {
  app.decorateRequest('callerId', null);
}
