import type { FolderEntry, FolderNode } from '@datahaven/core/model';
import { createDocument, createWorld } from '../../../test/factories';
import type { World } from '../../../test/factories';
import { describeOnEachDatabase } from '../../../test/testServer';

function folders(entries: FolderEntry[]): FolderNode[] {
  return entries.filter((e): e is FolderNode => e.type === 'folder');
}

describeOnEachDatabase('GET /api/folder-structure', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });
  const url = (query: string) => `/api/folder-structure?displayType=Default%20View&${query}`;

  it('lists the display folders with the record documents mapped by subtype, and constraints for uploads', async () => {
    const response = await server().inject({
      url: url(`dataAreaId=CRONUS&tableId=${world.table.tableId}&recordId=${world.recordId}`),
      headers: server().authHeaders(world.clerk.username),
    });
    expect(response.statusCode).toBe(200);
    const tree = folders(response.json<FolderEntry[]>());
    expect(tree.map((f) => f.name)).toEqual(['Invoices', 'Contracts', 'Correspondence']);
    const [invoices, contracts, other] = tree;
    expect(invoices.children.map((c) => [c.type, c.name])).toEqual([['document', 'Invoice 1001.pdf']]);
    expect(contracts.children.map((c) => [c.type, c.name])).toEqual([['document', 'Contract.pdf']]);
    expect(other.children).toEqual([{ type: 'empty', id: `empty-${world.table.folderIds.other}`, name: 'No Documents Found' }]);
    expect(invoices.constraints).toEqual({
      dataAreaId: 'CRONUS',
      tableId: world.table.tableId,
      recordId: world.recordId,
      sitId: world.table.sitId,
      sourceType: 0,
      typeName: world.table.typeName,
      subtypeId: world.table.subtypeIds.invoice,
    });
    expect(invoices).toMatchObject({ allowUpload: true, defaultExpanded: true, forceDefaultExpanded: false, groups: [] });
    const documentEntry = invoices.children[0];
    expect(documentEntry.type === 'document' && documentEntry.document.id).toBe(world.pdfDocId);
  });

  it('finds the table by sitId or typeName as well; an unsubtyped document lands in the folder without subtype', async () => {
    await createDocument(server(), { sitId: world.table.sitId, recordId: world.otherRecordId, fileName: 'letter.pdf', uploader: world.clerk });
    for (const query of [`sitId=${world.table.sitId}`, `typeName=${encodeURIComponent(world.table.typeName)}`]) {
      const response = await server().inject({
        url: url(`dataAreaId=CRONUS&${query}&recordId=${world.otherRecordId}`),
        headers: server().authHeaders(world.clerk.username),
      });
      const [invoices, , other] = folders(response.json<FolderEntry[]>());
      expect(invoices.children.map((c) => c.type)).toEqual(['empty']);
      expect(other.children.map((c) => c.name)).toEqual(['letter.pdf']);
    }
  });

  it('SECURITY row 10: the tree only holds documents the caller may see; no upload offered without access', async () => {
    const response = await server().inject({
      url: url(`dataAreaId=CRONUS&tableId=${world.table.tableId}&recordId=${world.recordId}`),
      headers: server().authHeaders(world.outsider.username),
    });
    const tree = folders(response.json<FolderEntry[]>());
    expect(tree.flatMap((f) => f.children.map((c) => c.type))).toEqual(['empty', 'empty', 'empty']);
    expect(tree.every((f) => !f.allowUpload)).toBe(true);
  });

  it('an invalid context (spec §3) → 400; an unknown table → 400', async () => {
    for (const query of ['dataAreaId=CRONUS', `recordId=${world.recordId}`, '']) {
      const response = await server().inject({ url: url(query), headers: server().authHeaders(world.clerk.username) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, exceptionType: 'ValidationError' });
    }
    const unknown = await server().inject({ url: url('dataAreaId=CRONUS&tableId=77777&recordId=x'), headers: server().authHeaders(world.clerk.username) });
    expect(unknown.statusCode).toBe(400);
  });
});
