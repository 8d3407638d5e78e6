import { randomBytes } from 'node:crypto';
import { parseList, parseOrigins, parsePlainUrl } from './envParsers';

/** The demo's Entra tenant (issue 14 contract): the only tenant the demo stand-in signs for. */
export const DEMO_ENTRA_TENANT_ID = '11111111-1111-4111-8111-111111111111';

/** The demo's app registration (client) id. */
export const DEMO_ENTRA_CLIENT_ID = '22222222-2222-4222-8222-222222222222';

/** The demo's Teams app (manifest) id. */
export const DEMO_TEAMS_APP_ID = '33333333-3333-4333-8333-333333333333';

/** Microsoft Entra ID's public cloud authority. */
export const ENTRA_PUBLIC_AUTHORITY = 'https://login.microsoftonline.com';

/** Microsoft Entra ID sign-in (issue 14): which access tokens `GET /api/token/user?type=jwt` accepts. */
export interface EntraConfig {
  /** The app registration's id (DATAHAVEN_ENTRA_CLIENT_ID); '' when not configured. */
  clientId: string;
  /** Accepted `aud` values (DATAHAVEN_ENTRA_AUDIENCES); default `api://<public host>/<clientId>` and `<clientId>`. */
  audiences: string[];
  /** Allowed tenant ids (DATAHAVEN_ENTRA_TENANTS); empty: Entra sign-in is off. */
  tenantIds: string[];
  /** The authority without a trailing slash (DATAHAVEN_ENTRA_AUTHORITY); keys at `${authority}/${tid}/discovery/v2.0/keys`. */
  authority: string;
  /** The client secret for Graph app tokens (DATAHAVEN_ENTRA_CLIENT_SECRET); null when not configured. */
  clientSecret: string | null;
  /** True when the authority is this server's own demo stand-in (/demo/entra), settled once the server listens. */
  demoStandIn: boolean;
}

/** The Teams app's settings the tab and the notifications need (issue 14). */
export interface TeamsConfig {
  /** The Teams app (manifest) id used in deep links (DATAHAVEN_TEAMS_APP_ID); '' when not configured. */
  appId: string;
  /** Microsoft Graph v1.0 for activity notifications, no trailing slash (DATAHAVEN_GRAPH_URL). */
  graphUrl: string;
  /** Extra host origins the tab passes to `app.initialize(validMessageOrigins)` (DATAHAVEN_TEAMS_HOST_ORIGINS). */
  hostOrigins: string[];
  /** True when graphUrl is this server's own demo stand-in (/demo/graph/v1.0), settled once the server listens. */
  demoGraph: boolean;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the Entra ID and Teams settings. In demo mode the defaults point at this server's own
 * stand-ins (`<origin>/demo/entra`, `<origin>/demo/graph/v1.0`) with the demo tenant, client and
 * app ids; the origin is the public URL until the server listens (`settleDemoOrigin`).
 */
export function loadEntraConfig(env: NodeJS.ProcessEnv, demo: boolean, publicUrl: string): { entra: EntraConfig; teams: TeamsConfig } {
  const clientId = (env.DATAHAVEN_ENTRA_CLIENT_ID ?? '').trim() || (demo ? DEMO_ENTRA_CLIENT_ID : '');
  const publicHost = new URL(publicUrl).host;
  const audiences = parseList(env.DATAHAVEN_ENTRA_AUDIENCES);
  const tenantIds =
    env.DATAHAVEN_ENTRA_TENANTS !== undefined && env.DATAHAVEN_ENTRA_TENANTS.trim() !== ''
      ? parseList(env.DATAHAVEN_ENTRA_TENANTS)
      : demo
        ? [DEMO_ENTRA_TENANT_ID]
        : [];
  // A tenant id goes into the key set's URL: only Entra's GUIDs, nothing that could change the path.
  for (const tid of tenantIds) if (!GUID.test(tid)) throw new Error(`DATAHAVEN_ENTRA_TENANTS must list tenant ids (GUIDs): ${tid}`);
  const authorityText = (env.DATAHAVEN_ENTRA_AUTHORITY ?? '').trim();
  const demoStandIn = demo && authorityText === '';
  const graphText = (env.DATAHAVEN_GRAPH_URL ?? '').trim();
  const demoGraph = demo && graphText === '';
  const secret = (env.DATAHAVEN_ENTRA_CLIENT_SECRET ?? '').trim();
  const entra: EntraConfig = {
    clientId,
    audiences: audiences.length > 0 ? audiences : clientId === '' ? [] : [`api://${publicHost}/${clientId}`, clientId],
    tenantIds: tenantIds.map((tid) => tid.toLowerCase()),
    authority: demoStandIn
      ? `${publicUrl}/demo/entra`
      : parsePlainUrl('DATAHAVEN_ENTRA_AUTHORITY', authorityText || ENTRA_PUBLIC_AUTHORITY),
    // The demo's stand-in checks the secret like Entra would; a fresh one each start, as for the demo ERP.
    clientSecret: secret !== '' ? secret : demoStandIn ? randomBytes(24).toString('base64url') : null,
    demoStandIn,
  };
  const teams: TeamsConfig = {
    appId: (env.DATAHAVEN_TEAMS_APP_ID ?? '').trim() || (demo ? DEMO_TEAMS_APP_ID : ''),
    graphUrl: demoGraph
      ? `${publicUrl}/demo/graph/v1.0`
      : parsePlainUrl('DATAHAVEN_GRAPH_URL', graphText || 'https://graph.microsoft.com/v1.0'),
    // A port of 0 is not an origin yet: settleDemoOrigin adds the listening one.
    hostOrigins: [
      ...parseOrigins('DATAHAVEN_TEAMS_HOST_ORIGINS', env.DATAHAVEN_TEAMS_HOST_ORIGINS),
      ...(demo && new URL(publicUrl).port !== '0' ? [new URL(publicUrl).origin] : []),
    ],
    demoGraph,
  };
  return { entra, teams };
}

/**
 * Points the demo stand-ins' URLs at the origin the server actually listens on (a port of 0 is
 * only known then) and adds it to the host origins. Mutates the shared config on purpose: every
 * reader (token validation, the demo signer, notification jobs) reads these at use, so they agree.
 */
export function settleDemoOrigin(config: { entra: EntraConfig; teams: TeamsConfig }, origin: string): void {
  if (config.entra.demoStandIn) config.entra.authority = `${origin}/demo/entra`;
  if (config.teams.demoGraph) config.teams.graphUrl = `${origin}/demo/graph/v1.0`;
  if ((config.entra.demoStandIn || config.teams.demoGraph) && !config.teams.hostOrigins.includes(origin))
    config.teams.hostOrigins.push(origin);
}
