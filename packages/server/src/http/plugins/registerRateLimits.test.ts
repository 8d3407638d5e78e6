import { createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { streamUpload } from '../../test/streamUpload';
import { describeEachDialect, startTestServer } from '../../test/testServer';
import type { TestResponse, TestServer } from '../../test/testServer';
import { WORKFLOW_PRIVILEGES, createQueue, createQueueType, grantGroupQueueAccess } from '../../test/workflowFactories';
import { tooManyRequestsMessage } from './registerRateLimits';

type User = { id: number; username: string };

/** A refusal past the limit: 429, Retry-After in whole seconds within the minute, the product's error body saying the same wait. */
function expectTooMany(answer: TestResponse): void {
  expect(answer.statusCode).toBe(429);
  const seconds = Number(answer.headers['retry-after']);
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
  expect(answer.json()).toEqual({ statusCode: 429, exceptionType: 'TooManyRequests', message: tooManyRequestsMessage(seconds) });
}

describeEachDialect('rate limits on the token, API-key and upload routes (issue 40 item 3)', (dialect) => {
  let server: TestServer;
  let world: World;
  let admin: User;
  let otherAdmin: User;
  let uploader: User;
  let otherUploader: User;
  let queueId: number;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { DATAHAVEN_RATE_LIMIT_TOKEN: '3', DATAHAVEN_RATE_LIMIT_KEYS: '2', DATAHAVEN_RATE_LIMIT_UPLOADS: '2' },
    });
    world = await createWorld(server);
    admin = await createUser(server, unique('admin'), { privileges: { 'Security: Manager': true } });
    otherAdmin = await createUser(server, unique('admin'), { privileges: { 'Security: Manager': true } });
    const importers = await createGroup(server, unique('Importers '), [
      'Cabinet: Import Documents',
      'Notes: View Only',
      ...WORKFLOW_PRIVILEGES,
    ]);
    await grantTableAccess(server, importers, world.table.sitId, { canUpload: true });
    uploader = await createUser(server, unique('importer'), { groups: [importers] });
    otherUploader = await createUser(server, unique('importer'), { groups: [importers] });
    queueId = await createQueue(server, await createQueueType(server));
    await grantGroupQueueAccess(server, importers, queueId);
  });
  afterAll(async () => {
    await server?.close();
  });

  const createKey = (user: User): Promise<TestResponse> =>
    server.inject({ method: 'POST', url: '/api/keys', headers: server.authHeaders(user.username), payload: { label: unique('key ') } });
  /** A form with a PDF of its own (a queue refuses a file it already holds with 409). */
  const form = async (): Promise<FormData> => {
    const body = new FormData();
    const pdf = await makePdf(1, unique('Rate limit '));
    body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${unique('Invoice ')}.pdf`);
    return body;
  };
  const upload = async (user: User, url = `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`) =>
    server.inject({ method: 'POST', url, headers: server.authHeaders(user.username), payload: await form() });
  const documentCount = async (): Promise<number> =>
    Number(
      (
        await server.deps.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('API keys: a user gets DATAHAVEN_RATE_LIMIT_KEYS a minute, then 429 with Retry-After; another user is not held back', async () => {
    const first = await createKey(admin);
    expect(first.statusCode).toBe(201);
    expect((await createKey(admin)).statusCode).toBe(201);
    const refused = await createKey(admin);
    expectTooMany(refused);
    expect(await server.deps.db.selectFrom('api_keys').select('id').where('user_id', '=', admin.id).execute()).toHaveLength(2);
    expect((await createKey(otherAdmin)).statusCode).toBe(201);
    // Revoking is its own route with its own count: the user past the creation limit still revokes.
    const { id } = first.json<{ id: number }>();
    const revoked = await server.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: server.authHeaders(admin.username) });
    expect(revoked.statusCode).toBe(204);
  });

  it('the token route: DATAHAVEN_RATE_LIMIT_TOKEN a minute from one address, then 429 with Retry-After, wrong keys included', async () => {
    const created = await createKey(otherAdmin);
    expect(created.statusCode).toBe(201);
    const { key } = created.json<{ key: string }>();
    const mint = () =>
      server.inject({ method: 'GET', url: `/api/token/user?type=apikey&auth=${otherAdmin.username}`, headers: { 'x-api-key': key } });
    for (let n = 0; n < 3; n++) {
      const minted = await mint();
      expect(minted.statusCode).toBe(200);
      expect(minted.body).toMatch(/\./);
    }
    expectTooMany(await mint());
    // A wrong key counts too: guessing is what the limit slows down.
    expectTooMany(await server.inject({ method: 'GET', url: '/api/token/user?type=apikey&auth=x', headers: { 'x-api-key': 'dhk_wrong' } }));
  });

  it('uploads: DATAHAVEN_RATE_LIMIT_UPLOADS a minute per user, then 429 with Retry-After and nothing stored; another user still uploads', async () => {
    expect((await upload(uploader)).statusCode).toBe(201);
    expect((await upload(uploader)).statusCode).toBe(201);
    const before = await documentCount();
    expectTooMany(await upload(uploader));
    expect(await documentCount()).toBe(before);
    expect((await upload(otherUploader)).statusCode).toBe(201);
  });

  it('queue intake and e-mail import: each route counts the uploads a minute of its caller', async () => {
    const intoQueue = `/api/queues/${queueId}/documents`;
    expect((await upload(uploader, intoQueue)).statusCode).toBe(201);
    expect((await upload(uploader, intoQueue)).statusCode).toBe(201);
    expectTooMany(await upload(uploader, intoQueue));
    const mailImport = `/api/mail-import?queueId=${queueId}`;
    expect((await upload(uploader, mailImport)).statusCode).toBe(201);
    expect((await upload(uploader, mailImport)).statusCode).toBe(201);
    expectTooMany(await upload(uploader, mailImport));
  });

  it('refuses a large upload past the limit on arrival: the body is not read, the connection closes', async () => {
    // otherUploader has one upload of the minute left (the test above); a second admin cannot upload, so an extra user.
    const importers = await createGroup(server, unique('Importers '), ['Cabinet: Import Documents']);
    await grantTableAccess(server, importers, world.table.sitId, { canUpload: true });
    const heavy = await createUser(server, unique('importer'), { groups: [importers] });
    const url = `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`;
    expect((await upload(heavy, url)).statusCode).toBe(201);
    expect((await upload(heavy, url)).statusCode).toBe(201);
    const answer = await streamUpload(server.baseUrl, url, server.authHeaders(heavy.username), [
      { name: 'Huge.pdf', size: 64 * 1024 * 1024 },
    ]);
    expect(answer.statusCode).toBe(429);
    expect(answer.cutOff).toBe(true);
    expect(answer.sentBytes).toBeLessThan(answer.totalBytes / 2);
  });
});

describeEachDialect('the token route behind a reverse proxy (DATAHAVEN_TRUSTED_PROXIES)', (dialect) => {
  let trusting: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    // The tests reach the servers from 127.0.0.1: here that is the proxy.
    trusting = await startTestServer(dialect, { env: { DATAHAVEN_RATE_LIMIT_TOKEN: '1', DATAHAVEN_TRUSTED_PROXIES: '127.0.0.1' } });
    plain = await startTestServer(dialect, { env: { DATAHAVEN_RATE_LIMIT_TOKEN: '1' } });
  });
  afterAll(async () => {
    await trusting?.close();
    await plain?.close();
  });

  /** A sign-in with a wrong key from `client` as the proxy names it: counted all the same. */
  const signIn = (server: TestServer, client: string) =>
    server.inject({
      method: 'GET',
      url: '/api/token/user?type=apikey&auth=x',
      headers: { 'x-api-key': 'dhk_wrong', 'x-forwarded-for': client },
    });

  it('counts the users behind a trusted proxy apart, by the address it forwards', async () => {
    expect((await signIn(trusting, '203.0.113.7')).statusCode).not.toBe(429);
    expectTooMany(await signIn(trusting, '203.0.113.7'));
    expect((await signIn(trusting, '203.0.113.8')).statusCode).not.toBe(429);
  });

  it('takes no X-Forwarded-For from a peer it was not told to trust: a new claimed address is still the same caller', async () => {
    expect((await signIn(plain, '198.51.100.1')).statusCode).not.toBe(429);
    expectTooMany(await signIn(plain, '198.51.100.2'));
  });
});
