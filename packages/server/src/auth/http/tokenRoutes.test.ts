import { createHmac } from 'node:crypto';
import { signToken } from '../tokenCodec';
import { createUser, unique } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

describeOnEachDatabase('token and API keys', (server) => {
  let admin: { id: number; username: string };
  let clerk: { id: number; username: string };
  let key: string;

  beforeAll(async () => {
    admin = await createUser(server(), unique('admin'), { privileges: { 'Security: Manager': true } });
    clerk = await createUser(server(), unique('clerk'));
    const response = await server().inject({
      method: 'POST',
      url: '/api/keys',
      headers: server().authHeaders(admin.username),
      payload: { label: 'BC production', actsForUsers: true },
    });
    expect(response.statusCode).toBe(201);
    key = response.json<{ key: string }>().key;
  });

  it('POST /api/keys answers id, label, key (dhk_ + 40 chars) and createdAt, and stores only a hash', async () => {
    const response = await server().inject({
      method: 'POST',
      url: '/api/keys',
      headers: server().authHeaders(admin.username),
      payload: { label: 'Second' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: number; label: string; key: string; createdAt: string; actsForUsers: boolean }>();
    expect(body.label).toBe('Second');
    expect(body.actsForUsers).toBe(false);
    expect(body.key).toMatch(/^dhk_[A-Za-z0-9_-]{40}$/);
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    const row = await server().deps.db.selectFrom('api_keys').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.key_hash).not.toContain(body.key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("POST /api/keys needs 'Security: Manager' (403) and a label (400)", async () => {
    const denied = await server().inject({
      method: 'POST',
      url: '/api/keys',
      headers: server().authHeaders(clerk.username),
      payload: { label: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ statusCode: 403, exceptionType: 'Forbidden' });
    const noLabel = await server().inject({ method: 'POST', url: '/api/keys', headers: server().authHeaders(admin.username), payload: {} });
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json()).toMatchObject({ exceptionType: 'ValidationError' });
  });

  it('GET /api/token/user?type=apikey mints a working token for the named user', async () => {
    const response = await server().inject({
      method: 'GET',
      url: `/api/token/user?type=apikey&auth=${clerk.username}`,
      headers: { 'x-api-key': key },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const token = response.body;
    const [part1] = token.split('.');
    const payload = JSON.parse(Buffer.from(part1, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(payload.username).toBe(clerk.username);
    expect(payload.passthroughResources).toEqual([]);
    const minutes = (Date.parse(String(payload.expiration)) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60.1);
    const can = await server().inject({
      method: 'GET',
      url: '/api/can?action=Cabinet: Delete',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(can.statusCode).toBe(200);
  });

  it('GET /api/token/user?type=apikey refuses a wrong key, a missing key and an unknown user with 401', async () => {
    const wrong = await server().inject({
      method: 'GET',
      url: `/api/token/user?type=apikey&auth=${clerk.username}`,
      headers: { 'x-api-key': 'dhk_nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ statusCode: 401, exceptionType: 'Unauthorized' });
    const missing = await server().inject({ method: 'GET', url: `/api/token/user?type=apikey&auth=${clerk.username}` });
    expect(missing.statusCode).toBe(401);
    const unknownUser = await server().inject({
      method: 'GET',
      url: '/api/token/user?type=apikey&auth=nobody',
      headers: { 'x-api-key': key },
    });
    expect(unknownUser.statusCode).toBe(401);
  });

  const mint = (apiKey: string, username: string) =>
    server().inject({ method: 'GET', url: `/api/token/user?type=apikey&auth=${username}`, headers: { 'x-api-key': apiKey } });
  const createKey = async (owner: string, payload: Record<string, unknown>): Promise<{ id: number; key: string }> => {
    const created = await server().inject({ method: 'POST', url: '/api/keys', headers: server().authHeaders(owner), payload });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: number; key: string }>();
  };
  const options = (token: string) => server().inject({ method: 'GET', url: '/api/options', headers: { authorization: `Bearer ${token}` } });

  it('SECURITY row 15: a revoked API key and a disabled user get 401 at once', async () => {
    const { id, key: revokedKey } = await createKey(admin.username, { label: 'to revoke', actsForUsers: true });
    const before = await mint(revokedKey, clerk.username);
    expect(before.statusCode).toBe(200);
    const revoke = await server().inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: server().authHeaders(admin.username) });
    expect(revoke.statusCode).toBe(204);
    const after = await mint(revokedKey, clerk.username);
    expect(after.statusCode).toBe(401);

    const disabled = await createUser(server(), unique('gone'));
    const token = server().tokenFor(disabled.username);
    const ok = await options(token);
    expect(ok.statusCode).toBe(200);
    await server().deps.db.updateTable('users').set({ disabled: 1 }).where('id', '=', disabled.id).execute();
    const refused = await options(token);
    expect(refused.statusCode).toBe(401);
    expect((await mint(key, disabled.username)).statusCode).toBe(401);
  });

  it('SECURITY row 15: DELETE /api/keys/{id} stops the tokens the key minted at once, refreshed ones too', async () => {
    const { id, key: erpKey } = await createKey(admin.username, { label: 'ERP', actsForUsers: true });
    const token = (await mint(erpKey, clerk.username)).body;
    expect((await options(token)).statusCode).toBe(200);
    const refreshed = await server().inject({
      method: 'GET',
      url: '/api/token/user?type=refresh',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refreshed.statusCode).toBe(200);
    const keyIdOf = (t: string): unknown =>
      (JSON.parse(Buffer.from(t.split('.')[0], 'base64url').toString('utf8')) as { keyId?: unknown }).keyId;
    expect(keyIdOf(token)).toBe(id);
    expect(keyIdOf(refreshed.body)).toBe(id);

    expect(
      (await server().inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: server().authHeaders(admin.username) })).statusCode,
    ).toBe(204);
    for (const t of [token, refreshed.body]) {
      const answer = await options(t);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ exceptionType: 'Unauthorized' });
    }
    // OData authenticates with the same check.
    expect(
      (await server().inject({ method: 'GET', url: '/odata/v1/Documents', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
    // Revoked already: nothing left to revoke.
    expect(
      (await server().inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: server().authHeaders(admin.username) })).statusCode,
    ).toBe(404);
  });

  it("DELETE /api/keys/{id}: someone else's key answers 404 like a missing one; a bad id 400", async () => {
    const { id } = await createKey(admin.username, { label: 'not yours' });
    const asClerk = await server().inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: server().authHeaders(clerk.username) });
    expect(asClerk.statusCode).toBe(404);
    expect(asClerk.json()).toMatchObject({ exceptionType: 'NotFound' });
    expect(
      (await server().inject({ method: 'DELETE', url: '/api/keys/999999999', headers: server().authHeaders(admin.username) })).statusCode,
    ).toBe(404);
    expect(
      (await server().inject({ method: 'DELETE', url: '/api/keys/..%2f1', headers: server().authHeaders(admin.username) })).statusCode,
    ).toBe(400);
    expect((await mint((await createKey(admin.username, { label: 'still live' })).key, admin.username)).statusCode).toBe(200);
  });

  it('an API key mints tokens only for its owner unless it was created to act for users', async () => {
    const own = await createKey(admin.username, { label: 'own only' });
    expect((await mint(own.key, admin.username)).statusCode).toBe(200);
    const other = await mint(own.key, clerk.username);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ exceptionType: 'Unauthorized' });
    expect(
      (
        await server().inject({
          method: 'POST',
          url: '/api/keys',
          headers: server().authHeaders(admin.username),
          payload: { label: 'x', actsForUsers: 'yes' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("a key whose owner lost 'Security: Manager' mints no more tokens for others, and their tokens stop; the owner's own still work", async () => {
    const manager = await createUser(server(), unique('manager'), { privileges: { 'Security: Manager': true } });
    const { key: erpKey } = await createKey(manager.username, { label: 'ERP of a manager', actsForUsers: true });
    const asClerk = (await mint(erpKey, clerk.username)).body;
    const asAdmin = (await mint(erpKey, admin.username)).body;
    expect((await options(asAdmin)).statusCode).toBe(200);
    const managerToken = (await mint(erpKey, manager.username)).body;

    const privilege = await server()
      .deps.db.selectFrom('privileges')
      .select('id')
      .where('name', '=', 'Security: Manager')
      .executeTakeFirstOrThrow();
    await server()
      .deps.db.updateTable('user_privileges')
      .set({ value: 0 })
      .where('user_id', '=', manager.id)
      .where('privilege_id', '=', privilege.id)
      .execute();

    expect((await mint(erpKey, admin.username)).statusCode).toBe(401);
    expect((await options(asAdmin)).statusCode).toBe(401);
    expect((await options(asClerk)).statusCode).toBe(401);
    expect((await options(managerToken)).statusCode).toBe(200);
    expect((await mint(erpKey, manager.username)).statusCode).toBe(200);
  });

  it("a token minted for a user carries that user's current rights, not the key owner's", async () => {
    const token = (await mint(key, clerk.username)).body;
    const can = await server().inject({
      method: 'GET',
      url: `/api/can?action=${encodeURIComponent('Security: Manager')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(can.json()).toEqual({ action: 'Security: Manager', value: false });
  });

  it('GET /api/token/user?type=refresh answers a fresh token for the bearer; without one 401; type=jwt 401', async () => {
    const refreshed = await server().inject({
      method: 'GET',
      url: '/api/token/user?type=refresh',
      headers: server().authHeaders(clerk.username),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.body.split('.')).toHaveLength(2);
    const none = await server().inject({ method: 'GET', url: '/api/token/user?type=refresh' });
    expect(none.statusCode).toBe(401);
    const jwt = await server().inject({ method: 'GET', url: '/api/token/user?type=jwt&auth=x' });
    expect(jwt.statusCode).toBe(401);
    const other = await server().inject({ method: 'GET', url: '/api/token/user?type=magic' });
    expect(other.statusCode).toBe(400);
  });

  describe('SECURITY row 14: tokens', () => {
    const call = (authorization?: string) =>
      server().inject({ method: 'GET', url: '/api/options', headers: authorization === undefined ? {} : { authorization } });

    it('SECURITY row 14: no token → 401 with the error body', async () => {
      const response = await call();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, exceptionType: 'Unauthorized', message: expect.any(String) });
    });

    it('SECURITY row 14: a valid token → 200 (the control case)', async () => {
      expect((await call(`Bearer ${server().tokenFor(clerk.username)}`)).statusCode).toBe(200);
    });

    it('SECURITY row 14: edited payload with the old signature → 401', async () => {
      const [part1, part2] = server().tokenFor(clerk.username).split('.');
      const payload = JSON.parse(Buffer.from(part1, 'base64url').toString('utf8')) as Record<string, unknown>;
      payload.username = admin.username;
      expect((await call(`Bearer ${b64(JSON.stringify(payload))}.${part2}`)).statusCode).toBe(401);
    });

    it('SECURITY row 14: no signature → 401', async () => {
      const [part1] = server().tokenFor(clerk.username).split('.');
      expect((await call(`Bearer ${part1}`)).statusCode).toBe(401);
      expect((await call(`Bearer ${part1}.`)).statusCode).toBe(401);
    });

    it('SECURITY row 14: expired → 401', async () => {
      const expired = signToken(server().deps.tokenSecret, {
        username: clerk.username,
        expiration: new Date(Date.now() - 1000).toISOString(),
        passthroughResources: [],
      });
      expect((await call(`Bearer ${expired}`)).statusCode).toBe(401);
      // A token that was valid becomes 401 once the server clock passes its expiry.
      const token = server().tokenFor(clerk.username);
      server().setNow(new Date(Date.now() + 61 * 60 * 1000));
      try {
        expect((await call(`Bearer ${token}`)).statusCode).toBe(401);
      } finally {
        server().setNow(null);
      }
    });

    it('SECURITY row 14: no expiry → 401', async () => {
      const part1 = b64(JSON.stringify({ username: clerk.username, passthroughResources: [] }));
      const sig = createHmac('sha256', server().deps.tokenSecret).update(part1).digest('base64url');
      expect((await call(`Bearer ${part1}.${sig}`)).statusCode).toBe(401);
    });

    it('SECURITY row 14: far-future expiry (> 24 h) → 401', async () => {
      const far = signToken(server().deps.tokenSecret, {
        username: clerk.username,
        expiration: new Date(Date.now() + 25 * 60 * 60 * 1000).toISOString(),
        passthroughResources: [],
      });
      expect((await call(`Bearer ${far}`)).statusCode).toBe(401);
    });

    it('SECURITY row 14: signed with another secret → 401', async () => {
      const forged = signToken(Buffer.alloc(32, 7), {
        username: clerk.username,
        expiration: new Date(Date.now() + 60_000).toISOString(),
        passthroughResources: [],
      });
      expect((await call(`Bearer ${forged}`)).statusCode).toBe(401);
    });
  });
});
