import { MESSAGES } from '@datahaven/core/rules';
import type { DmsDocument } from '@datahaven/core/model';
import { extractPageText } from '../../pdf/pageText';
import { makeTextPdf } from '../../pdf/test/makeTextPdf';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';

const SPEC_MESSAGE =
  'Please ensure that you have selected either Simple Split, or Break Split. If you have selected Simple Split, ensure you have entered a valid page range.';

describeOnEachDatabase('split', (server) => {
  let world: World;
  let splitter: { id: number; username: string };
  let splitterWithoutDelete: { id: number; username: string };

  beforeAll(async () => {
    world = await createWorld(server());
    const group = await createGroup(server(), unique('Splitters '), ['Cabinet: Split Document', 'Cabinet: Delete', 'Notes: View Only']);
    await grantTableAccess(server(), group, world.table.sitId);
    splitter = await createUser(server(), unique('splitter'), { groups: [group] });
    splitterWithoutDelete = await createUser(server(), unique('splitnodel'), { groups: [group], privileges: { 'Cabinet: Delete': false } });
  });

  /** A 10-page PDF document whose page n reads "Page n", linked like the world's invoice. */
  async function tenPageDocument(): Promise<number> {
    const texts = Array.from({ length: 10 }, (_, i) => `Page ${i + 1}`);
    return createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      subtypeId: world.table.subtypeIds.invoice,
      fileName: 'Scan 77.pdf',
      content: Buffer.from(await makeTextPdf(texts)),
      uploader: world.clerk,
    });
  }

  function split(id: number, username: string, payload: unknown) {
    return server().inject({ method: 'POST', url: `/api/documents/${id}/split`, headers: server().authHeaders(username), payload });
  }

  async function pageTexts(s: TestServer, documentId: number): Promise<string[]> {
    const row = await s.deps.db
      .selectFrom('documents')
      .select(['file_sha256', 'total_pages'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const texts: string[] = [];
    for (let page = 1; page <= row.total_pages; page++)
      texts.push((await s.deps.fileStore.withLocalFile(row.file_sha256, (path) => extractPageText(path, page))).trim());
    return texts;
  }

  async function systemNotes(documentId: number): Promise<string[]> {
    const rows = await server()
      .deps.db.selectFrom('notes')
      .select('text')
      .where('document_id', '=', documentId)
      .where('kind', '=', 'system')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.text);
  }

  async function documentCount(): Promise<number> {
    return (await server().deps.db.selectFrom('documents').select('id').execute()).length;
  }

  it('splits a 10-page PDF into 1-3;4;5-10: three documents with the source pages, link and subtype; original kept', async () => {
    const id = await tenPageDocument();
    const original = (
      await server().inject({ url: `/api/documents/${id}`, headers: server().authHeaders(splitter.username) })
    ).json<DmsDocument>();
    const response = await split(id, splitter.username, { ranges: '1-3;4;5-10', deleteOriginal: false });
    expect(response.statusCode).toBe(201);
    const parts = response.json<DmsDocument[]>();
    expect(parts.map((p) => [p.name, p.totalPages, p.extension])).toEqual([
      ['Scan 77 (pages 1-3).pdf', 3, 'pdf'],
      ['Scan 77 (page 4).pdf', 1, 'pdf'],
      ['Scan 77 (pages 5-10).pdf', 6, 'pdf'],
    ]);
    for (const part of parts) {
      expect(part.id).not.toBe(id);
      expect(part.link).toEqual(original.link);
      expect(part.subtype).toEqual({ id: world.table.subtypeIds.invoice, text: 'Invoice' });
      expect(part.mediaType).toBe('application/pdf');
    }
    expect(await pageTexts(server(), parts[0].id)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(await pageTexts(server(), parts[1].id)).toEqual(['Page 4']);
    expect(await pageTexts(server(), parts[2].id)).toEqual(['Page 5', 'Page 6', 'Page 7', 'Page 8', 'Page 9', 'Page 10']);

    const kept = await server().inject({ url: `/api/documents/${id}`, headers: server().authHeaders(splitter.username) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<DmsDocument>().rowVersion).toBe(original.rowVersion + 1);
    expect(await systemNotes(id)).toEqual([
      `Uploaded by ${world.clerk.username}`,
      `Split into 'Scan 77 (pages 1-3).pdf' (document ${parts[0].id}), 'Scan 77 (page 4).pdf' (document ${parts[1].id}), ` +
        `'Scan 77 (pages 5-10).pdf' (document ${parts[2].id}) by ${splitter.username}.`,
    ]);
    expect(await systemNotes(parts[1].id)).toEqual([`Split from 'Scan 77.pdf' (document ${id}), page 4, by ${splitter.username}.`]);
  });

  it('removes the original when asked (404 afterwards, with its notes)', async () => {
    const id = await tenPageDocument();
    const response = await split(id, splitter.username, { ranges: '1-5,7;6,8-10', deleteOriginal: true });
    expect(response.statusCode).toBe(201);
    const parts = response.json<DmsDocument[]>();
    expect(parts.map((p) => p.totalPages)).toEqual([6, 4]);
    expect(await pageTexts(server(), parts[0].id)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'Page 7']);
    expect(await pageTexts(server(), parts[1].id)).toEqual(['Page 6', 'Page 8', 'Page 9', 'Page 10']);
    expect((await server().inject({ url: `/api/documents/${id}`, headers: server().authHeaders(splitter.username) })).statusCode).toBe(404);
    const notes = await systemNotes(id);
    expect(notes.slice(1)).toEqual([
      expect.stringMatching(/^Split into 'Scan 77 \(pages 1-5,7\)\.pdf'/),
      `Deleted by ${splitter.username}`,
    ]);
  });

  it("refuses invalid and out-of-range ranges with 400 and the spec's message or the pages outside, writing nothing", async () => {
    const id = await tenPageDocument();
    const before = await documentCount();
    for (const ranges of ['1-3;;4', 'abc', '3-1', '1-3;2']) {
      const response = await split(id, splitter.username, { ranges, deleteOriginal: false });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: SPEC_MESSAGE });
    }
    const missing = await split(id, splitter.username, { deleteOriginal: false });
    expect(missing.json()).toMatchObject({ statusCode: 400, message: SPEC_MESSAGE });
    const outside = await split(id, splitter.username, { ranges: '1-3;9-12', deleteOriginal: true });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ message: "Pages 11-12 are outside the document's 10 pages." });
    const badFlag = await split(id, splitter.username, { ranges: '1', deleteOriginal: 'yes' });
    expect(badFlag.statusCode).toBe(400);
    expect(await documentCount()).toBe(before);
    expect(await systemNotes(id)).toEqual([`Uploaded by ${world.clerk.username}`]);
  });

  it('refuses a one-page document with 400', async () => {
    const response = await split(world.contractDocId, splitter.username, { ranges: '1', deleteOriginal: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.notSplittable });
  });

  it('a document the caller cannot see → 404; without the privilege → 403; deleting the original needs Cabinet: Delete', async () => {
    const id = await tenPageDocument();
    const before = await documentCount();
    const outsider = await split(id, world.outsider.username, { ranges: '1-3', deleteOriginal: false });
    expect(outsider.statusCode).toBe(404);
    const clerk = await split(id, world.clerk.username, { ranges: '1-3', deleteOriginal: false });
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json()).toMatchObject({ exceptionType: 'Forbidden' });
    const noDelete = await split(id, splitterWithoutDelete.username, { ranges: '1-3', deleteOriginal: true });
    expect(noDelete.statusCode).toBe(403);
    expect(await documentCount()).toBe(before);
    const unknown = await split(999999, splitter.username, { ranges: '1-3', deleteOriginal: false });
    expect(unknown.statusCode).toBe(404);
  });
});
