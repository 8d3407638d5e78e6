import sharp from 'sharp';
import type { DmsDocument } from '@datahaven/core/model';
import { renderPageThumbnail } from '../pdf/thumbnails';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';

const COLOURS = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#000000'];

/** A multi-page TIFF whose page n is filled with COLOURS[n - 1]. */
async function colourTiff(count: number): Promise<Buffer> {
  const pages = await Promise.all(
    COLOURS.slice(0, count).map((background) =>
      sharp({ create: { width: 120, height: 160, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .tiff({ xres: 72 / 25.4, yres: 72 / 25.4 })
    .toBuffer();
}

describeOnEachDatabase('split, recombination and merge of multi-page TIFFs', (server) => {
  let world: World;
  let splitter: { id: number; username: string };

  beforeAll(async () => {
    world = await createWorld(server());
    const group = await createGroup(server(), unique('Splitters '), ['Cabinet: Split Document', 'Cabinet: Delete', 'Notes: View Only']);
    await grantTableAccess(server(), group, world.table.sitId);
    splitter = await createUser(server(), unique('splitter'), { groups: [group] });
  });

  async function tiffDocument(pages: number): Promise<number> {
    return createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Scan 7.tif',
      content: await colourTiff(pages),
      uploader: world.clerk,
    });
  }

  /** The dominant colour of each page of a document's PDF, as '#rrggbb' rounded to 0 or 255 per channel. */
  async function pageColours(document: DmsDocument): Promise<string[]> {
    const row = await server()
      .deps.db.selectFrom('documents')
      .select('file_sha256')
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    const colours: string[] = [];
    for (let page = 1; page <= document.totalPages; page++) {
      const png = await server().deps.fileStore.withLocalFile(row.file_sha256, (path) => renderPageThumbnail(path, page, 40));
      const { channels } = await sharp(png).stats();
      colours.push(
        `#${channels
          .slice(0, 3)
          .map((c) => (c.mean > 127 ? 'ff' : '00'))
          .join('')}`,
      );
    }
    return colours;
  }

  function post(url: string, payload: unknown) {
    return server().inject({ method: 'POST', url, headers: server().authHeaders(splitter.username), payload });
  }

  it('a 5-page TIFF is splittable and splits into PDFs with the right pages', async () => {
    const id = await tiffDocument(5);
    const original = (
      await server().inject({ url: `/api/documents/${id}`, headers: server().authHeaders(splitter.username) })
    ).json<DmsDocument>();
    expect([original.splittable, original.totalPages]).toEqual([true, 5]);
    const response = await post(`/api/documents/${id}/split`, { ranges: '1-2;3-5', deleteOriginal: false });
    expect(response.statusCode).toBe(201);
    const parts = response.json<DmsDocument[]>();
    expect(parts.map((part) => [part.name, part.extension, part.totalPages])).toEqual([
      ['Scan 7 (pages 1-2).pdf', 'pdf', 2],
      ['Scan 7 (pages 3-5).pdf', 'pdf', 3],
    ]);
    expect(await pageColours(parts[0])).toEqual(COLOURS.slice(0, 2));
    expect(await pageColours(parts[1])).toEqual(COLOURS.slice(2, 5));
  });

  it('recombination takes TIFF pages in the given order, and merge joins a TIFF and a PDF', async () => {
    const tiff = await tiffDocument(3);
    const recombined = await post('/api/documents/recombination', {
      documents: [
        {
          parts: [
            { documentId: tiff, firstPage: 3, lastPage: 3 },
            { documentId: tiff, firstPage: 1, lastPage: 2 },
          ],
        },
      ],
      delete: false,
    });
    expect(recombined.statusCode).toBe(201);
    const [output] = recombined.json<DmsDocument[]>();
    expect(output.totalPages).toBe(3);
    expect(await pageColours(output)).toEqual([COLOURS[2], COLOURS[0], COLOURS[1]]);

    const pdf = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'Cover.pdf',
      content: await makePdf(2, 'Cover'),
      uploader: world.clerk,
    });
    const merged = await post('/api/documents/merge', { docIds: [tiff, pdf], deleteOriginals: false });
    expect(merged.statusCode).toBe(201);
    expect(merged.json<DmsDocument>().totalPages).toBe(5);
  });
});
