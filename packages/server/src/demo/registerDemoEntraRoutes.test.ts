import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { DEMO_ENTRA_CLIENT_ID, DEMO_ENTRA_TENANT_ID, DEMO_TEAMS_APP_ID } from '../config/loadEntraConfig';
import { loadConfig, type Config } from '../config/Config';
import { createServer } from '../createServer';
import { ClientCredentialsTokenProvider } from '../graph';
import { createDatabase } from '../db/createDatabase';
import { demoEntraAccessToken, demoProductToken } from '../test/demoEntraTokens';
import { listenForTest } from '../test/listenForTest';
import { DEMO_USERS } from './demoWorld';

const usernameOf = (productToken: string): unknown =>
  (JSON.parse(Buffer.from(productToken.split('.')[0], 'base64url').toString('utf8')) as { username?: unknown }).username;

describe('the demo Entra ID stand-in (/demo/entra) in demo mode', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let config: Config;
  let clock: Date | null = null;
  const tokenEndpoint = (): string => `${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/oauth2/v2.0/token`;
  const appToken = (form: Record<string, string>) =>
    fetch(tokenEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-entra-'));
    config = loadConfig({
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      DATAHAVEN_DEMO: '1',
      DATAHAVEN_PORT: '0',
    });
    app = await createServer(config, { jobRunner: false, now: () => clock ?? new Date() });
    baseUrl = await listenForTest(app);
  });

  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('settles the authority on the listening origin; the settings call names the demo tenant, client, scope and host origin', async () => {
    const settings = await (await fetch(`${baseUrl}/api/integration/teams/settings`)).json();
    expect(settings).toEqual({
      clientId: DEMO_ENTRA_CLIENT_ID,
      authority: `${baseUrl}/demo/entra`,
      tenantIds: [DEMO_ENTRA_TENANT_ID],
      scopes: [`api://localhost:0/${DEMO_ENTRA_CLIENT_ID}/access_as_user`],
      hostOrigins: [baseUrl],
      teamsAppId: DEMO_TEAMS_APP_ID,
    });
    expect(config.teams.graphUrl).toBe(`${baseUrl}/demo/graph/v1.0`);
  });

  it("signs a demo user's access token with the seeded object id; the product signs them in by it", async () => {
    const token = await demoEntraAccessToken(baseUrl, 'approver');
    expect(decodeJwt(token)).toMatchObject({
      tid: DEMO_ENTRA_TENANT_ID,
      oid: '00000000-0000-4000-8000-000000000002',
      preferred_username: 'pat.approver@cronus.example',
      scp: 'access_as_user',
      iss: `${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/v2.0`,
      aud: `api://localhost:0/${DEMO_ENTRA_CLIENT_ID}`,
    });
    const product = await demoProductToken(baseUrl, 'approver');
    expect(usernameOf(product)).toBe('approver');
    const options = await fetch(`${baseUrl}/api/options`, { headers: { authorization: `Bearer ${product}` } });
    expect(options.status).toBe(200);
    // The demo users were seeded with the demo tenant and their object ids (so notifications reach them unsigned-in).
    const database = createDatabase({ kind: 'sqlite', file: join(dataDir, 'datahaven.sqlite') });
    try {
      const rows = await database.db
        .selectFrom('users')
        .select(['username', 'entra_tenant_id', 'entra_object_id'])
        .where(
          'username',
          'in',
          DEMO_USERS.map((u) => u.username),
        )
        .orderBy('id')
        .execute();
      expect(rows).toEqual(
        DEMO_USERS.map((u, index) => ({
          username: u.username,
          entra_tenant_id: DEMO_ENTRA_TENANT_ID,
          entra_object_id: `00000000-0000-4000-8000-00000000000${index + 1}`,
        })),
      );
    } finally {
      await database.close();
    }
    // Someone the product does not know: Entra signs, the product answers 403.
    const stranger = await fetch(`${baseUrl}/api/token/user?type=jwt`, {
      headers: { authorization: `Bearer ${await demoEntraAccessToken(baseUrl, 'stranger')}` },
    });
    expect(stranger.status).toBe(403);
  });

  it('issues Graph app tokens by client credentials (verifiable with its key set), which the product refuses as sign-in', async () => {
    const answer = await appToken({
      grant_type: 'client_credentials',
      client_id: DEMO_ENTRA_CLIENT_ID,
      client_secret: config.entra.clientSecret ?? '',
      scope: 'https://graph.microsoft.com/.default',
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { token_type: string; expires_in: number; access_token: string };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    const keySet = createRemoteJWKSet(new URL(`${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/discovery/v2.0/keys`));
    const { payload } = await jwtVerify(body.access_token, keySet, {
      issuer: `${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/v2.0`,
      audience: 'https://graph.microsoft.com',
    });
    expect(payload).toMatchObject({ tid: DEMO_ENTRA_TENANT_ID, appid: DEMO_ENTRA_CLIENT_ID, roles: ['TeamsActivity.Send', 'Mail.Send'] });
    const signIn = await fetch(`${baseUrl}/api/token/user?type=jwt`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(signIn.status).toBe(401);
    expect(((await signIn.json()) as { message: string }).message).toMatch(/Microsoft Graph/);

    const wrongSecret = await appToken({
      grant_type: 'client_credentials',
      client_id: DEMO_ENTRA_CLIENT_ID,
      client_secret: 'guess',
      scope: 'https://graph.microsoft.com/.default',
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    expect((await appToken({ grant_type: 'password', client_id: DEMO_ENTRA_CLIENT_ID })).status).toBe(400);
  });

  it("gives the product's MSAL client (ClientCredentialsTokenProvider) its OpenID configuration and a Graph app token over http", async () => {
    const tokens = new ClientCredentialsTokenProvider({
      authority: config.entra.authority,
      clientId: DEMO_ENTRA_CLIENT_ID,
      clientSecret: config.entra.clientSecret ?? '',
    });
    const token = await tokens.tokenFor(DEMO_ENTRA_TENANT_ID);
    expect(decodeJwt(token)).toMatchObject({ tid: DEMO_ENTRA_TENANT_ID, appid: DEMO_ENTRA_CLIENT_ID, aud: 'https://graph.microsoft.com' });
    await expect(
      new ClientCredentialsTokenProvider({
        authority: config.entra.authority,
        clientId: DEMO_ENTRA_CLIENT_ID,
        clientSecret: 'guess',
      }).tokenFor(DEMO_ENTRA_TENANT_ID),
    ).rejects.toMatchObject({
      status: 401,
      code: 'invalid_client',
      message: `Microsoft Entra ID refused an app token for tenant ${DEMO_ENTRA_TENANT_ID} (client ${DEMO_ENTRA_CLIENT_ID}): invalid_client: The client id or secret is wrong.`,
    });
  });

  it('rolls its signing key over on request; the product picks the new key up once its cool-down has passed', async () => {
    await demoProductToken(baseUrl, 'clerk');
    const rolled = (await (await fetch(`${baseUrl}/demo/entra/rollover`, { method: 'POST' })).json()) as { kid: string };
    const token = await demoEntraAccessToken(baseUrl, 'clerk');
    expect(decodeProtectedHeader(token).kid).toBe(rolled.kid);
    const keys = (await (await fetch(`${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/discovery/v2.0/keys`)).json()) as {
      keys: { kid: string }[];
    };
    expect(keys.keys.map((key) => key.kid)).toContain(rolled.kid);
    clock = new Date(Date.now() + 31_000);
    try {
      const answer = await fetch(`${baseUrl}/api/token/user?type=jwt`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
      expect(usernameOf(await answer.text())).toBe('clerk');
    } finally {
      clock = null;
    }
  });

  it('answers loopback only, the configured tenants only, and signs from JSON only', async () => {
    const forwarded = await fetch(`${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: '{"username":"admin"}',
    });
    expect(forwarded.status).toBe(403);
    const otherTenant = await fetch(`${baseUrl}/demo/entra/99999999-9999-4999-8999-999999999999/discovery/v2.0/keys`);
    expect(otherTenant.status).toBe(400);
    const form = await fetch(`${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=admin',
    });
    expect(form.status).toBe(415);
  });
});

describe('the demo Entra ID stand-in with the demo off', () => {
  it('does not exist', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'datahaven-noentra-'));
    const app = await createServer(loadConfig({ DATAHAVEN_DATA_DIR: dataDir, DATAHAVEN_WEB_DIR: join(dataDir, 'no-web') }), {
      jobRunner: false,
    });
    try {
      const baseUrl = await listenForTest(app);
      const keys = await fetch(`${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/discovery/v2.0/keys`);
      expect(keys.status).toBe(404);
      const settings = (await (await fetch(`${baseUrl}/api/integration/teams/settings`)).json()) as {
        tenantIds: string[];
        authority: string;
      };
      expect(settings).toMatchObject({ tenantIds: [], authority: 'https://login.microsoftonline.com' });
      const jwt = await fetch(`${baseUrl}/api/token/user?type=jwt`, { headers: { authorization: 'Bearer a.b.c' } });
      expect(jwt.status).toBe(401);
      expect(((await jwt.json()) as { message: string }).message).toBe('Microsoft Entra ID sign-in is not configured on this server.');
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
