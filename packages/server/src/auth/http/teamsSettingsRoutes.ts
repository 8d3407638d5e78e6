import type { FastifyInstance } from 'fastify';
import { ENTRA_USER_SCOPE } from '../entra/EntraTokenValidator';
import type { AppDeps } from '../../services/AppDeps';

/** What the Teams tab needs before anyone signs in (issue 14 contract). */
export interface TeamsSettings {
  clientId: string;
  authority: string;
  tenantIds: string[];
  /** `api://…/access_as_user`: what the tab asks Entra ID (NAA) for. */
  scopes: string[];
  /** Origins the tab passes to `app.initialize(validMessageOrigins)`. */
  hostOrigins: string[];
  teamsAppId: string;
}

const STRINGS = { type: 'array', items: { type: 'string' } } as const;

/** The answer's schema: the serialiser writes exactly these fields, and openapi.json lists them. */
const TEAMS_SETTINGS_ANSWER = {
  type: 'object',
  required: ['clientId', 'authority', 'tenantIds', 'scopes', 'hostOrigins', 'teamsAppId'],
  properties: {
    clientId: { type: 'string', description: 'The Entra app registration (client) id.' },
    authority: { type: 'string', description: 'The Entra authority, without the tenant.' },
    tenantIds: STRINGS,
    scopes: STRINGS,
    hostOrigins: STRINGS,
    teamsAppId: { type: 'string' },
  },
} as const;

/** The Teams tab's settings from the server configuration (public: no secret in it). */
export function teamsSettingsOf(deps: AppDeps): TeamsSettings {
  const { entra, teams } = deps.config;
  const resource = entra.audiences.find((aud) => aud.startsWith('api://')) ?? (entra.clientId === '' ? null : `api://${entra.clientId}`);
  return {
    clientId: entra.clientId,
    authority: entra.authority,
    tenantIds: [...entra.tenantIds],
    scopes: resource === null ? [] : [`${resource}/${ENTRA_USER_SCOPE}`],
    hostOrigins: [...teams.hostOrigins],
    teamsAppId: teams.appId,
  };
}

/** GET /api/integration/teams/settings: no authentication (the tab reads it to sign in). */
export function registerTeamsSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/integration/teams/settings', { schema: { response: { 200: TEAMS_SETTINGS_ANSWER } } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(teamsSettingsOf(deps)),
  );
}
