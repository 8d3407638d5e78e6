import { createHash } from 'node:crypto';
import { PDF_DAMAGED_MESSAGE } from './PdfDamagedError';
import { countPages } from './pageCount';
import { commitArrivals } from '../intake/commitArrivals';
import { createWorld, makePdf, unique } from '../test/factories';
import type { World } from '../test/factories';
import { LOOPING_PAGE_TREES, pdfOfObjects } from '../test/loopingPdf';
import { describeOnEachDatabase } from '../test/testServer';
import { resolveRecordContext } from '../db/recordContext';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describeOnEachDatabase('looping page trees (second attack finding 7)', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  /** Each looping PDF with bytes of its own (a comment), so no test finds another's file. */
  const looping = (objects: readonly string[]): Buffer =>
    Buffer.concat([pdfOfObjects(objects), Buffer.from(`% ${unique('loop')}\n`, 'latin1')]);

  it.each(Object.entries(LOOPING_PAGE_TREES))('refuses at intake %s: 415 in words, nothing kept', async (_name, objects) => {
    const bytes = looping(objects);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'Looping.pdf');
    const answer = await server().inject({
      method: 'POST',
      url: `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
      headers: server().authHeaders(world.clerk.username),
      payload: form,
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toEqual({ statusCode: 415, exceptionType: 'UnsupportedFileType', message: PDF_DAMAGED_MESSAGE });
    expect(await server().deps.fileStore.has(sha256(bytes))).toBe(false);
  });

  it('still takes a well-formed PDF whose pages share one tree', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePdf(3, unique('Tree ')))], { type: 'application/pdf' }), 'Tree.pdf');
    const answer = await server().inject({
      method: 'POST',
      url: `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
      headers: server().authHeaders(world.clerk.username),
      payload: form,
    });
    expect(answer.statusCode).toBe(201);
  });

  it("refuses a damaged PDF in the caller's language: German for de-DE", async () => {
    const [objects] = Object.values(LOOPING_PAGE_TREES);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(looping(objects))], { type: 'application/pdf' }), 'Kaputt.pdf');
    const answer = await server().inject({
      method: 'POST',
      url: `/api/documents?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
      headers: { ...server().authHeaders(world.clerk.username), 'accept-language': 'de-DE' },
      payload: form,
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.headers['content-language']).toBe('de');
    expect(answer.json()).toEqual({
      statusCode: 415,
      exceptionType: 'UnsupportedFileType',
      message: 'Die PDF-Datei ist beschädigt und konnte nicht gelesen werden.',
    });
  });

  /** What the thumbnails of pages 1 and 2 answer for each stored tree: a page PDFium finds renders; one it cannot is the file's fault, in words. */
  const THUMBNAILS: Readonly<Record<string, readonly [number, number]>> = {
    'a Pages node that is its own kid': [415, 404],
    'a child Pages node whose kid is the root, beside a real page': [200, 200],
    'a root naming itself and claiming a million pages': [200, 415],
  };

  it.each(Object.entries(LOOPING_PAGE_TREES))(
    'answers the thumbnails of an already stored PDF with %s in words (4xx), never 500; its thumbnail job ends',
    async (name, objects) => {
      // As stored before intake refused such trees: the file and its row written directly.
      const bytes = looping(objects);
      const stored = await server().deps.fileStore.putBuffer(bytes);
      const pages = await server().deps.fileStore.withLocalFile(stored.key, (path) => countPages(path, 'pdf'));
      const context = await resolveRecordContext(server().deps.db, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        dataAreaId: 'CRONUS',
      });
      if (context === undefined || context.recordId === null) throw new Error('The record did not resolve.');
      const [id] = await commitArrivals(
        server().deps,
        { userId: world.clerk.id, username: world.clerk.username },
        { kind: 'record', target: { context: { ...context, recordId: context.recordId }, subtypeId: null } },
        [{ key: stored.key, size: stored.size, name: 'Stored loop.pdf', extension: 'pdf', mediaType: 'application/pdf', pages }],
      );
      const statuses: number[] = [];
      for (const page of [1, 2]) {
        const answer = await server().inject({
          url: `/api/documents/${id}/pages/${page}/thumbnail`,
          headers: server().authHeaders(world.clerk.username),
        });
        statuses.push(answer.statusCode);
        if (answer.statusCode === 415)
          expect(answer.json()).toEqual({
            statusCode: 415,
            exceptionType: 'UnsupportedFileType',
            message: `Preview not available: ${PDF_DAMAGED_MESSAGE}`,
          });
      }
      expect(statuses).toEqual(THUMBNAILS[name]);
      // The background thumbnails of the file fail once, in words, and are not retried for ever.
      await server().runJobs();
      expect(await server().runJobs()).toBe(0);
    },
  );
});
