import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/HttpError';
import type { Viewer } from '../documentVisibility';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller as the access policies see them, set by the authentication hook for every authenticated /api request; null otherwise. */
    viewer: Viewer | null;
  }
}

/** Declares `request.viewer` (null until the authentication hook sets it). */
export function registerViewerOfRequest(app: FastifyInstance): void {
  app.decorateRequest('viewer', null);
}

/**
 * The caller as a `Viewer` (user id, whether they are a security manager, the database clock, the
 * rights): the one the auth hook read with the user, in this request (never from a cache).
 */
export function viewerOf(request: FastifyRequest): Viewer {
  if (request.viewer === null) throw unauthorized();
  return request.viewer;
}
