import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import { registerSearchRoutes } from './searchRoutes';

/** Registers the search module's /api routes: full-text and tag search of documents, and tag suggestions. */
export function registerSearchApi(api: FastifyInstance, deps: AppDeps): void {
  registerSearchRoutes(api, deps);
}
