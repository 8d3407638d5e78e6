import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import { registerMailDraftRoutes } from './mailDraftRoutes';

/** Registers the mail module's /api routes: e-mail drafts in the user's mailbox with documents attached. */
export function registerMailApi(api: FastifyInstance, deps: AppDeps): void {
  registerMailDraftRoutes(api, deps);
}
