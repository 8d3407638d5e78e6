import { randomBytes, randomUUID } from 'node:crypto';
import type { ReplyDraft } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import { UPLOAD_CHUNK_SIZE } from '../GraphMailClient';
import { startGraphStandIn } from '../test/startGraphStandIn';
import type { GraphStandIn } from '../test/startGraphStandIn';
import { startOboEntraStandIn } from '../test/startOboEntraStandIn';
import type { OboEntraStandIn } from '../test/startOboEntraStandIn';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { readAfter } from '../../test/readAfter';

describeOnEachDatabase('POST /api/mail-drafts/reply', (server) => {
  let world: World;
  let mailer: { id: number; username: string };
  let noExport: { id: number; username: string };
  let stranger: { id: number; username: string };
  let colleague: { id: number; username: string };
  let graph: GraphStandIn;
  let entra: OboEntraStandIn;
  let small: number;
  let large: number;
  // A 9 MB text file: any stored type goes, and text is the one that needs no decoding to store.
  const largeBytes = Buffer.from(
    `Scan ${randomBytes(8).toString('hex')}\n${'Rechnung 4711, zahlbar bis 30. Juni 2026.\n'.repeat(230_000)}`,
    'utf8',
  ).subarray(0, 9 * 1024 * 1024);

  beforeAll(async () => {
    world = await createWorld(server());
    const group = await createGroup(server(), unique('Repliers '), ['Cabinet: Export Documents']);
    await grantTableAccess(server(), group, world.table.sitId);
    mailer = await createUser(server(), unique('replier'), { groups: [group] });
    noExport = await createUser(server(), unique('noexport'), { groups: [group], privileges: { 'Cabinet: Export Documents': false } });
    colleague = await createUser(server(), unique('colleague'), { groups: [group] });
    stranger = await createUser(server(), unique('stranger'), {
      groups: [await createGroup(server(), unique('Exporters '), ['Cabinet: Export Documents'])],
    });
    small = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Invoice März.pdf',
      content: await makePdf(2, 'Invoice'),
      uploader: world.clerk,
    });
    large = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Scan.txt',
      content: largeBytes,
      uploader: world.clerk,
    });
    graph = await startGraphStandIn();
    entra = await startOboEntraStandIn(graph.token);
    const config = server().deps.config;
    config.graphBaseUrl = graph.baseUrl;
    // Read at each validation and exchange: the server now trusts the loopback Entra ID.
    Object.assign(config.entra, {
      clientId: entra.clientId,
      clientSecret: entra.clientSecret,
      authority: entra.authority,
      tenantIds: [entra.tenantId],
      audiences: [entra.audience],
    });
  });

  afterAll(async () => {
    await graph.close();
    await entra.close();
  });

  const replyWith = (username: string, body: Record<string, unknown>, headers: Record<string, string> = { 'x-graph-token': graph.token }) =>
    server().inject({
      method: 'POST',
      url: '/api/mail-drafts/reply',
      headers: { ...server().authHeaders(username), ...headers },
      payload: { messageId: graph.readMessageId, embedAnnotations: false, ...body },
    });

  it('answers 201: a 9 MB document through an upload session in three PUTs of at most 4 MB, a small one inline, on a createReply draft', async () => {
    const before = graph.calls.length;
    const response = await replyWith(mailer.username, { documentIds: [small, large], comment: 'Attached as asked.' });
    expect(response.statusCode).toBe(201);
    const answer = response.json<ReplyDraft>();
    expect(answer.attachments).toEqual([
      { documentId: small, fileName: 'Invoice März.pdf', size: expect.any(Number), via: 'inline', chunks: 1 },
      { documentId: large, fileName: 'Scan.txt', size: largeBytes.length, via: 'uploadSession', chunks: 3 },
    ]);
    expect(answer.webLink).toMatch(/^https:\/\/outlook\.office365\.com\/owa\//);
    expect(graph.violations).toEqual([]);
    const draft = graph.drafts.get(answer.draftId);
    expect(draft?.replyTo).toEqual({ messageId: graph.readMessageId, comment: 'Attached as asked.' });
    expect(draft?.attachments.map((a) => [a.name, a.via])).toEqual([
      ['Invoice März.pdf', 'inline'],
      ['Scan.txt', 'uploadSession'],
    ]);
    expect(draft?.attachments[1].bytes.equals(largeBytes)).toBe(true);
    const puts = graph.calls.slice(before).filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.bodyLength)).toEqual([UPLOAD_CHUNK_SIZE, UPLOAD_CHUNK_SIZE, largeBytes.length - 2 * UPLOAD_CHUNK_SIZE]);
  });

  it('attaches the PDF with its annotations burned in when asked, the stored file otherwise', async () => {
    const stored = await makePdf(2, 'Marked');
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Marked.pdf',
      content: stored,
      uploader: world.clerk,
    });
    const group = await createGroup(server(), unique('Annotating repliers '), ['Cabinet: Annotations Edit', 'Cabinet: Export Documents']);
    await grantTableAccess(server(), group, world.table.sitId);
    const annotator = await createUser(server(), unique('annotator'), { groups: [group] });
    const added = await server().inject({
      method: 'POST',
      url: `/api/documents/${id}/annotations`,
      headers: server().authHeaders(annotator.username),
      payload: { type: 2, page: 1, color: 0xff0000, x: 100, y: 100, width: 200, height: 100 },
    });
    expect(added.statusCode).toBe(201);
    const attached = async (embedAnnotations: boolean): Promise<Buffer> => {
      const response = await replyWith(annotator.username, { documentIds: [id], embedAnnotations });
      expect(response.statusCode).toBe(201);
      return graph.drafts.get(response.json<ReplyDraft>().draftId)?.attachments[0].bytes ?? Buffer.alloc(0);
    };
    expect((await attached(false)).equals(stored)).toBe(true);
    const marked = await attached(true);
    expect(marked.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(marked.equals(stored)).toBe(false);
  });

  it('refuses without the export privilege (403), an invisible document (404), no Graph token (400), too many documents (400), all before Graph is called', async () => {
    const before = graph.calls.length;
    const forbidden = await replyWith(noExport.username, { documentIds: [small] });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({
      exceptionType: 'Forbidden',
      message: "Downloading documents needs the 'Cabinet: Export Documents' privilege.",
    });
    const invisible = await replyWith(stranger.username, { documentIds: [small] });
    expect(invisible.statusCode).toBe(404);
    expect(invisible.json()).toMatchObject({ message: MESSAGES.documentNotFound });
    const noToken = await replyWith(mailer.username, { documentIds: [small] }, {});
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json<{ message: string }>().message).toMatch(/X-Graph-Token.*X-Entra-Assertion/);
    const eleven = Array.from({ length: 11 }, (_, index) => index + 1);
    const tooMany = await replyWith(mailer.username, { documentIds: eleven });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: MESSAGES.downloadTooManyDocuments });
    const unknownField = await replyWith(mailer.username, { documentIds: [small], to: 'x@example.test' });
    expect(unknownField.statusCode).toBe(400);
    expect(graph.calls.length).toBe(before);
  });

  it("retries Graph's 429 after its Retry-After and succeeds; a refusal is 502 in Graph's words", async () => {
    const throttledBefore = graph.throttled();
    graph.throttle(1, 429, 1);
    const callsBefore = graph.calls.length;
    // What Graph had seen 900 ms on: the refused call at most, not yet the retry (order, not duration: readAfter).
    const seenBeforeRetryAfterEnded = readAfter(900, () => graph.calls.length);
    const response = await replyWith(mailer.username, { documentIds: [small] });
    expect(response.statusCode).toBe(201);
    expect(graph.throttled() - throttledBefore).toBe(1);
    // Retry-After: 1 was honoured: the retry came after the 429, and after the 900 ms read.
    expect(await seenBeforeRetryAfterEnded).toBeLessThanOrEqual(callsBefore + 1);
    expect(graph.calls.length).toBeGreaterThan(callsBefore + 1);

    const gone = await replyWith(mailer.username, { documentIds: [small], messageId: 'AAMkAD-deleted=' });
    expect(gone.statusCode).toBe(502);
    expect(gone.json()).toMatchObject({
      exceptionType: 'GraphError',
      message: 'The reply draft could not be created: The specified object was not found in the store.',
    });
    const badToken = await replyWith(mailer.username, { documentIds: [small] }, { 'x-graph-token': 'expired' });
    expect(badToken.statusCode).toBe(502);
    expect(badToken.json()).toMatchObject({ message: 'The reply draft could not be created: Access token is empty or invalid.' });
  });

  it("exchanges the caller's own Entra token on-behalf-of for a Graph token (cached per token); another user's token is refused", async () => {
    const oid = randomUUID();
    // The mailer's Entra account, bound by an administrator (sign-in binds nobody by name).
    await server()
      .deps.db.updateTable('users')
      .set({ entra_tenant_id: entra.tenantId, entra_object_id: oid })
      .where('id', '=', mailer.id)
      .execute();
    const assertion = await entra.userToken(oid, `${mailer.username}@example.test`);
    const exchangesBefore = entra.exchanges();
    const first = await replyWith(mailer.username, { documentIds: [small] }, { 'x-entra-assertion': assertion });
    expect(first.statusCode).toBe(201);
    expect(entra.lastForm()).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      requested_token_use: 'on_behalf_of',
      // MSAL's on-behalf-of request adds the OpenID Connect scopes to the resource's, as Entra expects of it.
      scope: 'https://graph.microsoft.com/Mail.ReadWrite openid profile offline_access',
      client_id: entra.clientId,
      assertion,
    });
    const second = await replyWith(mailer.username, { documentIds: [small] }, { 'x-entra-assertion': assertion });
    expect(second.statusCode).toBe(201);
    expect(entra.exchanges() - exchangesBefore).toBe(1);
    // The mailer's Entra token presented with another user's product token: refused before any exchange.
    const misused = await replyWith(colleague.username, { documentIds: [small] }, { 'x-entra-assertion': assertion });
    expect(misused.statusCode).toBe(403);
    expect(misused.json()).toMatchObject({
      message: 'The Microsoft Entra ID token in X-Entra-Assertion belongs to another user than the one signed in.',
    });
    const nobody = await replyWith(
      mailer.username,
      { documentIds: [small] },
      { 'x-entra-assertion': await entra.userToken(randomUUID(), 'nobody@elsewhere.example') },
    );
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json()).toMatchObject({
      message: 'The Microsoft Entra ID token in X-Entra-Assertion names no user of Datahaven Documents.',
    });
    const forged = await replyWith(mailer.username, { documentIds: [small] }, { 'x-entra-assertion': `${assertion.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ message: string }>().message).toMatch(/^The Microsoft Entra ID token in X-Entra-Assertion is not accepted: /);
    expect(entra.exchanges() - exchangesBefore).toBe(1);
  });
});
