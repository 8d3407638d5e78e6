import { MESSAGES } from '@datahaven/core/rules';
import { findVisibleDocument } from '../access/documentQueries';
import { DomainError } from '../errors/DomainError';
import { makeTextPdf } from '../pdf/test/makeTextPdf';
import { viewerFor } from '../access/documentVisibility';
import { createDocument, createWorld } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { parseSplitRequest, splitDocument } from './documentSplitter';

describe('parseSplitRequest', () => {
  it('reads ranges and deleteOriginal (false when absent)', () => {
    expect(parseSplitRequest({ ranges: '1-3;4', deleteOriginal: true })).toEqual({ ranges: '1-3;4', deleteOriginal: true });
    expect(parseSplitRequest({ ranges: '2' })).toEqual({ ranges: '2', deleteOriginal: false });
  });

  it("refuses a body that is not an object, a range that is not text (the spec's message) and a non-boolean flag", () => {
    for (const body of [null, 'x', [1], undefined]) expect(() => parseSplitRequest(body)).toThrow('A JSON object is required.');
    for (const ranges of [undefined, 3, ['1']]) expect(() => parseSplitRequest({ ranges })).toThrow(MESSAGES.splitSelectionInvalid);
    expect(() => parseSplitRequest({ ranges: '1', deleteOriginal: 'true' })).toThrow('deleteOriginal must be true or false.');
  });
});

describeOnEachDatabase('splitDocument', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  async function sixPages(): Promise<number> {
    return createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'six.pdf',
      content: Buffer.from(await makeTextPdf(['A', 'B', 'C', 'D', 'E', 'F'])),
      uploader: world.clerk,
    });
  }

  async function documentCount(): Promise<number> {
    return (await server().deps.db.selectFrom('documents').select('id').execute()).length;
  }

  it('refuses with a Conflict when the original changed after it was read, and writes no row', async () => {
    const id = await sixPages();
    const viewer = await viewerFor(server().deps.db, world.manager.id, world.manager.username);
    const stale = await findVisibleDocument(server().deps.db, viewer, id);
    if (stale === undefined) throw new Error('The document is missing.');
    await server()
      .deps.db.updateTable('documents')
      .set({ row_version: stale.row_version + 1 })
      .where('id', '=', id)
      .execute();
    const before = await documentCount();
    const attempt = splitDocument(server().deps, viewer, stale, { ranges: '1-3;4-6', deleteOriginal: true });
    await expect(attempt).rejects.toMatchObject({ kind: 'Conflict' });
    expect(await documentCount()).toBe(before);
    const row = await server().deps.db.selectFrom('documents').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it("refuses as invalid 'An error occurred when splitting the document.' when the stored file does not parse", async () => {
    const id = await sixPages();
    const viewer = await viewerFor(server().deps.db, world.manager.id, world.manager.username);
    const row = await findVisibleDocument(server().deps.db, viewer, id);
    if (row === undefined) throw new Error('The document is missing.');
    const damaged = await server().deps.fileStore.putBuffer(Buffer.from('%PDF-1.7\nthis is not really a PDF'));
    const attempt = splitDocument(server().deps, viewer, { ...row, file_sha256: damaged.key }, { ranges: '1;2', deleteOriginal: false });
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ kind: 'Validation', message: MESSAGES.splitError });
  });
});
