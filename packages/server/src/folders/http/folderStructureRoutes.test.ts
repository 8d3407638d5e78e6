import type { FolderEntry, FolderNode } from '@datahaven/core/model';
import {
  createDocument,
  createGroup,
  createIntegratedTable,
  createUser,
  createWorld,
  grantTableAccess,
  unique,
} from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

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
    await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.otherRecordId,
      fileName: 'letter.pdf',
      uploader: world.clerk,
    });
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

  /** The top-level folders of the world's record as `user` sees them. */
  const topFolders = async (username: string, extra = ''): Promise<FolderNode[]> => {
    const response = await server().inject({
      url: url(`dataAreaId=CRONUS&tableId=${world.table.tableId}&recordId=${world.recordId}${extra}`),
      headers: server().authHeaders(username),
    });
    expect(response.statusCode).toBe(200);
    return folders(response.json<FolderEntry[]>());
  };

  it("'Folder Search Expansion Level': a stored level opens folders to that depth, the way to expandToDocId stays open, a value that is not a number ≥ 0 falls back to 1", async () => {
    const db = server().deps.db;
    const store = async (data: string): Promise<void> => {
      await db.deleteFrom('options').where('name', '=', 'Folder Search Expansion Level').execute();
      await db.insertInto('options').values({ name: 'Folder Search Expansion Level', data }).execute();
    };
    try {
      await store('0');
      expect((await topFolders(world.clerk.username)).map((f) => f.defaultExpanded)).toEqual([false, false, false]);
      expect((await topFolders(world.clerk.username, `&expandToDocId=${world.pdfDocId}`)).map((f) => f.defaultExpanded)).toEqual([
        true,
        false,
        false,
      ]);
      for (const invalid of ['abc', '-1']) {
        await store(invalid);
        expect((await topFolders(world.clerk.username)).map((f) => f.defaultExpanded)).toEqual([true, true, true]);
      }
    } finally {
      await db.deleteFrom('options').where('name', '=', 'Folder Search Expansion Level').execute();
    }
  });

  it("the upload right: 'Cabinet: Import Documents' first; then a manager may upload anywhere, anyone else through a group's can_upload grant for the record's data area or all areas", async () => {
    const sitId = world.table.sitId;
    const managerImporter = await createUser(server(), unique('admin-importer'), {
      privileges: { 'Security: Manager': true, 'Cabinet: Import Documents': true },
    });
    const otherArea = await createGroup(server(), unique('Other area '), ['Cabinet: Import Documents']);
    await grantTableAccess(server(), otherArea, sitId, { canUpload: true, dataAreaId: 'FABRIKAM' });
    const sameArea = await createGroup(server(), unique('Same area '), ['Cabinet: Import Documents']);
    await grantTableAccess(server(), sameArea, sitId, { canUpload: true, dataAreaId: 'CRONUS' });
    const viewOnly = await createGroup(server(), unique('View only '), ['Cabinet: Import Documents']);
    await grantTableAccess(server(), viewOnly, sitId, { canView: true, canUpload: false });
    const cases: [string, boolean][] = [
      [managerImporter.username, true],
      [world.manager.username, false],
      [(await createUser(server(), unique('other-area'), { groups: [otherArea] })).username, false],
      [(await createUser(server(), unique('same-area'), { groups: [sameArea] })).username, true],
      [(await createUser(server(), unique('view-only'), { groups: [viewOnly] })).username, false],
    ];
    for (const [username, mayUpload] of cases) {
      const [invoices] = await topFolders(username);
      expect([username, invoices.allowUpload]).toEqual([username, mayUpload]);
    }
  });

  it('an invalid context (spec §3) → 400; an unknown table → 400', async () => {
    for (const query of ['dataAreaId=CRONUS', `recordId=${world.recordId}`, '']) {
      const response = await server().inject({ url: url(query), headers: server().authHeaders(world.clerk.username) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, exceptionType: 'ValidationError' });
    }
    const unknown = await server().inject({
      url: url('dataAreaId=CRONUS&tableId=77777&recordId=x'),
      headers: server().authHeaders(world.clerk.username),
    });
    expect(unknown.statusCode).toBe(400);
    // By sitId the table is read in the folders' statement: an id no table has is refused the same way.
    const unknownSit = await server().inject({
      url: url('dataAreaId=CRONUS&sitId=2147483000&recordId=x'),
      headers: server().authHeaders(world.clerk.username),
    });
    expect(unknownSit.statusCode).toBe(400);
    expect(unknownSit.json()).toMatchObject({ statusCode: 400, message: 'No integrated table matches the context.' });
  });

  it('a table whose display folders are all disabled still answers (200, no folders); one disabled folder leaves the others', async () => {
    const table = await createIntegratedTable(server(), 'Quiet');
    await server().deps.db.updateTable('display_folders').set({ enabled: 0 }).where('id', '=', table.folderIds.contracts).execute();
    const partly = await server().inject({
      url: url(`dataAreaId=CRONUS&sitId=${table.sitId}&recordId=${world.recordId}`),
      headers: server().authHeaders(world.clerk.username),
    });
    expect(partly.statusCode).toBe(200);
    expect(folders(partly.json<FolderEntry[]>()).map((f) => f.name)).toEqual(['Invoices', 'Correspondence']);
    await server().deps.db.updateTable('display_folders').set({ enabled: 0 }).where('integrated_table_id', '=', table.sitId).execute();
    const none = await server().inject({
      url: url(`dataAreaId=CRONUS&sitId=${table.sitId}&recordId=${world.recordId}`),
      headers: server().authHeaders(world.clerk.username),
    });
    expect(none.statusCode).toBe(200);
    expect(folders(none.json<FolderEntry[]>())).toEqual([]);
  });
});
