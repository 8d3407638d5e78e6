import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import { registerEntraIdentityRoutes } from './entraIdentityRoutes';
import { registerKeyRoutes } from './keyRoutes';
import { registerTeamsSettingsRoutes } from './teamsSettingsRoutes';
import { registerTokenRoutes } from './tokenRoutes';

/**
 * Registers the auth module's /api routes: sign-in: the product token (GET /api/token/user, by
 * password, API key or Entra ID), API keys, the Teams SSO settings, and the users' Entra identities.
 */
export function registerAuthApi(api: FastifyInstance, deps: AppDeps): void {
  registerTokenRoutes(api, deps);
  registerTeamsSettingsRoutes(api, deps);
  registerKeyRoutes(api, deps);
  registerEntraIdentityRoutes(api, deps);
}
