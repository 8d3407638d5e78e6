import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import { registerEmailLinkRoutes } from './emailLinkRoutes';
import { registerMailDraftRoutes } from './mailDraftRoutes';

/** Registers the mail module's /api routes: e-mail drafts with documents attached: an .eml to download or a draft in the user's mailbox (GET/POST /api/email-link), and a reply to the message being read (POST /api/mail-drafts/reply). */
export function registerMailApi(api: FastifyInstance, deps: AppDeps): void {
  registerEmailLinkRoutes(api, deps);
  registerMailDraftRoutes(api, deps);
}
