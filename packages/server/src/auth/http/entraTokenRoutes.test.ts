import { createUser, unique } from '../../test/factories';
import { startTestEntra, type TestEntra } from '../../test/startTestEntra';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { DISABLED_ENTRA_USER_MESSAGE, NO_LICENSE_MESSAGE, unknownEntraIdentity } from '../entra/entraSignInMessages';
import { ENTRA_IDENTITY_UNBOUND_MESSAGE } from './tokenRoutes';

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
    /** A user an administrator bound to a fresh object id of the test tenant (as PUT /api/users/{id}/entra-identity does). */
    const boundUser = async (prefix: string, options: { disabled?: boolean } = {}) => {
      const user = await createUser(server, unique(prefix), options);
      const oid = newOid();
      await server.deps.db
        .updateTable('users')
        .set({ entra_tenant_id: entra.tenantId, entra_object_id: oid })
        .where('id', '=', user.id)
        .execute();
      return { ...user, oid, email: `${user.username}@example.test` };
    };

    beforeAll(async () => {
      entra = await startTestEntra();
      server = await startTestServer(dialect, { env: entra.env });
    });
    afterAll(async () => {
      await server?.close();
      await entra?.close();
    });

    it('SECURITY row 14: a valid Entra access token of a bound user → 200 text/plain, a product token for that user that works on /api', async () => {
      const user = await boundUser('teams');
      const response = await exchange(await entra.userToken(user.oid, user.email));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(usernameOf(response.body)).toBe(user.username);
      expect((await server.inject({ url: '/api/options', headers: { authorization: `Bearer ${response.body}` } })).statusCode).toBe(200);
      // The spec's `auth` parameter carries the token too.
      const viaQuery = await exchange(await entra.userToken(user.oid, user.email), 'query');
      expect(viaQuery.statusCode).toBe(200);
      expect(usernameOf(viaQuery.body)).toBe(user.username);
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

    it("finding 5: a token with a new oid and another user's name does not take over that account", async () => {
      // The replay: the victim is bound to oid A; the attacker's own Entra account (oid B) carries
      // the victim's name in every name claim Entra can put in a token.
      const victim = await boundUser('victim');
      const impostorOid = newOid();
      const claims = { upn: victim.email, email: victim.email };
      const attack = await exchange(await entra.userToken(impostorOid, victim.email, { claims }));
      expect(attack.statusCode).toBe(403);
      expect(attack.json()).toEqual({
        statusCode: 403,
        exceptionType: 'Forbidden',
        message: unknownEntraIdentity({ tenantId: entra.tenantId, objectId: impostorOid, signInName: victim.email }),
      });
      // The user name itself, in any case, selects nothing either.
      const byUsername = await exchange(
        await entra.userToken(newOid(), victim.username.toUpperCase(), { claims: { upn: victim.username } }),
      );
      expect(byUsername.statusCode).toBe(403);
      // The victim is still bound to A and still signs in with it.
      expect(await identityOf(victim.id)).toEqual({ entra_tenant_id: entra.tenantId, entra_object_id: victim.oid });
      const own = await exchange(await entra.userToken(victim.oid, victim.email));
      expect(own.statusCode).toBe(200);
      expect(usernameOf(own.body)).toBe(victim.username);
    });

    it('finding 5: an unbound user whose e-mail or user name a token carries is not bound by it, and nothing is created', async () => {
      const unbound = await createUser(server, unique('unbound'));
      const oid = newOid();
      const usersBefore = await server.deps.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      for (const token of [
        await entra.userToken(oid, `${unbound.username}@example.test`),
        await entra.userToken(oid, `${unbound.username}@EXAMPLE.TEST`.toUpperCase()),
        await entra.userToken(oid, 'someone@else.example', {
          claims: { upn: unbound.username, email: `${unbound.username}@example.test` },
        }),
      ]) {
        const response = await exchange(token);
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toMatch(
          /^You do not have a license or permission to access Datahaven Documents\. /,
        );
        expect(response.json<{ message: string }>().message).toContain(
          `object id ${oid}) is not added to Datahaven Documents: ask your administrator to add it.`,
        );
      }
      expect(await identityOf(unbound.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });
      const usersAfter = await server.deps.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(usersAfter.n)).toBe(Number(usersBefore.n));
      // A token without any name claim is refused in the same words, without a name.
      const nameless = await exchange(await entra.userToken(oid, '', { claims: { preferred_username: undefined } }));
      expect(nameless.json<{ message: string }>().message).toBe(
        unknownEntraIdentity({ tenantId: entra.tenantId, objectId: oid, signInName: null }),
      );
    });

    it('a bound user signs in by tenant + object id whatever names the token carries', async () => {
      const user = await boundUser('bound');
      await server.deps.db.updateTable('users').set({ email: 'renamed@example.test' }).where('id', '=', user.id).execute();
      const later = await exchange(await entra.userToken(user.oid, 'someone.new@example.test'));
      expect(later.statusCode).toBe(200);
      expect(usernameOf(later.body)).toBe(user.username);
    });

    it(`a disabled user → 403 '${NO_LICENSE_MESSAGE} …disabled…', by object id like any other`, async () => {
      const disabled = await boundUser('disabled', { disabled: true });
      const response = await exchange(await entra.userToken(disabled.oid, disabled.email));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, exceptionType: 'Forbidden', message: DISABLED_ENTRA_USER_MESSAGE });
      // A user disabled after signing in is refused from then on.
      const later = await boundUser('later');
      expect((await exchange(await entra.userToken(later.oid, later.email))).statusCode).toBe(200);
      await server.deps.db.updateTable('users').set({ disabled: 1 }).where('id', '=', later.id).execute();
      expect((await exchange(await entra.userToken(later.oid, later.email))).json<{ message: string }>().message).toBe(
        DISABLED_ENTRA_USER_MESSAGE,
      );
      // A German browser reads the same refusal in German, the spec's sentence first.
      const german = await server.inject({
        url: '/api/token/user?type=jwt',
        headers: { authorization: `Bearer ${await entra.userToken(later.oid, later.email)}`, 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(german.statusCode).toBe(403);
      expect(german.headers['content-language']).toBe('de');
      expect(german.json<{ message: string }>().message).toBe(
        'Sie haben keine Lizenz oder Berechtigung für den Zugriff auf Datahaven Documents. Ihr Benutzerkonto ist deaktiviert: Bitten Sie Ihren Administrator, es zu aktivieren.',
      );
    });

    it('a product token from an Entra sign-in refreshes while the identity stays bound, and no longer once an administrator unbinds or rebinds it', async () => {
      const user = await boundUser('refresh');
      const signedIn = await exchange(await entra.userToken(user.oid, user.email));
      expect(signedIn.statusCode).toBe(200);
      const refresh = (token: string) =>
        server.inject({ url: '/api/token/user?type=refresh', headers: { authorization: `Bearer ${token}` } });
      const refreshed = await refresh(signedIn.body);
      expect(refreshed.statusCode).toBe(200);
      // The refreshed token carries the identity on.
      await server.deps.db.updateTable('users').set({ entra_object_id: newOid() }).where('id', '=', user.id).execute();
      for (const token of [signedIn.body, refreshed.body]) {
        const refused = await refresh(token);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ statusCode: 401, exceptionType: 'Unauthorized', message: ENTRA_IDENTITY_UNBOUND_MESSAGE });
      }
      // Tokens not minted by an Entra sign-in refresh as before.
      expect((await refresh(server.tokenFor(user.username))).statusCode).toBe(200);
    });

    it('SECURITY row 14: a rolled-over signing key is picked up (unknown kid → the key set is fetched again)', async () => {
      const user = await boundUser('rolled');
      const oid = user.oid;
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
