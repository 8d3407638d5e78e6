import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import { registerOptionRoutes } from './optionRoutes';
import { registerVersionRoutes } from './versionRoutes';

/** Registers the system module's /api routes: the product's own facts: GET /api/version and the options. */
export function registerSystemApi(api: FastifyInstance, deps: AppDeps): void {
  registerVersionRoutes(api, deps);
  registerOptionRoutes(api, deps);
}
