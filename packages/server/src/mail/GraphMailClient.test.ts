import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { GraphError, GraphMailClient, UPLOAD_CHUNK_SIZE } from './GraphMailClient';
import { startGraphStandIn } from './test/startGraphStandIn';
import type { GraphStandIn } from './test/startGraphStandIn';

describe('GraphMailClient against a local Graph stand-in', () => {
  let graph: GraphStandIn;
  beforeAll(async () => {
    graph = await startGraphStandIn();
  });
  afterAll(async () => {
    await graph.close();
  });

  it('creates a draft, attaches a small file inline and a 9 MB file through an upload session in ≤ 4 MB chunks', async () => {
    const small = randomBytes(20_000);
    const large = randomBytes(9 * 1024 * 1024 + 123);
    const client = new GraphMailClient({ baseUrl: `${graph.baseUrl}/`, accessToken: graph.token });
    const draft = await client.createDraft({
      subject: 'Documents: März.pdf',
      text: 'Attached: März.pdf, scan.pdf',
      attachments: [
        { name: 'März.pdf', mediaType: 'application/pdf', size: small.length, open: () => Readable.from([small]) },
        // Arrives in uneven pieces: the client cuts its own chunks.
        {
          name: 'scan.pdf',
          mediaType: 'application/pdf',
          size: large.length,
          open: () => Readable.from([large.subarray(0, 1000), large.subarray(1000, 5_000_000), large.subarray(5_000_000)]),
        },
      ],
    });
    expect(graph.violations).toEqual([]);
    expect(draft.webLink).toMatch(/^https:\/\/outlook\.office365\.com\/owa\//);
    const stored = graph.drafts.get(draft.id);
    expect(stored?.subject).toBe('Documents: März.pdf');
    expect(stored?.body).toEqual({ contentType: 'Text', content: 'Attached: März.pdf, scan.pdf' });
    expect(stored?.attachments.map((a) => [a.name, a.via, a.contentType])).toEqual([
      ['März.pdf', 'inline', 'application/pdf'],
      ['scan.pdf', 'uploadSession', 'application/pdf'],
    ]);
    expect(stored?.attachments[0].bytes.equals(small)).toBe(true);
    expect(stored?.attachments[1].bytes.equals(large)).toBe(true);
    const puts = graph.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.contentRange)).toEqual([
      `bytes 0-${UPLOAD_CHUNK_SIZE - 1}/${large.length}`,
      `bytes ${UPLOAD_CHUNK_SIZE}-${2 * UPLOAD_CHUNK_SIZE - 1}/${large.length}`,
      `bytes ${2 * UPLOAD_CHUNK_SIZE}-${large.length - 1}/${large.length}`,
    ]);
    expect(puts.every((call) => call.authorization === undefined)).toBe(true);
    const graphCalls = graph.calls.filter((call) => call.method === 'POST');
    expect(graphCalls.map((call) => call.path)).toEqual([
      '/v1.0/me/messages',
      `/v1.0/me/messages/${encodeURIComponent(draft.id)}/attachments`,
      `/v1.0/me/messages/${encodeURIComponent(draft.id)}/attachments/createUploadSession`,
    ]);
    expect(graphCalls.every((call) => call.authorization === `Bearer ${graph.token}`)).toBe(true);
    expect(graphCalls[2].json).toEqual({
      AttachmentItem: { attachmentType: 'file', name: 'scan.pdf', size: large.length, contentType: 'application/pdf' },
    });
  });

  it("turns Graph's error body into a GraphError with Graph's message", async () => {
    const client = new GraphMailClient({ baseUrl: graph.baseUrl, accessToken: 'expired' });
    const failure = client.createDraft({ subject: 'S', text: '', attachments: [] });
    await expect(failure).rejects.toBeInstanceOf(GraphError);
    await expect(client.createDraft({ subject: 'S', text: '', attachments: [] })).rejects.toMatchObject({
      status: 401,
      code: 'InvalidAuthenticationToken',
      message: 'Access token is empty or invalid.',
    });
  });

  it('creates a reply draft to the read message: createReply with the comment, then a small file inline and a 9 MB one in three PUTs', async () => {
    const small = randomBytes(50_000);
    const large = randomBytes(9 * 1024 * 1024);
    const before = graph.calls.length;
    const client = new GraphMailClient({ baseUrl: graph.baseUrl, accessToken: graph.token });
    const draft = await client.createReplyDraft({
      messageId: graph.readMessageId,
      comment: 'Here are the invoice and its scan.',
      attachments: [
        { name: 'Invoice 4711.pdf', mediaType: 'application/pdf', size: small.length, open: () => Readable.from([small]) },
        { name: 'Scan 4711.tif', mediaType: 'image/tiff', size: large.length, open: () => Readable.from([large]) },
      ],
    });
    expect(graph.violations).toEqual([]);
    expect(draft.attachments).toEqual([
      { name: 'Invoice 4711.pdf', size: small.length, via: 'inline', chunks: 1 },
      { name: 'Scan 4711.tif', size: large.length, via: 'uploadSession', chunks: 3 },
    ]);
    const stored = graph.drafts.get(draft.id);
    expect(stored?.replyTo).toEqual({ messageId: graph.readMessageId, comment: 'Here are the invoice and its scan.' });
    expect(stored?.subject).toBe('RE: Invoice 4711');
    expect(stored?.attachments.map((a) => [a.name, a.via, a.bytes.length])).toEqual([
      ['Invoice 4711.pdf', 'inline', small.length],
      ['Scan 4711.tif', 'uploadSession', large.length],
    ]);
    expect(stored?.attachments[1].bytes.equals(large)).toBe(true);
    const calls = graph.calls.slice(before);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: `/v1.0/me/messages/${encodeURIComponent(graph.readMessageId)}/createReply`,
      json: { comment: 'Here are the invoice and its scan.' },
    });
    expect(calls.filter((call) => call.method === 'PUT').every((call) => call.bodyLength <= UPLOAD_CHUNK_SIZE)).toBe(true);
  });

  it("answers a reply to a message not in the mailbox with Graph's 404 in words", async () => {
    const client = new GraphMailClient({ baseUrl: graph.baseUrl, accessToken: graph.token });
    await expect(client.createReplyDraft({ messageId: 'AAMkAD-unknown=', comment: '', attachments: [] })).rejects.toMatchObject({
      status: 404,
      code: 'ErrorItemNotFound',
      message: 'The specified object was not found in the store.',
    });
  });

  it('honours Retry-After on 429 and 503 (also for upload PUTs), and gives up in words after the last attempt', async () => {
    const waits: number[] = [];
    const client = new GraphMailClient({
      baseUrl: graph.baseUrl,
      accessToken: graph.token,
      sleep: async (ms) => void waits.push(ms),
      maxAttempts: 3,
    });
    const large = randomBytes(5 * 1024 * 1024);
    const throttledBefore = graph.throttled();
    graph.throttle(2, 429, 7);
    const draft = await client.createReplyDraft({
      messageId: graph.readMessageId,
      comment: '',
      attachments: [{ name: 'big.pdf', mediaType: 'application/pdf', size: large.length, open: () => Readable.from([large]) }],
    });
    expect(graph.throttled() - throttledBefore).toBe(2);
    expect(waits).toEqual([7000, 7000]);
    expect(graph.drafts.get(draft.id)?.attachments[0].bytes.equals(large)).toBe(true);

    waits.length = 0;
    graph.throttle(3, 503, 2);
    await expect(client.createReplyDraft({ messageId: graph.readMessageId, comment: '', attachments: [] })).rejects.toMatchObject({
      status: 503,
      message: 'Service unavailable. Gave up after 3 attempts.',
    });
    expect(waits).toEqual([2000, 2000]);

    // Graph asking for longer than the user can wait: no wait at all, the words say so.
    graph.throttle(1, 429, 3600);
    await expect(client.createReplyDraft({ messageId: graph.readMessageId, comment: '', attachments: [] })).rejects.toMatchObject({
      status: 429,
      message: 'Application is over its MailboxConcurrency limit. Graph asked to wait 3600 s; try again later.',
    });
    expect(waits).toEqual([2000, 2000]);
  });

  it('refuses an attachment over 150 MB before calling Graph', async () => {
    const before = graph.calls.length;
    const client = new GraphMailClient({ baseUrl: graph.baseUrl, accessToken: graph.token });
    await expect(
      client.createDraft({
        subject: 'S',
        text: '',
        attachments: [{ name: 'huge.tif', mediaType: 'image/tiff', size: 151 * 1024 * 1024, open: () => Readable.from([]) }],
      }),
    ).rejects.toMatchObject({ status: 413 });
    expect(graph.calls.length).toBe(before);
  });
});
