import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { DEMO_ENTRA_CLIENT_ID, DEMO_ENTRA_TENANT_ID } from '../config/loadEntraConfig';
import { loadConfig } from '../config/Config';
import { createServer } from '../createServer';
import { listenForTest } from '../test/listenForTest';
import { DEMO_AUTHORIZATION_CODE_SECONDS } from './demoAuthorizationCodeGrant';

/** A PKCE pair as MSAL makes it: 32 random bytes base64url, and its SHA-256 base64url. */
function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('the demo Entra ID authorization code flow with PKCE (Outlook dialog sign-in)', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let clock: Date | null = null;
  const base = (): string => `${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}`;
  const redirectUri = (): string => `${baseUrl}/outlook/sign-in.html`;
  const apiScope = (): string => `api://localhost:0/${DEMO_ENTRA_CLIENT_ID}/access_as_user`;

  /** The authorization request's parameters, as MSAL sends them for the dialog. */
  const request = (challenge: string, extra: Record<string, string> = {}): Record<string, string> => ({
    client_id: DEMO_ENTRA_CLIENT_ID,
    redirect_uri: redirectUri(),
    response_type: 'code',
    response_mode: 'fragment',
    scope: `${apiScope()} openid profile offline_access`,
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });

  /** The user picks an account on the page: the form posts back, the answer redirects with the code. */
  const signIn = async (parameters: Record<string, string>, username = 'clerk', action = 'sign-in'): Promise<Response> =>
    fetch(`${base()}/oauth2/v2.0/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...parameters, username, action }).toString(),
    });

  const answerOf = (response: Response): URLSearchParams => {
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri());
    return new URLSearchParams(location.hash.slice(1));
  };

  const redeem = (form: Record<string, string>): Promise<Response> =>
    fetch(`${base()}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  const codeFor = async (challenge: string): Promise<string> => answerOf(await signIn(request(challenge))).get('code') ?? '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-authcode-'));
    const config = loadConfig({
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

  it('lists the authorize endpoint, the code grant and S256 in its OpenID configuration', async () => {
    const metadata = await (await fetch(`${base()}/v2.0/.well-known/openid-configuration`)).json();
    expect(metadata).toMatchObject({
      authorization_endpoint: `${base()}/oauth2/v2.0/authorize`,
      token_endpoint: `${base()}/oauth2/v2.0/token`,
      grant_types_supported: ['client_credentials', 'authorization_code', 'urn:ietf:params:oauth:grant-type:jwt-bearer'],
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('shows a page to pick the account (the login hint chosen), then redeems the code once for an access token for our API that signs the user in', async () => {
    const { verifier, challenge } = pkce();
    const parameters = request(challenge, { login_hint: 'pat.approver@cronus.example' });
    const pageAnswer = await fetch(`${base()}/oauth2/v2.0/authorize?${new URLSearchParams(parameters).toString()}`);
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await pageAnswer.text();
    expect(html).toContain('<option value="approver" selected>');
    expect(html).toContain('<option value="clerk">');

    const answer = answerOf(await signIn(parameters, 'approver'));
    expect(answer.get('state')).toBe('state-1');
    const code = answer.get('code') ?? '';
    expect(code).not.toBe('');

    const tokens = await redeem({
      grant_type: 'authorization_code',
      client_id: DEMO_ENTRA_CLIENT_ID,
      redirect_uri: redirectUri(),
      code,
      code_verifier: verifier,
      scope: parameters.scope,
    });
    expect(tokens.status).toBe(200);
    const body = (await tokens.json()) as { access_token: string; id_token: string; client_info: string; token_type: string };
    expect(body.token_type).toBe('Bearer');
    const keySet = createRemoteJWKSet(new URL(`${base()}/discovery/v2.0/keys`));
    const { payload } = await jwtVerify(body.access_token, keySet, {
      issuer: `${base()}/v2.0`,
      audience: `api://localhost:0/${DEMO_ENTRA_CLIENT_ID}`,
    });
    expect(payload).toMatchObject({
      tid: DEMO_ENTRA_TENANT_ID,
      oid: '00000000-0000-4000-8000-000000000002',
      preferred_username: 'pat.approver@cronus.example',
      scp: 'access_as_user',
    });
    expect(decodeJwt(body.id_token)).toMatchObject({
      aud: DEMO_ENTRA_CLIENT_ID,
      nonce: 'nonce-1',
      oid: '00000000-0000-4000-8000-000000000002',
    });
    expect(JSON.parse(Buffer.from(body.client_info, 'base64url').toString('utf8'))).toEqual({
      uid: '00000000-0000-4000-8000-000000000002',
      utid: DEMO_ENTRA_TENANT_ID,
    });

    const product = await fetch(`${baseUrl}/api/token/user?type=jwt`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(product.status).toBe(200);

    // The same code a second time: refused.
    const again = await redeem({
      grant_type: 'authorization_code',
      client_id: DEMO_ENTRA_CLIENT_ID,
      redirect_uri: redirectUri(),
      code,
      code_verifier: verifier,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('already redeemed') });
  });

  it('refuses a verifier that does not match the challenge, and the code is spent by the attempt', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(challenge);
    const wrong = await redeem({
      grant_type: 'authorization_code',
      client_id: DEMO_ENTRA_CLIENT_ID,
      redirect_uri: redirectUri(),
      code,
      code_verifier: pkce().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('AADSTS501481') });
    const right = await redeem({
      grant_type: 'authorization_code',
      client_id: DEMO_ENTRA_CLIENT_ID,
      redirect_uri: redirectUri(),
      code,
      code_verifier: verifier,
    });
    expect(right.status).toBe(400);
  });

  it('refuses another redirect URI or client at redemption, and a code past its ten minutes', async () => {
    const first = pkce();
    const otherRedirect = await redeem({
      grant_type: 'authorization_code',
      client_id: DEMO_ENTRA_CLIENT_ID,
      redirect_uri: `${baseUrl}/other`,
      code: await codeFor(first.challenge),
      code_verifier: first.verifier,
    });
    expect(await otherRedirect.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('redirect URI'),
    });

    const second = pkce();
    const code = await codeFor(second.challenge);
    clock = new Date(Date.now() + (DEMO_AUTHORIZATION_CODE_SECONDS + 1) * 1000);
    try {
      const late = await redeem({
        grant_type: 'authorization_code',
        client_id: DEMO_ENTRA_CLIENT_ID,
        redirect_uri: redirectUri(),
        code,
        code_verifier: second.verifier,
      });
      expect(late.status).toBe(400);
      expect(await late.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
    } finally {
      clock = null;
    }
  });

  it('never redirects to a foreign redirect URI; sends PKCE-less requests and a cancel back as errors', async () => {
    const { challenge } = pkce();
    const foreign = await fetch(
      `${base()}/oauth2/v2.0/authorize?${new URLSearchParams(request(challenge, { redirect_uri: 'https://evil.example/callback' })).toString()}`,
      { redirect: 'manual' },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
    expect(await foreign.text()).toContain('AADSTS50011');

    const noPkce = await fetch(
      `${base()}/oauth2/v2.0/authorize?${new URLSearchParams(request('', { code_challenge_method: '' })).toString()}`,
      { redirect: 'manual' },
    );
    expect(noPkce.status).toBe(302);
    expect(answerOf(noPkce).get('error')).toBe('invalid_request');

    const cancelled = answerOf(await signIn(request(challenge), 'clerk', 'cancel'));
    expect(cancelled.get('error')).toBe('access_denied');
    expect(cancelled.get('state')).toBe('state-1');
    expect(cancelled.get('code')).toBeNull();
  });
});
