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
        { name: 'scan.pdf', mediaType: 'application/pdf', size: large.length, open: () => Readable.from([large.subarray(0, 1000), large.subarray(1000, 5_000_000), large.subarray(5_000_000)]) },
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
    expect(graphCalls[2].json).toEqual({ AttachmentItem: { attachmentType: 'file', name: 'scan.pdf', size: large.length, contentType: 'application/pdf' } });
  });

  it("turns Graph's error body into a GraphError with Graph's message", async () => {
    const client = new GraphMailClient({ baseUrl: graph.baseUrl, accessToken: 'expired' });
    const failure = client.createDraft({ subject: 'S', text: '', attachments: [] });
    await expect(failure).rejects.toBeInstanceOf(GraphError);
    await expect(client.createDraft({ subject: 'S', text: '', attachments: [] })).rejects.toMatchObject({ status: 401, code: 'InvalidAuthenticationToken', message: 'Access token is empty or invalid.' });
  });

  it('refuses an attachment over 150 MB before calling Graph', async () => {
    const before = graph.calls.length;
    const client = new GraphMailClient({ baseUrl: graph.baseUrl, accessToken: graph.token });
    await expect(
      client.createDraft({ subject: 'S', text: '', attachments: [{ name: 'huge.tif', mediaType: 'image/tiff', size: 151 * 1024 * 1024, open: () => Readable.from([]) }] }),
    ).rejects.toMatchObject({ status: 413 });
    expect(graph.calls.length).toBe(before);
  });
});
