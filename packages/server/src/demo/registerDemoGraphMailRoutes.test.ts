import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { ReplyDraft } from '@datahaven/core/contract';
import { DEMO_ENTRA_CLIENT_ID, DEMO_ENTRA_TENANT_ID } from '../config/loadEntraConfig';
import { loadConfig, type Config } from '../config/Config';
import { createServer } from '../createServer';
import { demoEntraAccessToken } from '../test/demoEntraTokens';
import { listenForTest } from '../test/listenForTest';
import type { DemoDraft } from './registerDemoGraphMailRoutes';
import { DEMO_READ_MESSAGE_ID } from './outlook/demoReadMessage';

describe('the demo Graph mailbox (/demo/graph/v1.0/me) and the demo Entra on-behalf-of grant', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let config: Config;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-graph-mail-'));
    config = loadConfig({
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      DATAHAVEN_DEMO: '1',
      DATAHAVEN_PORT: '0',
    });
    app = await createServer(config, { jobRunner: false });
    baseUrl = await listenForTest(app);
  });

  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const tokenEndpoint = (): string => `${baseUrl}/demo/entra/${DEMO_ENTRA_TENANT_ID}/oauth2/v2.0/token`;
  const onBehalfOf = (assertion: string, overrides: Record<string, string> = {}) =>
    fetch(tokenEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        client_id: DEMO_ENTRA_CLIENT_ID,
        client_secret: config.entra.clientSecret ?? '',
        assertion,
        scope: 'https://graph.microsoft.com/Mail.ReadWrite',
        requested_token_use: 'on_behalf_of',
        ...overrides,
      }).toString(),
    });
  const graphToken = async (username: string): Promise<string> =>
    ((await (await onBehalfOf(await demoEntraAccessToken(baseUrl, username))).json()) as { access_token: string }).access_token;
  const graph = (path: string, token: string, body: unknown) =>
    fetch(`${baseUrl}/demo/graph/v1.0${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const listed = async (): Promise<{ drafts: DemoDraft[]; violations: string[]; throttled: number }> =>
    (await fetch(`${baseUrl}/demo/graph/drafts`)).json() as never;

  it('settles the mail Graph URL on the listening origin', () => {
    expect(config.graphBaseUrl).toBe(`${baseUrl}/demo/graph`);
  });

  it("exchanges a demo user's token for our API on-behalf-of for a Graph Mail.ReadWrite token of the same user; refuses what Entra refuses", async () => {
    const assertion = await demoEntraAccessToken(baseUrl, 'clerk');
    const answer = await onBehalfOf(assertion);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe('Bearer');
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      aud: 'https://graph.microsoft.com',
      scp: 'Mail.ReadWrite',
      tid: DEMO_ENTRA_TENANT_ID,
      oid: decodeJwt(assertion).oid,
    });
    expect(claims.roles).toBeUndefined();

    expect((await onBehalfOf(assertion, { client_secret: 'wrong' })).status).toBe(401);
    expect(await (await onBehalfOf(assertion, { requested_token_use: 'other' })).json()).toMatchObject({ error: 'invalid_request' });
    expect(await (await onBehalfOf(assertion, { scope: 'https://graph.microsoft.com/Files.ReadWrite.All' })).json()).toMatchObject({
      error: 'invalid_scope',
    });
    // A Graph token is not an assertion for our API; neither is a tampered one.
    expect(await (await onBehalfOf(body.access_token)).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await onBehalfOf(`${assertion.slice(0, -4)}AAAA`)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('takes only delegated Mail.ReadWrite tokens of the demo Entra ID', async () => {
    expect((await graph(`/me/messages/${DEMO_READ_MESSAGE_ID}/createReply`, 'not-a-token', { comment: '' })).status).toBe(401);
    const appToken = (
      (await (
        await fetch(tokenEndpoint(), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: DEMO_ENTRA_CLIENT_ID,
            client_secret: config.entra.clientSecret ?? '',
            scope: 'https://graph.microsoft.com/.default',
          }).toString(),
        })
      ).json()) as { access_token: string }
    ).access_token;
    const refused = await graph(`/me/messages/${DEMO_READ_MESSAGE_ID}/createReply`, appToken, { comment: '' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: '/me request is only valid with delegated authentication flow.' } });
    const userTokenForUs = await demoEntraAccessToken(baseUrl, 'clerk');
    expect((await graph(`/me/messages/${DEMO_READ_MESSAGE_ID}/createReply`, userTokenForUs, { comment: '' })).status).toBe(401);
  });

  it('makes a reply draft with an inline attachment and an upload session checked chunk by chunk; lists it and shows it on its webLink page; records violations', async () => {
    const token = await graphToken('approver');
    const created = await graph(`/me/messages/${DEMO_READ_MESSAGE_ID}/createReply`, token, { comment: 'See attached.' });
    expect(created.status).toBe(201);
    const draft = (await created.json()) as { id: string; webLink: string; subject: string };
    expect(draft.subject).toBe('RE: Invoice OUT-1001');
    // App-relative: the browser reaches the demo on another address than the server its mailbox (localhost, 127.0.0.1).
    expect(draft.webLink).toBe(`/demo/graph/drafts/${draft.id}`);
    expect((await graph('/me/messages/AAMkADnotThere/createReply', token, { comment: '' })).status).toBe(404);
    // The message the simulator shows for an invoice number: the reply answers that one, not the default.
    const perInvoice = await graph(`/me/messages/${DEMO_READ_MESSAGE_ID}-OUT-77/createReply`, token, { comment: '' });
    expect(perInvoice.status).toBe(201);
    expect(((await perInvoice.json()) as { subject: string }).subject).toBe('RE: Invoice OUT-77');

    const inline = await graph(`/me/messages/${draft.id}/attachments`, token, {
      '@odata.type': '#microsoft.graph.fileAttachment',
      name: 'Rechnung März.pdf',
      contentType: 'application/pdf',
      contentBytes: Buffer.alloc(1000, 1).toString('base64'),
    });
    expect(inline.status).toBe(201);
    const size = 5 * 1024 * 1024 + 10;
    const session = await graph(`/me/messages/${draft.id}/attachments/createUploadSession`, token, {
      AttachmentItem: { attachmentType: 'file', name: 'Scan.tif', size, contentType: 'image/tiff' },
    });
    expect(session.status).toBe(201);
    const { uploadUrl } = (await session.json()) as { uploadUrl: string };
    const put = (start: number, length: number, headers: Record<string, string> = {}) =>
      fetch(uploadUrl, {
        method: 'PUT',
        headers: {
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${start}-${start + length - 1}/${size}`,
          ...headers,
        },
        body: new Uint8Array(length),
      });
    expect((await put(0, 4 * 1024 * 1024, { authorization: `Bearer ${token}` })).status).toBe(400);
    expect((await put(0, 4 * 1024 * 1024 + 1)).status).toBe(400);
    expect((await put(10, 100)).status).toBe(400);
    expect((await put(0, 4 * 1024 * 1024)).status).toBe(200);
    expect((await put(4 * 1024 * 1024, size - 4 * 1024 * 1024)).status).toBe(201);
    // A fileAttachment of 3 MB or more belongs in an upload session.
    expect(
      (
        await graph(`/me/messages/${draft.id}/attachments`, token, {
          '@odata.type': '#microsoft.graph.fileAttachment',
          name: 'big.pdf',
          contentBytes: Buffer.alloc(3 * 1024 * 1024).toString('base64'),
        })
      ).status,
    ).toBe(400);

    const { drafts, violations } = await listed();
    const stored = drafts.find((candidate) => candidate.id === draft.id);
    expect(stored).toMatchObject({
      subject: 'RE: Invoice OUT-1001',
      replyTo: DEMO_READ_MESSAGE_ID,
      comment: 'See attached.',
      userId: '00000000-0000-4000-8000-000000000002',
    });
    expect(stored?.attachments).toEqual([
      { name: 'Rechnung März.pdf', contentType: 'application/pdf', size: 1000, via: 'inline', chunkSizes: [1000] },
      { name: 'Scan.tif', contentType: 'image/tiff', size, via: 'uploadSession', chunkSizes: [4 * 1024 * 1024, size - 4 * 1024 * 1024] },
    ]);
    expect(violations).toHaveLength(4);
    expect(violations.join('\n')).toMatch(/must not carry Authorization/);
    expect(violations.join('\n')).toMatch(/at most 4 MB/);

    const page = await fetch(`${baseUrl}${draft.webLink}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>RE: Invoice OUT-1001</h1>');
    expect(html).toContain('Rechnung März.pdf');
    expect(html).toContain('Scan.tif</span> — <span class="size">5.0 MB</span>');
    // Another user's token does not reach the approver's draft.
    expect(
      (
        await graph(`/me/messages/${draft.id}/attachments`, await graphToken('clerk'), {
          '@odata.type': '#microsoft.graph.fileAttachment',
          name: 'x.pdf',
          contentBytes: 'AA==',
        })
      ).status,
    ).toBe(404);
  });

  it("POST /api/mail-drafts/reply end to end in the demo: the pane's Entra token exchanged on-behalf-of, the draft in the demo mailbox, a throttled call retried", async () => {
    const productToken = await (await fetch(`${baseUrl}/demo/erp/token?username=clerk`)).text();
    const headers = { authorization: `Bearer ${productToken}` };
    const root = (await (await fetch(`${baseUrl}/api/workflow-root`, { headers })).json()) as {
      queueTypes: { queues: { id: number; name: string }[] }[];
    };
    const inbox = root.queueTypes.flatMap((type) => type.queues).find((queue) => queue.name === 'AP Inbox');
    expect(inbox).toBeDefined();
    const form = new FormData();
    const nineMb = Buffer.alloc(9 * 1024 * 1024, 'Zahlbar bis 30. Juni.\n');
    form.append('file', new Blob([new Uint8Array(nineMb)], { type: 'text/plain' }), 'Kontoauszug 9 MB.txt');
    const uploaded = await fetch(`${baseUrl}/api/queues/${inbox?.id ?? 0}/documents`, { method: 'POST', headers, body: form });
    expect(uploaded.status).toBe(201);
    const [document] = (await uploaded.json()) as { id: number }[];

    await fetch(`${baseUrl}/demo/graph/mail/throttle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1, status: 503, retryAfterSeconds: 0 }),
    });
    const throttledBefore = (await listed()).throttled;
    const response = await fetch(`${baseUrl}/api/mail-drafts/reply`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'x-entra-assertion': await demoEntraAccessToken(baseUrl, 'clerk') },
      body: JSON.stringify({
        messageId: DEMO_READ_MESSAGE_ID,
        documentIds: [document.id],
        embedAnnotations: false,
        comment: 'The statement, as asked.',
      }),
    });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as ReplyDraft;
    expect(answer.attachments).toEqual([
      { documentId: document.id, fileName: 'Kontoauszug 9 MB.txt', size: nineMb.length, via: 'uploadSession', chunks: 3 },
    ]);
    expect(answer.webLink).toBe(`/demo/graph/drafts/${answer.draftId}`);
    const after = await listed();
    expect(after.throttled - throttledBefore).toBe(1);
    expect(after.drafts.find((draft) => draft.id === answer.draftId)?.attachments[0].chunkSizes).toEqual([
      4 * 1024 * 1024,
      4 * 1024 * 1024,
      1024 * 1024,
    ]);
  });
});
