import { createUser, unique } from '../../test/factories';
import { startTestEntra, type TestEntra } from '../../test/startTestEntra';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { unknownEntraIdentity } from '../entra/entraSignInMessages';
import { ENTRA_IDENTITY_NEEDS_MANAGER } from '../entra/readUserEntraIdentity';

/** A fresh object id per call, so suites on both databases never share one. */
let oidCounter = 0;
function newOid(): string {
  oidCounter += 1;
  return `eeeeeeee-${String(process.pid % 10000).padStart(4, '0')}-4000-8000-${String(oidCounter).padStart(12, '0')}`;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`/api/users/{id}/entra-identity: an administrator binds users to Entra accounts [${dialect}]`, () => {
    let entra: TestEntra;
    let server: TestServer;
    let manager: { id: number; username: string };

    const identityRoute = (userId: number | string, by: string, method: 'GET' | 'PUT' | 'DELETE' = 'GET', payload?: unknown) =>
      server.inject({ method, url: `/api/users/${userId}/entra-identity`, headers: server.authHeaders(by), payload });
    const signIn = async (oid: string, name = 'whoever@example.test') =>
      server.inject({ url: '/api/token/user?type=jwt', headers: { authorization: `Bearer ${await entra.userToken(oid, name)}` } });
    const usernameOf = (productToken: string): unknown =>
      (JSON.parse(Buffer.from(productToken.split('.')[0], 'base64url').toString('utf8')) as { username?: unknown }).username;
    const stored = (id: number) =>
      server.deps.db.selectFrom('users').select(['entra_tenant_id', 'entra_object_id']).where('id', '=', id).executeTakeFirstOrThrow();

    beforeAll(async () => {
      entra = await startTestEntra();
      server = await startTestServer(dialect, { env: entra.env });
      manager = await createUser(server, unique('secmgr'), { privileges: { 'Security: Manager': true } });
    });
    afterAll(async () => {
      await server?.close();
      await entra?.close();
    });

    it("needs 'Security: Manager': anyone else reading, binding or clearing → 403 in words, nothing changed", async () => {
      const clerk = await createUser(server, unique('clerk'));
      const target = await createUser(server, unique('target'));
      const oid = newOid();
      await server.deps.db
        .updateTable('users')
        .set({ entra_tenant_id: entra.tenantId, entra_object_id: oid })
        .where('id', '=', target.id)
        .execute();
      // Not even their own: binding yourself to an Entra account is the takeover this route guards.
      for (const [method, userId, payload] of [
        ['GET', target.id, undefined],
        ['PUT', target.id, { tenantId: entra.tenantId, objectId: newOid() }],
        ['PUT', clerk.id, { tenantId: entra.tenantId, objectId: newOid() }],
        ['DELETE', target.id, undefined],
      ] as const) {
        const response = await identityRoute(userId, clerk.username, method, payload);
        expect({ method, status: response.statusCode }).toEqual({ method, status: 403 });
        expect(response.json()).toEqual({ statusCode: 403, exceptionType: 'Forbidden', message: ENTRA_IDENTITY_NEEDS_MANAGER });
      }
      expect(await stored(target.id)).toEqual({ entra_tenant_id: entra.tenantId, entra_object_id: oid });
      expect(await stored(clerk.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });
      expect((await signIn(oid)).statusCode).toBe(200);
    });

    it('a pre-provisioned oid signs in: PUT binds it (GUIDs in any case), records who did it, and a repeat changes nothing', async () => {
      const user = await createUser(server, unique('newhire'));
      const oid = newOid();
      // Before: the person's Entra account opens nothing, and says which ids to give the administrator.
      const before = await signIn(oid, 'new.hire@example.test');
      expect(before.statusCode).toBe(403);
      expect(before.json<{ message: string }>().message).toBe(
        unknownEntraIdentity({ tenantId: entra.tenantId, objectId: oid, signInName: 'new.hire@example.test' }),
      );

      const put = await identityRoute(user.id, manager.username, 'PUT', {
        tenantId: ` ${entra.tenantId.toUpperCase()} `,
        objectId: oid.toUpperCase(),
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({
        userId: user.id,
        username: user.username,
        tenantId: entra.tenantId,
        objectId: oid,
        changes: [
          {
            tenantId: entra.tenantId,
            objectId: oid,
            previousTenantId: null,
            previousObjectId: null,
            changedBy: manager.username,
            changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        ],
      });
      const after = await signIn(oid, 'new.hire@example.test');
      expect(after.statusCode).toBe(200);
      expect(usernameOf(after.body)).toBe(user.username);

      // The same object id in another tenant is another person.
      const otherTenant = await server.inject({
        url: '/api/token/user?type=jwt',
        headers: {
          authorization: `Bearer ${await entra.userToken(oid, 'new.hire@example.test', { claims: { tid: entra.spareTenantId } })}`,
        },
      });
      expect(otherTenant.statusCode).toBe(403);
      expect(otherTenant.json<{ message: string }>().message).toContain(`tenant ${entra.spareTenantId}, object id ${oid}`);

      const again = await identityRoute(user.id, manager.username, 'PUT', { tenantId: entra.tenantId, objectId: oid });
      expect(again.statusCode).toBe(200);
      expect(again.json<{ changes: unknown[] }>().changes).toHaveLength(1);
      expect((await identityRoute(user.id, manager.username)).json()).toEqual(put.json());
    });

    it('rebinding moves sign-in to the new oid; DELETE clears it (204) and the old account opens nothing; every change is on record', async () => {
      const user = await createUser(server, unique('moved'));
      const first = newOid();
      const second = newOid();
      expect((await identityRoute(user.id, manager.username, 'PUT', { tenantId: entra.tenantId, objectId: first })).statusCode).toBe(200);
      expect((await identityRoute(user.id, manager.username, 'PUT', { tenantId: entra.tenantId, objectId: second })).statusCode).toBe(200);
      expect((await signIn(first)).statusCode).toBe(403);
      expect(usernameOf((await signIn(second)).body)).toBe(user.username);

      const cleared = await identityRoute(user.id, manager.username, 'DELETE');
      expect(cleared.statusCode).toBe(204);
      expect(cleared.body).toBe('');
      expect((await signIn(second)).statusCode).toBe(403);
      expect(await stored(user.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });
      // Clearing what is clear records nothing more.
      expect((await identityRoute(user.id, manager.username, 'DELETE')).statusCode).toBe(204);

      const read = await identityRoute(user.id, manager.username);
      expect(read.statusCode).toBe(200);
      const { tenantId, objectId, changes } = read.json<{
        tenantId: string | null;
        objectId: string | null;
        changes: { tenantId: string | null; objectId: string | null; previousObjectId: string | null; changedBy: string }[];
      }>();
      expect({ tenantId, objectId }).toEqual({ tenantId: null, objectId: null });
      expect(changes.map((change) => [change.objectId, change.previousObjectId, change.changedBy])).toEqual([
        [null, second, manager.username],
        [second, first, manager.username],
        [first, null, manager.username],
      ]);
    });

    it('one Entra account opens one user: binding an account another user holds → 409 naming that user; two at once → one 200, one 409', async () => {
      const holder = await createUser(server, unique('holder'));
      const other = await createUser(server, unique('other'));
      const oid = newOid();
      expect((await identityRoute(holder.id, manager.username, 'PUT', { tenantId: entra.tenantId, objectId: oid })).statusCode).toBe(200);
      const taken = await identityRoute(other.id, manager.username, 'PUT', { tenantId: entra.tenantId, objectId: oid });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        statusCode: 409,
        exceptionType: 'Conflict',
        message: `This Microsoft Entra ID account is already bound to the user '${holder.username}': clear it there first.`,
      });
      expect(await stored(other.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });
      expect(usernameOf((await signIn(oid)).body)).toBe(holder.username);

      const a = await createUser(server, unique('racea'));
      const b = await createUser(server, unique('raceb'));
      const contested = newOid();
      const answers = await Promise.all(
        [a, b].map((user) => identityRoute(user.id, manager.username, 'PUT', { tenantId: entra.tenantId, objectId: contested })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0].statusCode === 200 ? a : b;
      expect(usernameOf((await signIn(contested)).body)).toBe(winner.username);
    });

    it('refuses in words: ids that are not GUIDs, a tenant the server does not accept, an unknown user, a bad id, a missing or unknown field', async () => {
      const user = await createUser(server, unique('typo'));
      const cases: [string, number | string, unknown, number, RegExp][] = [
        [
          'tenant not a GUID',
          user.id,
          { tenantId: 'contoso.onmicrosoft.com', objectId: newOid() },
          400,
          /^tenantId must be the tenant's Directory \(tenant\) ID, a GUID/,
        ],
        [
          'object id not a GUID',
          user.id,
          { tenantId: entra.tenantId, objectId: 'alex@contoso.com' },
          400,
          /^objectId must be the user's Object ID in Microsoft Entra ID, a GUID; 'alex@contoso.com' is not one\.$/,
        ],
        [
          'tenant not accepted',
          user.id,
          { tenantId: '99999999-9999-4999-8999-999999999999', objectId: newOid() },
          400,
          /^The tenant 99999999-9999-4999-8999-999999999999 is not one this server accepts sign-ins from; add it to DATAHAVEN_ENTRA_TENANTS/,
        ],
        ['unknown user', 987654321, { tenantId: entra.tenantId, objectId: newOid() }, 404, /^User 987654321 was not found\.$/],
        ['bad id', 'abc', { tenantId: entra.tenantId, objectId: newOid() }, 400, /^User ids are positive integers\.$/],
        ['missing field', user.id, { tenantId: entra.tenantId }, 400, /objectId/],
        ['unknown field', user.id, { tenantId: entra.tenantId, objectId: newOid(), email: 'x@y.example' }, 400, /Unknown field 'email'/],
      ];
      for (const [label, id, payload, status, words] of cases) {
        const response = await identityRoute(id, manager.username, 'PUT', payload);
        expect({ label, status: response.statusCode }).toEqual({ label, status });
        expect({ label, message: response.json<{ message: string }>().message }).toEqual({ label, message: expect.stringMatching(words) });
      }
      expect((await identityRoute(987654321, manager.username)).statusCode).toBe(404);
      expect(await stored(user.id)).toEqual({ entra_tenant_id: null, entra_object_id: null });
    });
  });
}
