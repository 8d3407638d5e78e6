import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWTPayload } from 'jose';
import { EntraSigningKeys, type EntraSignOptions } from '../demo/EntraSigningKeys';

/** How the stand-in's key set endpoint behaves. */
export type TestEntraMode = 'ok' | 'down' | 'hang';

/** What `TestEntra.userToken` signs, beyond a valid user access token's defaults. */
export interface TestUserTokenOptions extends Partial<EntraSignOptions> {
  /** Claims replacing or adding to the defaults (set one to undefined to leave it out). */
  claims?: JWTPayload;
  /** Sign with these keys instead (a token from another key set). */
  keys?: EntraSigningKeys;
}

/** A loopback Entra ID key set server for tests, with tokens signed by its keys. */
export interface TestEntra {
  /** `http://127.0.0.1:<port>`: the authority (no trailing slash). */
  authority: string;
  /** The allowed tenant (keys served). */
  tenantId: string;
  /** A second allowed tenant, for tests that need a tenant whose keys were never fetched. */
  spareTenantId: string;
  clientId: string;
  /** `api://datahaven.test/<clientId>`: the audience of the user tokens. */
  audience: string;
  /** The loadConfig settings pointing a server at this authority. */
  env: Record<string, string>;
  keys: EntraSigningKeys;
  /** How many key set requests arrived, per tenant. */
  fetches: Map<string, number>;
  /** Switches the key set endpoint between answering, failing (500) and never answering. */
  setMode(mode: TestEntraMode): void;
  /** A user access token of `tenantId` (scp access_as_user, oid, preferred_username), valid for an hour unless told otherwise. */
  userToken(oid: string, preferredUsername: string, options?: TestUserTokenOptions): Promise<string>;
  close(): Promise<void>;
}

/** The test tenants and client (GUIDs, as Entra's are). */
export const TEST_ENTRA_TENANT_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const SPARE_TENANT_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
const TEST_CLIENT_ID = 'bbbbbbbb-0000-4000-8000-000000000001';

/**
 * Starts a loopback HTTP server serving `/{tid}/discovery/v2.0/keys` for two allowed tenants (the
 * host-edge stand-in for Entra ID that SECURITY row 14's tests sign tokens against).
 */
export async function startTestEntra(): Promise<TestEntra> {
  const keys = await EntraSigningKeys.create();
  const fetches = new Map<string, number>();
  let mode: TestEntraMode = 'ok';
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    const match = /^\/([0-9a-f-]{36})\/discovery\/v2\.0\/keys$/.exec(request.url ?? '');
    if (match === null || ![TEST_ENTRA_TENANT_ID, SPARE_TENANT_ID].includes(match[1])) {
      response.writeHead(404).end();
      return;
    }
    fetches.set(match[1], (fetches.get(match[1]) ?? 0) + 1);
    if (mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (mode === 'down') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('down');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys.jwks()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const authority = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const audience = `api://datahaven.test/${TEST_CLIENT_ID}`;
  return {
    authority,
    tenantId: TEST_ENTRA_TENANT_ID,
    spareTenantId: SPARE_TENANT_ID,
    clientId: TEST_CLIENT_ID,
    audience,
    env: {
      DATAHAVEN_ENTRA_AUTHORITY: authority,
      DATAHAVEN_ENTRA_TENANTS: `${TEST_ENTRA_TENANT_ID},${SPARE_TENANT_ID}`,
      DATAHAVEN_ENTRA_CLIENT_ID: TEST_CLIENT_ID,
      DATAHAVEN_ENTRA_AUDIENCES: `${audience},${TEST_CLIENT_ID}`,
    },
    keys,
    fetches,
    setMode(next) {
      mode = next;
    },
    async userToken(oid, preferredUsername, options = {}) {
      const tid = typeof options.claims?.tid === 'string' ? options.claims.tid : TEST_ENTRA_TENANT_ID;
      const claims: JWTPayload = {
        tid,
        oid,
        sub: oid,
        preferred_username: preferredUsername,
        scp: 'access_as_user',
        azp: TEST_CLIENT_ID,
        ver: '2.0',
        ...options.claims,
      };
      for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
      return (options.keys ?? keys).sign(claims, {
        issuer: options.issuer ?? `${authority}/${tid}/v2.0`,
        audience: options.audience ?? audience,
        expiresInSeconds: options.expiresInSeconds,
        notBeforeInSeconds: options.notBeforeInSeconds,
        kid: options.kid,
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
