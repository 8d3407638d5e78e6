import { TEXT_EXTRACTION_JOB } from '../../search/enqueueTextExtraction';
import type { DmsDocument } from '@datahaven/core/model';
import { extractPageText } from '../../pdf/pageText';
import { makeTextPdf } from '../../pdf/test/makeTextPdf';
import {
  createDocument,
  createGroup,
  createIntegratedTable,
  createErpRecord,
  createUser,
  createWorld,
  grantTableAccess,
  unique,
} from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('recombination', (server) => {
  let world: World;
  let recombiner: { id: number; username: string };
  let recombinerWithoutDelete: { id: number; username: string };
  let hiddenDocId: number;

  beforeAll(async () => {
    world = await createWorld(server());
    const group = await createGroup(server(), unique('Recombiners '), [
      'Cabinet: Split Document',
      'Cabinet: Delete',
      'Notes: View Only',
      'Search: Search',
    ]);
    await grantTableAccess(server(), group, world.table.sitId);
    recombiner = await createUser(server(), unique('recombiner'), { groups: [group] });
    recombinerWithoutDelete = await createUser(server(), unique('recombnodel'), {
      groups: [group],
      privileges: { 'Cabinet: Delete': false },
    });
    // A document in a table the recombiner's group has no access to.
    const hiddenTable = await createIntegratedTable(server(), 'Payroll');
    const hiddenRecord = await createErpRecord(server(), hiddenTable.sitId, unique('P'));
    hiddenDocId = await createDocument(server(), {
      sitId: hiddenTable.sitId,
      recordId: hiddenRecord,
      fileName: 'Salaries.pdf',
      content: Buffer.from(await makeTextPdf(['Secret 1', 'Secret 2'])),
      uploader: world.manager,
    });
  });

  async function textDocument(name: string, texts: string[]): Promise<number> {
    return createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      subtypeId: world.table.subtypeIds.invoice,
      fileName: name,
      content: Buffer.from(await makeTextPdf(texts)),
      uploader: world.clerk,
    });
  }

  function recombine(username: string, payload: unknown) {
    return server().inject({ method: 'POST', url: '/api/documents/recombination', headers: server().authHeaders(username), payload });
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

  async function counts(): Promise<{ documents: number; files: number }> {
    const documents = (await server().deps.db.selectFrom('documents').select('id').execute()).length;
    const files = (await server().deps.db.selectFrom('files').select('sha256').execute()).length;
    return { documents, files };
  }

  it('builds each output from parts of two documents in the given order; link, subtype kept; notes on both sides', async () => {
    const a = await textDocument('A.pdf', ['A1', 'A2', 'A3', 'A4']);
    const b = await textDocument('B.pdf', ['B1', 'B2', 'B3']);
    const response = await recombine(recombiner.username, {
      documents: [
        {
          parts: [
            { documentId: b, firstPage: 2, lastPage: 3 },
            { documentId: a, firstPage: 1, lastPage: 2 },
          ],
          name: 'Combined',
        },
        { parts: [{ documentId: a, firstPage: 4, lastPage: 4 }] },
      ],
      delete: false,
    });
    expect(response.statusCode).toBe(201);
    const outputs = response.json<DmsDocument[]>();
    expect(outputs.map((d) => [d.name, d.totalPages])).toEqual([
      ['Combined.pdf', 4],
      ['A (page 4).pdf', 1],
    ]);
    expect(await pageTexts(outputs[0].id)).toEqual(['B2', 'B3', 'A1', 'A2']);
    expect(await pageTexts(outputs[1].id)).toEqual(['A4']);
    const original = (
      await server().inject({ url: `/api/documents/${b}`, headers: server().authHeaders(recombiner.username) })
    ).json<DmsDocument>();
    for (const output of outputs) {
      expect(output.link).toEqual(original.link);
      expect(output.subtype).toEqual({ id: world.table.subtypeIds.invoice, text: 'Invoice' });
    }
    expect(await systemNotes(outputs[0].id)).toEqual([
      `Recombined from 'B.pdf' (document ${b}) pages 2-3, 'A.pdf' (document ${a}) pages 1-2 by ${recombiner.username}.`,
    ]);
    expect((await systemNotes(a)).slice(1)).toEqual([
      `Pages recombined into 'Combined.pdf' (document ${outputs[0].id}), 'A (page 4).pdf' (document ${outputs[1].id}) by ${recombiner.username}.`,
    ]);
    expect((await server().inject({ url: `/api/documents/${a}`, headers: server().authHeaders(recombiner.username) })).statusCode).toBe(
      200,
    );
  });

  it('deletes the sources when asked', async () => {
    const a = await textDocument('A.pdf', ['A1', 'A2']);
    const b = await textDocument('B.pdf', ['B1']);
    const response = await recombine(recombiner.username, {
      documents: [
        {
          parts: [
            { documentId: a, firstPage: 2, lastPage: 2 },
            { documentId: b, firstPage: 1, lastPage: 1 },
          ],
        },
      ],
      delete: true,
    });
    expect(response.statusCode).toBe(201);
    expect(await pageTexts(response.json<DmsDocument[]>()[0].id)).toEqual(['A2', 'B1']);
    for (const id of [a, b]) {
      expect((await server().inject({ url: `/api/documents/${id}`, headers: server().authHeaders(recombiner.username) })).statusCode).toBe(
        404,
      );
      expect((await systemNotes(id)).at(-1)).toBe(`Deleted by ${recombiner.username}`);
    }
  });

  it('a source the caller cannot see → 404, nothing written and no page of it in any file (SECURITY row 11)', async () => {
    const a = await textDocument('A.pdf', ['A1', 'A2']);
    const before = await counts();
    const response = await recombine(recombiner.username, {
      documents: [
        {
          parts: [
            { documentId: a, firstPage: 1, lastPage: 1 },
            { documentId: hiddenDocId, firstPage: 1, lastPage: 2 },
          ],
        },
      ],
      delete: false,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Salaries');
    // Out-of-range pages of a hidden document answer 404 too, never its page count.
    const outside = await recombine(recombiner.username, {
      documents: [{ parts: [{ documentId: hiddenDocId, firstPage: 1, lastPage: 99 }] }],
      delete: false,
    });
    expect(outside.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect(await systemNotes(a)).toEqual([`Uploaded by ${world.clerk.username}`]);
  });

  it('bad pages and bodies → 400 with a clear message; nothing written', async () => {
    const a = await textDocument('A.pdf', ['A1', 'A2']);
    const before = await counts();
    const outside = await recombine(recombiner.username, {
      documents: [{ parts: [{ documentId: a, firstPage: 2, lastPage: 3 }] }],
      delete: false,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ message: `Pages 2-3 are outside the 2 pages of document ${a}.` });
    const reversed = await recombine(recombiner.username, {
      documents: [{ parts: [{ documentId: a, firstPage: 2, lastPage: 1 }] }],
      delete: false,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toMatch(/^Pages 2-1 are not a valid range/);
    for (const payload of [
      {},
      { documents: [] },
      { documents: [{ parts: [] }] },
      { documents: [{ parts: [{ documentId: a, firstPage: 0, lastPage: 1 }] }] },
      { documents: [{ parts: [{ documentId: a, firstPage: 1, lastPage: 1 }] }], delete: 'yes' },
    ]) {
      expect((await recombine(recombiner.username, payload)).statusCode).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('without Cabinet: Split Document → 403; deleting without Cabinet: Delete → 403', async () => {
    const a = await textDocument('A.pdf', ['A1', 'A2']);
    const before = await counts();
    const body = { documents: [{ parts: [{ documentId: a, firstPage: 1, lastPage: 1 }] }], delete: false };
    const clerk = await recombine(world.clerk.username, body);
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json()).toMatchObject({ exceptionType: 'Forbidden' });
    expect((await recombine(recombinerWithoutDelete.username, { ...body, delete: true })).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('a source changed after it was read (while the output is written) → 409, nothing committed, sources kept', async () => {
    const a = await textDocument('A.pdf', ['A1', 'A2']);
    const before = await counts();
    const store = server().deps.fileStore;
    const putBuffer = store.putBuffer.bind(store);
    const spy = jest.spyOn(store, 'putBuffer').mockImplementationOnce(async (bytes) => {
      // Someone else edits the source between the read and the write.
      await server()
        .deps.db.updateTable('documents')
        .set((eb) => ({ row_version: eb('row_version', '+', 1) }))
        .where('id', '=', a)
        .execute();
      return putBuffer(bytes);
    });
    try {
      const response = await recombine(recombiner.username, {
        documents: [{ parts: [{ documentId: a, firstPage: 1, lastPage: 1 }] }],
        delete: true,
      });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ exceptionType: 'Conflict' });
    } finally {
      spy.mockRestore();
    }
    expect((await counts()).documents).toBe(before.documents);
    expect((await server().inject({ url: `/api/documents/${a}`, headers: server().authHeaders(recombiner.username) })).statusCode).toBe(
      200,
    );
  });

  it('makes the output findable by the text of its pages, and the deleted sources no longer', async () => {
    const word = `zanzibar${unique('')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()}`;
    const source = await textDocument('Searchable source.pdf', [`Intro ${word}`, 'Second page']);
    const response = await recombine(recombiner.username, {
      documents: [{ parts: [{ documentId: source, firstPage: 1, lastPage: 2 }] }],
      delete: true,
    });
    expect(response.statusCode).toBe(201);
    const [output] = response.json<DmsDocument[]>();
    // The output's page text is extracted by a job after the commit, as the server's runner would.
    expect(await server().runJobs([TEXT_EXTRACTION_JOB])).toBe(1);
    const search = await server().inject({ url: `/api/documents/search?q=${word}`, headers: server().authHeaders(recombiner.username) });
    expect(search.statusCode).toBe(200);
    expect(search.json<{ documents: DmsDocument[] }>().documents.map((document) => document.id)).toEqual([output.id]);
  });
});
