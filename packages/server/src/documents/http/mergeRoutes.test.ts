import type { DmsDocument } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { extractPageText } from '../../pdf/pageText';
import { makeTextPdf } from '../../pdf/test/makeTextPdf';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('merge', (server) => {
  let world: World;
  let merger: { id: number; username: string };

  beforeAll(async () => {
    world = await createWorld(server());
    const group = await createGroup(server(), unique('Mergers '), ['Cabinet: Split Document', 'Cabinet: Delete', 'Notes: View Only']);
    await grantTableAccess(server(), group, world.table.sitId);
    merger = await createUser(server(), unique('merger'), { groups: [group] });
  });

  async function textDocument(name: string, texts: string[], recordId = world.recordId): Promise<number> {
    return createDocument(server(), {
      sitId: world.table.sitId,
      recordId,
      subtypeId: world.table.subtypeIds.invoice,
      fileName: name,
      content: Buffer.from(await makeTextPdf(texts)),
      uploader: world.clerk,
    });
  }

  function merge(username: string, payload: unknown) {
    return server().inject({ method: 'POST', url: '/api/documents/merge', headers: server().authHeaders(username), payload });
  }

  async function pageTexts(documentId: number): Promise<string[]> {
    const row = await server()
      .deps.db.selectFrom('documents')
      .select(['file_sha256', 'total_pages'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const texts: string[] = [];
    for (let page = 1; page <= row.total_pages; page++)
      texts.push((await server().deps.fileStore.withLocalFile(row.file_sha256, (path) => extractPageText(path, page))).trim());
    return texts;
  }

  async function counts(): Promise<{ documents: number; files: number }> {
    const documents = (await server().deps.db.selectFrom('documents').select('id').execute()).length;
    const files = (await server().deps.db.selectFrom('files').select('sha256').execute()).length;
    return { documents, files };
  }

  it('merges whole documents in the order given, keeps the link, deletes the originals when asked', async () => {
    const a = await textDocument('A.pdf', ['A1', 'A2']);
    const b = await textDocument('B.pdf', ['B1']);
    const link = (await server().inject({ url: `/api/documents/${a}`, headers: server().authHeaders(merger.username) })).json<DmsDocument>()
      .link;
    const response = await merge(merger.username, { docIds: [b, a], deleteOriginals: true });
    expect(response.statusCode).toBe(201);
    const merged = response.json<DmsDocument>();
    expect([merged.name, merged.totalPages]).toEqual(['B (merged).pdf', 3]);
    expect(merged.link).toEqual(link);
    expect(await pageTexts(merged.id)).toEqual(['B1', 'A1', 'A2']);
    const notes = await server().deps.db.selectFrom('notes').select('text').where('document_id', '=', merged.id).execute();
    expect(notes.map((n) => n.text)).toEqual([`Merged from 'B.pdf' (document ${b}), 'A.pdf' (document ${a}) by ${merger.username}.`]);
    for (const id of [a, b])
      expect((await server().inject({ url: `/api/documents/${id}`, headers: server().authHeaders(merger.username) })).statusCode).toBe(404);
  });

  it("a combined size over 'Maximum PDF size in bytes' → 400 with the spec's text and nothing written", async () => {
    const a = await textDocument('A.pdf', ['A1']);
    const b = await textDocument('B.pdf', ['B1']);
    const sizes = await server()
      .deps.db.selectFrom('documents as d')
      .innerJoin('files as f', 'f.sha256', 'd.file_sha256')
      .select('f.size')
      .where('d.id', 'in', [a, b])
      .execute();
    const combined = sizes.reduce((sum, row) => sum + Number(row.size), 0);
    const before = await counts();
    await server()
      .deps.db.insertInto('options')
      .values({ name: 'Maximum PDF size in bytes', data: String(combined - 1) })
      .execute();
    try {
      const response = await merge(merger.username, { docIds: [a, b], deleteOriginals: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Merge file size greater than the maximum' });
      expect(MESSAGES.mergeTooBig).toBe('Merge file size greater than the maximum');
      expect(await counts()).toEqual(before);
      await server()
        .deps.db.updateTable('options')
        .set({ data: String(combined) })
        .where('name', '=', 'Maximum PDF size in bytes')
        .execute();
      expect((await merge(merger.username, { docIds: [a, b], deleteOriginals: false })).statusCode).toBe(201);
    } finally {
      await server().deps.db.deleteFrom('options').where('name', '=', 'Maximum PDF size in bytes').execute();
    }
  });

  it('different links → 400; one document → 400; an invisible document → 404; no privilege → 403; nothing written', async () => {
    const a = await textDocument('A.pdf', ['A1']);
    const other = await textDocument('Other.pdf', ['O1'], world.otherRecordId);
    const before = await counts();
    const different = await merge(merger.username, { docIds: [a, other], deleteOriginals: false });
    expect(different.statusCode).toBe(400);
    expect(different.json()).toMatchObject({ message: MESSAGES.mergeDifferentLinks });
    const one = await merge(merger.username, { docIds: [a], deleteOriginals: false });
    expect(one.json()).toMatchObject({ statusCode: 400, message: MESSAGES.mergeNeedsTwoDocuments });
    const outsider = await createUser(server(), unique('outmerger'), { privileges: { 'Cabinet: Split Document': true } });
    expect((await merge(outsider.username, { docIds: [a, world.pdfDocId], deleteOriginals: false })).statusCode).toBe(404);
    const clerk = await merge(world.clerk.username, { docIds: [a, world.pdfDocId], deleteOriginals: false });
    expect(clerk.statusCode).toBe(403);
    // Ids no row can have (JSON allows any integer, PostgreSQL's ids are 32-bit): no such document, never a 500.
    for (const huge of [2_147_483_648, 1e20]) {
      const response = await merge(merger.username, { docIds: [a, huge], deleteOriginals: false });
      expect({ huge, status: response.statusCode }).toEqual({ huge, status: 404 });
    }
    expect(await counts()).toEqual(before);
  });
});
