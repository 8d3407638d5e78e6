import type { FastifyInstance } from 'fastify';
import type { ErpDeps } from '../../erp';
import { registerLinkRoutes } from './linkRoutes';
import { registerNewCardRoutes } from './newCardRoutes';

/** Registers the linking module's /api routes: links between documents and records: link, unlink, push-link and new card. */
export function registerLinkingApi(api: FastifyInstance, deps: ErpDeps): void {
  registerLinkRoutes(api, deps);
  registerNewCardRoutes(api, deps);
}
