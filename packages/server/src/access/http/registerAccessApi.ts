import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import { registerAccessRoutes } from './accessRoutes';
import { registerCanRoutes } from './canRoutes';

/** Registers the access module's /api routes: what a caller may do: GET /api/can, /api/can/actions and a document's access (GET /api/documents/{id}/access). */
export function registerAccessApi(api: FastifyInstance, deps: AppDeps): void {
  registerAccessRoutes(api, deps);
  registerCanRoutes(api);
}
