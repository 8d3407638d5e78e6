import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { GraphError, GraphMailClient, INLINE_ATTACHMENT_LIMIT, UPLOAD_CHUNK_SIZE } from './GraphMailClient';
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

  it("sends attachments of 3 MB and more through an upload session (the library's LargeFileUploadTask): ranges in order, no Authorization, a throttled PUT sent again after its Retry-After", async () => {
    const waits: number[] = [];
    const client = new GraphMailClient({ baseUrl: graph.baseUrl, accessToken: graph.token, sleep: async (ms) => void waits.push(ms) });
    // Exactly Graph's inline limit: no longer inline. And one over a chunk: two PUTs.
    const atLimit = randomBytes(INLINE_ATTACHMENT_LIMIT);
    const overChunk = randomBytes(UPLOAD_CHUNK_SIZE + 777_777);
    const before = graph.calls.length;
    graph.throttle(1, 429, 2, 'uploads');
    const draft = await client.createDraft({
      subject: 'Scans',
      text: '',
      attachments: [
        { name: 'at-limit.pdf', mediaType: 'application/pdf', size: atLimit.length, open: () => Readable.from([atLimit]) },
        { name: 'over-chunk.tif', mediaType: 'image/tiff', size: overChunk.length, open: () => Readable.from([overChunk]) },
      ],
    });
    expect(graph.violations).toEqual([]);
    expect(waits).toEqual([2000]);
    expect(draft.attachments).toEqual([
      { name: 'at-limit.pdf', size: atLimit.length, via: 'uploadSession', chunks: 1 },
      { name: 'over-chunk.tif', size: overChunk.length, via: 'uploadSession', chunks: 2 },
    ]);
    const stored = graph.drafts.get(draft.id);
    expect(stored?.attachments.map((a) => [a.name, a.via])).toEqual([
      ['at-limit.pdf', 'uploadSession'],
      ['over-chunk.tif', 'uploadSession'],
    ]);
    expect(stored?.attachments[0].bytes.equals(atLimit)).toBe(true);
    expect(stored?.attachments[1].bytes.equals(overChunk)).toBe(true);
    const calls = graph.calls.slice(before);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path.split('/').pop())).toEqual([
      'messages',
      'createUploadSession',
      'createUploadSession',
    ]);
    const puts = calls.filter((call) => call.method === 'PUT');
    // The first PUT was refused 429 and sent again with the same range.
    expect(puts.map((call) => call.contentRange)).toEqual([
      `bytes 0-${atLimit.length - 1}/${atLimit.length}`,
      `bytes 0-${atLimit.length - 1}/${atLimit.length}`,
      `bytes 0-${UPLOAD_CHUNK_SIZE - 1}/${overChunk.length}`,
      `bytes ${UPLOAD_CHUNK_SIZE}-${overChunk.length - 1}/${overChunk.length}`,
    ]);
    expect(puts.every((call) => call.authorization === undefined && call.contentType === 'application/octet-stream')).toBe(true);
  });

  it("gives up in Graph's words on an upload PUT Graph keeps refusing", async () => {
    const waits: number[] = [];
    const client = new GraphMailClient({
      baseUrl: graph.baseUrl,
      accessToken: graph.token,
      sleep: async (ms) => void waits.push(ms),
      maxAttempts: 2,
    });
    const bytes = randomBytes(INLINE_ATTACHMENT_LIMIT + 10);
    const throttledBefore = graph.throttled();
    graph.throttle(2, 503, 1, 'uploads');
    await expect(
      client.createDraft({
        subject: 'Refused',
        text: '',
        attachments: [{ name: 'refused.pdf', mediaType: 'application/pdf', size: bytes.length, open: () => Readable.from([bytes]) }],
      }),
    ).rejects.toMatchObject({ status: 503, code: 'ServiceUnavailable', message: 'Service unavailable. Gave up after 2 attempts.' });
    expect(graph.throttled() - throttledBefore).toBe(2);
    expect(waits).toEqual([1000]);
  });

  it('fails in words, before a wrong byte is sent, when a file is shorter or longer than its recorded size', async () => {
    const client = new GraphMailClient({ baseUrl: graph.baseUrl, accessToken: graph.token });
    const bytes = randomBytes(UPLOAD_CHUNK_SIZE + 1000);
    const before = graph.calls.length;
    await expect(
      client.createDraft({
        subject: 'Short',
        text: '',
        attachments: [{ name: 'short.pdf', mediaType: 'application/pdf', size: bytes.length + 5000, open: () => Readable.from([bytes]) }],
      }),
    ).rejects.toMatchObject({ status: 500, code: 'SizeMismatch', message: 'short.pdf is shorter than its recorded size.' });
    // The first 4 MB went; the rest never did.
    expect(
      graph.calls
        .slice(before)
        .filter((call) => call.method === 'PUT')
        .map((call) => call.bodyLength),
    ).toEqual([UPLOAD_CHUNK_SIZE]);

    const longBefore = graph.calls.length;
    await expect(
      client.createDraft({
        subject: 'Long',
        text: '',
        attachments: [{ name: 'long.pdf', mediaType: 'application/pdf', size: bytes.length - 5000, open: () => Readable.from([bytes]) }],
      }),
    ).rejects.toMatchObject({ status: 500, code: 'SizeMismatch', message: 'long.pdf is larger than its recorded size.' });
    // Its only range ends where the recorded size does: the extra bytes were seen before that PUT.
    expect(graph.calls.slice(longBefore).filter((call) => call.method === 'PUT')).toEqual([]);
    expect(graph.violations).toEqual([]);
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
