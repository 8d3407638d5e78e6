import { PDFDocument } from '@cantoo/pdf-lib';
import type { DocumentBase64, DocumentThumbnailsBase64 } from '@datahaven/core/contract';
import { OUTLOOK_BASE64_MAX_CHARACTERS } from '@datahaven/core/contract';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, placeInQueue } from '../../test/workflowFactories';
import { PROTECTED_PDF_MESSAGE } from './visiblePageThumbnails';
import { base64LengthOf } from './base64JsonStream';
import { tooLargeForOutlookMessage } from './base64Routes';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('base64LengthOf', () => {
  it("puts Outlook's limit at 26,148,864 bytes of file", () => {
    expect(base64LengthOf(26_148_864)).toBe(OUTLOOK_BASE64_MAX_CHARACTERS);
    expect(base64LengthOf(26_148_865)).toBeGreaterThan(OUTLOOK_BASE64_MAX_CHARACTERS);
    expect([0, 1, 2, 3, 4].map(base64LengthOf)).toEqual([0, 4, 4, 4, 8]);
  });
});

describeOnEachDatabase('base64 data for the Outlook compose pane', (server) => {
  let world: World;
  let annotator: { id: number; username: string };
  let noExport: { id: number; username: string };

  beforeAll(async () => {
    world = await createWorld(server());
    const group = await createGroup(server(), unique('Annotators '), ['Cabinet: Annotations Edit', 'Cabinet: Export Documents']);
    await grantTableAccess(server(), group, world.table.sitId);
    annotator = await createUser(server(), unique('annotator'), { groups: [group] });
    const viewers = await createGroup(server(), unique('Viewers '), ['Notes: View Only']);
    await grantTableAccess(server(), viewers, world.table.sitId);
    noExport = await createUser(server(), unique('noexport'), { groups: [viewers] });
  });

  const get = (url: string, username: string) => server().inject({ url, headers: server().authHeaders(username) });
  const document = (fileName: string, content: Buffer) =>
    createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, fileName, content, uploader: world.clerk });

  it('answers the stored file as base64 with its name, type and size; the length is announced exactly', async () => {
    const pdf = await makePdf(2, 'Rechnung');
    const id = await document('Rechnung März.pdf', pdf);
    const response = await get(`/api/documents/${id}/data/base64`, world.clerk.username);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const answer = response.json<DocumentBase64>();
    expect(answer).toEqual({
      documentId: id,
      fileName: 'Rechnung März.pdf',
      mediaType: 'application/pdf',
      size: pdf.length,
      annotationsEmbedded: false,
      base64: pdf.toString('base64'),
    });
    expect(Object.keys(answer)).toEqual(['documentId', 'fileName', 'mediaType', 'size', 'annotationsEmbedded', 'base64']);
    // Any length of file (not a multiple of 3) joins into one valid base64 text.
    for (const length of [1, 2, 4, 100_001]) {
      const text = Buffer.from('Zahlbar bis 30. Juni\n'.repeat(Math.ceil(length / 21)).slice(0, length), 'ascii');
      const other = await document(`note ${length}.txt`, text);
      const body = (await get(`/api/documents/${other}/data/base64`, world.clerk.username)).json<DocumentBase64>();
      expect(body.base64).toBe(text.toString('base64'));
      expect(body.size).toBe(length);
    }
  });

  it('with annotations answers the PDF they are burned into, the same bytes as the download', async () => {
    const id = await document('Marked.pdf', await makePdf(2, 'Marked'));
    const added = await server().inject({
      method: 'POST',
      url: `/api/documents/${id}/annotations`,
      headers: server().authHeaders(annotator.username),
      payload: { type: 2, page: 1, color: 0xff0000, x: 100, y: 100, width: 200, height: 100 },
    });
    expect(added.statusCode).toBe(201);
    const plain = (await get(`/api/documents/${id}/data/base64?embedAnnotations=false`, annotator.username)).json<DocumentBase64>();
    const marked = (await get(`/api/documents/${id}/data/base64?embedAnnotations=true`, annotator.username)).json<DocumentBase64>();
    const download = await get(`/api/documents/${id}/data?download=true&embedAnnotations=true`, annotator.username);
    expect(plain.annotationsEmbedded).toBe(false);
    expect(marked.annotationsEmbedded).toBe(true);
    expect(marked.mediaType).toBe('application/pdf');
    expect(Buffer.from(marked.base64, 'base64').equals(download.rawPayload)).toBe(true);
    expect(marked.size).toBe(download.rawPayload.length);
    expect(marked.base64).not.toBe(plain.base64);
  });

  it("needs 'Cabinet: Export Documents' (403 in words) and a visible document (404), as the download does", async () => {
    const forbidden = await get(`/api/documents/${world.pdfDocId}/data/base64`, noExport.username);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({
      exceptionType: 'Forbidden',
      message: "Downloading documents needs the 'Cabinet: Export Documents' privilege.",
    });
    expect((await get(`/api/documents/${world.pdfDocId}/data?download=true`, noExport.username)).statusCode).toBe(403);
    // The world's outsider sees no documents of the table: as if it were missing.
    expect((await get(`/api/documents/${world.pdfDocId}/data/base64`, world.outsider.username)).statusCode).toBe(404);
    expect((await get(`/api/documents/999999999/data/base64`, world.clerk.username)).statusCode).toBe(404);
    // Thumbnails show no file away: viewing is enough; invisible is still 404.
    expect((await get(`/api/documents/${world.pdfDocId}/data/base64/thumbnails?count=1`, noExport.username)).statusCode).toBe(200);
    expect((await get(`/api/documents/${world.pdfDocId}/data/base64/thumbnails`, world.outsider.username)).statusCode).toBe(404);
  });

  it('follows queue access as the binary download does', async () => {
    const queue = await createQueue(server(), await createQueueType(server()));
    const id = await document('Queued.pdf', await makePdf(1, 'Queued'));
    await placeInQueue(server(), id, queue);
    const group = await createGroup(server(), unique('Exporters '), ['Cabinet: Export Documents']);
    const withQueue = await createUser(server(), unique('queued'), { groups: [group] });
    const withoutQueue = await createUser(server(), unique('unqueued'), { groups: [group] });
    await grantUserQueueAccess(server(), withQueue.id, queue);
    for (const user of [withQueue, withoutQueue, world.clerk]) {
      const download = await get(`/api/documents/${id}/data?download=true`, user.username);
      const base64 = await get(`/api/documents/${id}/data/base64`, user.username);
      expect({ user: user.username, status: base64.statusCode }).toEqual({ user: user.username, status: download.statusCode });
    }
    expect((await get(`/api/documents/${id}/data/base64`, withQueue.username)).statusCode).toBe(200);
    expect((await get(`/api/documents/${id}/data/base64`, withoutQueue.username)).statusCode).toBe(404);
  });

  it("answers a file whose base64 exceeds Outlook's 34,865,152 characters with 413 in words, reading none of it", async () => {
    const size = 26_148_865;
    const id = await document('Scan Großformat.txt', Buffer.alloc(size, 'a'));
    const response = await get(`/api/documents/${id}/data/base64`, world.clerk.username);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      exceptionType: 'PayloadTooLarge',
      message: tooLargeForOutlookMessage('Scan Großformat.txt', size),
    });
    expect(tooLargeForOutlookMessage('Scan Großformat.txt', size)).toBe(
      "'Scan Großformat.txt' (24.9 MB) is too large to attach in Outlook, which takes files of at most 24.9 MB (34,865,152 characters in base64).",
    );
  });

  it('answers page thumbnails as base64 PNGs, from a first page, at most count; none for a file without pages', async () => {
    const three = await document('Three pages.pdf', await makePdf(3, 'Thumbs'));
    const response = await get(`/api/documents/${three}/data/base64/thumbnails?first=2&count=5&width=100`, world.clerk.username);
    expect(response.statusCode).toBe(200);
    const answer = response.json<DocumentThumbnailsBase64>();
    expect(answer.documentId).toBe(three);
    expect(answer.totalPages).toBe(3);
    expect(answer.width).toBe(100);
    expect(answer.thumbnails.map((thumbnail) => [thumbnail.page, thumbnail.mediaType])).toEqual([
      [2, 'image/png'],
      [3, 'image/png'],
    ]);
    for (const thumbnail of answer.thumbnails)
      expect(Buffer.from(thumbnail.base64, 'base64').subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const defaults = (await get(`/api/documents/${three}/data/base64/thumbnails`, world.clerk.username)).json<DocumentThumbnailsBase64>();
    expect(defaults.thumbnails.map((thumbnail) => thumbnail.page)).toEqual([1, 2, 3]);
    expect(defaults.width).toBe(160);
    const past = await get(`/api/documents/${three}/data/base64/thumbnails?first=4`, world.clerk.username);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({ message: 'The document has 3 page(s).' });
    const text = await document('Notiz.txt', Buffer.from('Zahlbar bis 30. Juni'));
    expect((await get(`/api/documents/${text}/data/base64/thumbnails`, world.clerk.username)).json<DocumentThumbnailsBase64>()).toEqual({
      documentId: text,
      totalPages: 0,
      width: 160,
      thumbnails: [],
    });
  });

  it("answers 409 in words for a password PDF's thumbnails, as the page thumbnail route does", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([595, 842]);
    pdf.encrypt({ userPassword: 'open-sesame', ownerPassword: 'open-sesame-owner' });
    const locked = await document('Locked.pdf', Buffer.from(await pdf.save({ useObjectStreams: false })));
    for (const url of [`/api/documents/${locked}/data/base64/thumbnails`, `/api/documents/${locked}/pages/1/thumbnail`]) {
      const response = await get(url, world.clerk.username);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: PROTECTED_PDF_MESSAGE });
    }
  });
});
