import { randomBytes } from 'node:crypto';
import type { DocumentAccess } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { decodeWords, headerParameters, headerValue, parseMime } from '../../mail/test/parseMime';
import { parseWithPython } from '../../mail/test/parseWithPython';
import { itNeeding } from '../../test/describeNeeding';
import { PYTHON3 } from '../../test/testRequirements';
import { startGraphStandIn } from '../../mail/test/startGraphStandIn';
import type { GraphStandIn } from '../../mail/test/startGraphStandIn';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { readZip } from '../../zip/test/readZip';

describeOnEachDatabase('download and e-mail', (server) => {
  let world: World;
  let mailer: { id: number; username: string };
  let noExport: { id: number; username: string };
  let graph: GraphStandIn;
  const contents = new Map<number, Buffer>();

  beforeAll(async () => {
    world = await createWorld(server());
    const group = await createGroup(server(), unique('Mailers '), ['Cabinet: Export Documents', 'Cabinet: Email', 'Notes: View Only']);
    await grantTableAccess(server(), group, world.table.sitId);
    mailer = await createUser(server(), unique('mailer'), { groups: [group] });
    noExport = await createUser(server(), unique('noexport'), {
      groups: [group],
      privileges: { 'Cabinet: Export Documents': false, 'Cabinet: Email': false },
    });
    graph = await startGraphStandIn();
    server().deps.config.graphBaseUrl = graph.baseUrl;
  });

  afterAll(async () => {
    await graph.close();
  });

  async function document(fileName: string, content: Buffer): Promise<number> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName,
      content,
      uploader: world.clerk,
    });
    contents.set(id, content);
    return id;
  }

  function get(url: string, username: string, headers: Record<string, string> = {}) {
    return server().inject({ url, headers: { ...server().authHeaders(username), ...headers } });
  }

  const query = (name: string, ids: readonly number[]): string => ids.map((id) => `${name}[]=${id}`).join('&');

  it('zips three documents byte-identical, with names made unique, as an attachment', async () => {
    const a = await document('Invoice.pdf', await makePdf(2, 'A'));
    const b = await document('invoice.PDF', await makePdf(1, 'B'));
    const c = await document('Notiz März.txt', Buffer.from('Zahlbar bis 30. Juni\n'.repeat(200), 'utf8'));
    const response = await get(`/api/documents/data?${query('docId', [a, b, c])}`, world.clerk.username);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Documents.zip"; filename*=UTF-8''Documents.zip`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['Invoice.pdf', 'invoice (2).PDF', 'Notiz März.txt']);
    expect(entries.map((entry) => entry.method)).toEqual([0, 0, 8]);
    [a, b, c].forEach((id, index) => expect(entries[index].data.equals(contents.get(id) ?? Buffer.alloc(0))).toBe(true));
  });

  it('embedAnnotations=true puts the annotated PDF in the zip; false the stored file', async () => {
    const id = await document('Marked.pdf', await makePdf(2, 'Marked'));
    const group = await createGroup(server(), unique('Annotators '), ['Cabinet: Annotations Edit', 'Cabinet: Export Documents']);
    await grantTableAccess(server(), group, world.table.sitId);
    const annotator = await createUser(server(), unique('annotator'), { groups: [group] });
    const added = await server().inject({
      method: 'POST',
      url: `/api/documents/${id}/annotations`,
      headers: server().authHeaders(annotator.username),
      payload: { type: 2, page: 2, color: 0xff0000, x: 100, y: 100, width: 200, height: 100 },
    });
    expect(added.statusCode).toBe(201);
    const zipped = async (embed: boolean) =>
      readZip((await get(`/api/documents/data?${query('docId', [id])}&embedAnnotations=${embed}`, annotator.username)).rawPayload)[0];
    const plain = await zipped(false);
    const marked = await zipped(true);
    expect(plain.data.equals(contents.get(id) ?? Buffer.alloc(0))).toBe(true);
    expect(marked.name).toBe('Marked.pdf');
    expect(marked.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(marked.data.equals(plain.data)).toBe(false);
  });

  it('refuses no documents and more than 10 with 400, a missing privilege with 403, an invisible document with 404', async () => {
    // The count is judged before the documents are looked up.
    const eleven = Array.from({ length: 11 }, (_, index) => index + 1);
    const tooMany = await get(`/api/documents/data?${query('docId', eleven)}`, world.clerk.username);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: MESSAGES.downloadTooManyDocuments });
    expect((await get('/api/documents/data', world.clerk.username)).statusCode).toBe(400);
    const forbidden = await get(`/api/documents/data?${query('docId', [world.pdfDocId])}`, noExport.username);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ exceptionType: 'Forbidden' });
    // A user holding both privileges but no access to the table sees nothing: 404, as if missing.
    const group = await createGroup(server(), unique('Exporters '), ['Cabinet: Export Documents', 'Cabinet: Email']);
    const stranger = await createUser(server(), unique('stranger'), { groups: [group] });
    expect((await get(`/api/documents/data?${query('docId', [world.pdfDocId])}`, stranger.username)).statusCode).toBe(404);
    expect((await get(`/api/email-link?${query('docIds', [world.pdfDocId])}`, stranger.username)).statusCode).toBe(404);
    expect((await get(`/api/email-link?${query('docIds', [world.pdfDocId])}`, noExport.username)).statusCode).toBe(403);
  });

  itNeeding(PYTHON3)('the `.eml` parses as a draft with the attachments byte-identical to the stored files', async () => {
    const a = await document('Rechnung März.pdf', await makePdf(3, 'Rechnung'));
    const b = await document('scan.txt', Buffer.from(`${randomBytes(30_000).toString('base64')}\n`));
    const response = await get(`/api/email-link?${query('docIds', [a, b])}&embedAnnotations=false`, mailer.username);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('message/rfc822');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Documents.eml"; filename*=UTF-8''Documents.eml`);
    const message = parseMime(response.rawPayload);
    expect(message.headers.get('x-unsent')).toBe('1');
    // The display name may be quoted or a bare phrase (RFC 5322 §3.4): the unquoted form is what Python reads back.
    expect(decodeWords(message.headers.get('from') ?? '').replace(/^"([^"]*)"/, '$1')).toBe(
      `${mailer.username} Test <${mailer.username}@example.test>`,
    );
    expect(decodeWords(message.headers.get('subject') ?? '')).toBe('Documents: Rechnung März.pdf, scan.txt');
    expect(headerValue(message.headers.get('content-type') ?? '')).toBe('multipart/mixed');
    const attachments = message.parts.filter((part) => headerValue(part.headers.get('content-disposition') ?? '') === 'attachment');
    expect(attachments.map((part) => headerParameters(part.headers.get('content-disposition') ?? '').get('filename'))).toEqual([
      'Rechnung März.pdf',
      'scan.txt',
    ]);
    expect(attachments.map((part) => headerValue(part.headers.get('content-type') ?? ''))).toEqual(['application/pdf', 'text/plain']);
    expect(attachments[0].body.equals(contents.get(a) ?? Buffer.alloc(0))).toBe(true);
    expect(attachments[1].body.equals(contents.get(b) ?? Buffer.alloc(0))).toBe(true);
    // Python's email parser (the yardstick) reads the same names and bytes.
    const python = parseWithPython(response.rawPayload);
    expect(python.from).toBe(`${mailer.username} Test <${mailer.username}@example.test>`);
    expect(python.subject).toBe('Documents: Rechnung März.pdf, scan.txt');
    expect(python.attachments.map((attachment) => attachment.filename)).toEqual(['Rechnung März.pdf', 'scan.txt']);
    expect(Buffer.from(python.attachments[0].base64, 'base64').equals(contents.get(a) ?? Buffer.alloc(0))).toBe(true);
  });

  it("words the `.eml` draft in the caller's language: German subject and text for de-DE", async () => {
    const ids: number[] = [];
    for (const name of ['A.pdf', 'B.pdf', 'C.pdf', 'D.pdf']) ids.push(await document(name, await makePdf(1, unique(name))));
    const response = await get(`/api/email-link?${query('docIds', ids)}&embedAnnotations=false`, mailer.username, {
      'accept-language': 'de-DE,de;q=0.9',
    });
    expect(response.statusCode).toBe(200);
    const message = parseMime(response.rawPayload);
    expect(decodeWords(message.headers.get('subject') ?? '')).toBe('Belege: A.pdf, B.pdf, C.pdf und 1 weitere');
    const text = message.parts.find((part) => headerValue(part.headers.get('content-type') ?? '') === 'text/plain');
    expect(text?.body.toString('utf8')).toBe('Angehängt aus Datahaven Documents:\r\n- A.pdf\r\n- B.pdf\r\n- C.pdf\r\n- D.pdf\r\n');
    const english = parseMime((await get(`/api/email-link?${query('docIds', ids)}&embedAnnotations=false`, mailer.username)).rawPayload);
    expect(decodeWords(english.headers.get('subject') ?? '')).toBe('Documents: A.pdf, B.pdf, C.pdf and 1 more');
  });

  it('with the Graph token creates a mailbox draft (inline and upload-session attachments) and answers its URL', async () => {
    const small = await document('Small.pdf', await makePdf(1, 'Small'));
    const large = await document('Large.txt', Buffer.from(randomBytes(2_700_000).toString('base64'))); // 3.6 MB of text
    const response = await get(`/api/email-link?${query('docIds', [small, large])}`, mailer.username, { 'x-graph-token': graph.token });
    expect(response.statusCode).toBe(200);
    expect(graph.violations).toEqual([]);
    const url = response.body;
    expect(url).toMatch(/^https:\/\/outlook\.office365\.com\/owa\/\?ItemID=/);
    const draft = [...graph.drafts.values()].find((candidate) => url.includes(encodeURIComponent(candidate.id)));
    expect(draft?.attachments.map((attachment) => [attachment.name, attachment.via])).toEqual([
      ['Small.pdf', 'inline'],
      ['Large.txt', 'uploadSession'],
    ]);
    expect(draft?.attachments[0].bytes.equals(contents.get(small) ?? Buffer.alloc(0))).toBe(true);
    expect(draft?.attachments[1].bytes.equals(contents.get(large) ?? Buffer.alloc(0))).toBe(true);
    expect(graph.calls.filter((call) => call.method === 'PUT').every((call) => call.bodyLength <= 4 * 1024 * 1024)).toBe(true);
  });

  it('POST /email-link with a form body and the spec’s token query creates the draft; Graph refusing → 502 with its words', async () => {
    const id = await document('Form.pdf', await makePdf(1, 'Form'));
    const posted = await server().inject({
      method: 'POST',
      url: `/api/email-link?token=${graph.token}`,
      headers: { ...server().authHeaders(mailer.username), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `docIds%5B%5D=${id}&embedAnnotations=false`,
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toMatch(/^https:\/\/outlook\.office365\.com\//);
    const refused = await get(`/api/email-link?${query('docIds', [id])}`, mailer.username, { 'x-graph-token': 'expired' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      statusCode: 502,
      exceptionType: 'GraphError',
      message: 'The mail draft could not be created: Access token is empty or invalid.',
    });
    const noToken = await server().inject({
      method: 'POST',
      url: '/api/email-link',
      headers: { ...server().authHeaders(mailer.username), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `docIds%5B%5D=${id}`,
    });
    expect(noToken.statusCode).toBe(400);
  });

  it('GET /export/defaults tells the client what an absent embedAnnotations means (DATAHAVEN_EMBED_ANNOTATIONS)', async () => {
    const saved = process.env.DATAHAVEN_EMBED_ANNOTATIONS;
    try {
      delete process.env.DATAHAVEN_EMBED_ANNOTATIONS;
      const off = await get('/api/export/defaults', mailer.username);
      expect([off.statusCode, off.json()]).toEqual([200, { embedAnnotations: false }]);
      process.env.DATAHAVEN_EMBED_ANNOTATIONS = 'on';
      expect((await get('/api/export/defaults', mailer.username)).json()).toEqual({ embedAnnotations: true });
      expect((await server().inject({ url: '/api/export/defaults' })).statusCode).toBe(401);
    } finally {
      if (saved === undefined) delete process.env.DATAHAVEN_EMBED_ANNOTATIONS;
      else process.env.DATAHAVEN_EMBED_ANNOTATIONS = saved;
    }
  });

  it("the document's email access flag follows 'Cabinet: Email'", async () => {
    const flags = async (username: string) => (await get(`/api/documents/${world.pdfDocId}/access`, username)).json<DocumentAccess>();
    expect((await flags(mailer.username)).email).toBe(true);
    expect((await flags(noExport.username)).email).toBe(false);
    expect((await flags(noExport.username)).exportFileData).toBe(false);
  });
});
