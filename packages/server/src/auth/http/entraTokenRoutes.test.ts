import { createUser, unique } from '../../test/factories';
import { startTestEntra, type TestEntra } from '../../test/startTestEntra';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { NO_LICENSE_MESSAGE } from './tokenRoutes';

/** A fresh object id per test user, so suites on both databases never share one. */
let oidCounter = 0;
function newOid(): string {
  oidCounter += 1;
  return `dddddddd-${String(process.pid % 10000).padStart(4, '0')}-4000-8000-${String(oidCounter).padStart(12, '0')}`;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`GET /api/token/user?type=jwt: Microsoft Entra ID sign-in [${dialect}]`, () => {
    let entra: TestEntra;
    let server: TestServer;
    const exchange = (token: string, via: 'header' | 'query' = 'header') =>
      via === 'header'
        ? server.inject({ url: '/api/token/user?type=jwt', headers: { authorization: `Bearer ${token}` } })
        : server.inject({ url: `/api/token/user?type=jwt&auth=${encodeURIComponent(token)}` });
    const usernameOf = (productToken: string): unknown =>
      (JSON.parse(Buffer.from(productToken.split('.')[0], 'base64url').toString('utf8')) as { username?: unknown }).username;
    const identityOf = (id: number) =>
      server.deps.db.selectFrom('users').select(['entra_tenant_id', 'entra_object_id']).where('id', '=', id).executeTakeFirstOrThrow();

    beforeAll(async () => {
      entra = await startTestEntra();
      server = await startTestServer(dialect, { env: entra.env });
    });
    afterAll(async () => {
      await server?.close();
      await entra?.close();
    });

    it('SECURITY row 14: a valid Entra access token → 200 text/plain, a product token for the mapped user that works on /api', async () => {
      const user = await createUser(server, unique('teams'));
      const response = await exchange(await entra.userToken(newOid(), `${user.username}@example.test`));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(usernameOf(response.body)).toBe(user.username);
      expect((await server.inject({ url: '/api/options', headers: { authorization: `Bearer ${response.body}` } })).statusCode).toBe(200);
      // The spec's `auth` parameter carries the token too.
      const viaQuery = await exchange(await entra.userToken(newOid(), 'nobody-else@example.test'), 'query');
      expect(viaQuery.statusCode).toBe(403);
    });

    it('SECURITY row 14: expired, wrong-audience, Graph-audience, ID, wrong-tenant, wrong-issuer and badly signed Entra tokens → 401 in words', async () => {
      const user = await createUser(server, unique('refused'));
      const name = `${user.username}@example.test`;
      const other = await startTestEntra();
      try {
        const cases: [string, string, RegExp][] = [
          ['expired', await entra.userToken(newOid(), name, { expiresInSeconds: -120 }), /expired/],
          [
            'wrong audience',
            await entra.userToken(newOid(), name, { audience: 'api://elsewhere.example/eeeeeeee-0000-4000-8000-000000000001' }),
            /audience/,
          ],
          ['Graph audience', await entra.userToken(newOid(), name, { audience: 'https://graph.microsoft.com' }), /Microsoft Graph/],
          ['ID token', await entra.userToken(newOid(), name, { audience: entra.clientId, claims: { scp: undefined } }), /ID token/],
          ['wrong tenant', await entra.userToken(newOid(), name, { claims: { tid: 'eeeeeeee-0000-4000-8000-000000000002' } }), /tenant/],
          [
            'wrong issuer',
            await entra.userToken(newOid(), name, { issuer: `https://login.microsoftonline.com/${entra.tenantId}/v2.0` }),
            /issuer/,
          ],
          [
            'bad signature',
            await other.userToken(newOid(), name, {
              kid: entra.keys.currentKid,
              issuer: `${entra.authority}/${entra.tenantId}/v2.0`,
              audience: entra.audience,
            }),
            /signature/,
          ],
          ['not a JWT', 'abc.def', /not a signed JWT/],
        ];
        for (const [label, token, words] of cases) {
          const response = await exchange(token);
          expect({ label, status: response.statusCode }).toEqual({ label, status: 401 });
          expect(response.json()).toEqual({ statusCode: 401, exceptionType: 'Unauthorized', message: expect.stringMatching(words) });
        }
        const none = await server.inject({ url: '/api/token/user?type=jwt' });
        expect(none.statusCode).toBe(401);
        expect(none.json<{ message: string }>().message).toMatch(/Entra ID access token is required/);
        // None of them mapped the user.
        expect(await identityOf(user.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });
      } finally {
        await other.close();
      }
    });

    it('maps the first sign-in by e-mail (case-insensitive), then by tenant + object id even after the e-mail changes', async () => {
      const user = await createUser(server, unique('mapped'));
      const oid = newOid();
      const first = await exchange(await entra.userToken(oid, `${user.username}@EXAMPLE.test`.toUpperCase()));
      expect(first.statusCode).toBe(200);
      expect(usernameOf(first.body)).toBe(user.username);
      expect(await identityOf(user.id)).toEqual({ entra_tenant_id: entra.tenantId, entra_object_id: oid });

      await server.deps.db.updateTable('users').set({ email: 'renamed@example.test' }).where('id', '=', user.id).execute();
      const later = await exchange(await entra.userToken(oid, 'someone.new@example.test'));
      expect(later.statusCode).toBe(200);
      expect(usernameOf(later.body)).toBe(user.username);

      // Another Entra account with the mapped user's sign-in name does not take the user over.
      const impostor = await exchange(await entra.userToken(newOid(), 'renamed@example.test'));
      expect(impostor.statusCode).toBe(403);
    });

    it('maps by user name when no e-mail matches, by upn or email claims too', async () => {
      const byName = await createUser(server, unique('byname'));
      const response = await exchange(await entra.userToken(newOid(), byName.username.toUpperCase()));
      expect(usernameOf(response.body)).toBe(byName.username);
      const byUpn = await createUser(server, unique('byupn'));
      const upn = await exchange(
        await entra.userToken(newOid(), 'unrelated@example.test', { claims: { upn: `${byUpn.username}@example.test` } }),
      );
      expect(usernameOf(upn.body)).toBe(byUpn.username);
    });

    it(`an unknown user → 403 '${NO_LICENSE_MESSAGE}'; a disabled one too; two users with the sign-in name map neither`, async () => {
      const unknown = await exchange(await entra.userToken(newOid(), 'stranger@elsewhere.example'));
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual({ statusCode: 403, exceptionType: 'Forbidden', message: NO_LICENSE_MESSAGE });

      const disabled = await createUser(server, unique('disabled'), { disabled: true });
      expect((await exchange(await entra.userToken(newOid(), `${disabled.username}@example.test`))).statusCode).toBe(403);

      const a = await createUser(server, unique('twin'));
      const b = await createUser(server, unique('twin'));
      await server.deps.db.updateTable('users').set({ email: 'shared@example.test' }).where('id', 'in', [a.id, b.id]).execute();
      expect((await exchange(await entra.userToken(newOid(), 'shared@example.test'))).statusCode).toBe(403);
      expect(await identityOf(a.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });

      // A mapped user who is disabled later is refused by object id as well.
      const later = await createUser(server, unique('later'));
      const oid = newOid();
      expect((await exchange(await entra.userToken(oid, `${later.username}@example.test`))).statusCode).toBe(200);
      await server.deps.db.updateTable('users').set({ disabled: 1 }).where('id', '=', later.id).execute();
      expect((await exchange(await entra.userToken(oid, `${later.username}@example.test`))).statusCode).toBe(403);
    });

    it('SECURITY row 14: a rolled-over signing key is picked up (unknown kid → the key set is fetched again)', async () => {
      const user = await createUser(server, unique('rolled'));
      const oid = newOid();
      expect((await exchange(await entra.userToken(oid, `${user.username}@example.test`))).statusCode).toBe(200);
      const fetched = entra.fetches.get(entra.tenantId) ?? 0;
      await entra.keys.rollover(true);
      // The server's clock past the cool-down since its last fetch.
      server.setNow(new Date(Date.now() + 31_000));
      try {
        const response = await exchange(await entra.userToken(oid, `${user.username}@example.test`));
        expect(response.statusCode).toBe(200);
      } finally {
        server.setNow(null);
      }
      expect(entra.fetches.get(entra.tenantId)).toBe(fetched + 1);
    });

    it("Entra's key set down → 503 in words, not 500", async () => {
      entra.setMode('down');
      try {
        // The spare tenant's keys were never fetched, so nothing cached can stand in.
        const response = await exchange(await entra.userToken(newOid(), 'x@example.test', { claims: { tid: entra.spareTenantId } }));
        expect(response.statusCode).toBe(503);
        expect(response.json<{ message: string }>().message).toMatch(/signing keys could not be read/);
      } finally {
        entra.setMode('ok');
      }
    });

    it('GET /api/integration/teams/settings answers the tab its sign-in settings without a token', async () => {
      const response = await server.inject({ url: '/api/integration/teams/settings' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        clientId: entra.clientId,
        authority: entra.authority,
        tenantIds: [entra.tenantId, entra.spareTenantId],
        scopes: [`${entra.audience}/access_as_user`],
        hostOrigins: [],
        teamsAppId: '',
      });
    });
  });
}
