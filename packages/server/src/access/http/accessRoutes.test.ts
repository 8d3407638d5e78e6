import { DOCUMENT_ACCESS_FLAGS } from '@datahaven/core/model';
import type { DocumentAccess } from '@datahaven/core/model';
import { createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('GET /api/documents/{id}/access', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  it('answers every flag, computed from the caller privileges', async () => {
    const clerk = await server().inject({
      url: `/api/documents/${world.pdfDocId}/access`,
      headers: server().authHeaders(world.clerk.username),
    });
    expect(clerk.statusCode).toBe(200);
    const access = clerk.json<DocumentAccess>();
    // The spec's 18 flags, and ours: splitAdvanced (the split tools that go through recombination).
    expect(Object.keys(access).sort()).toEqual([...DOCUMENT_ACCESS_FLAGS, 'splitAdvanced'].sort());
    expect(access).toMatchObject({
      viewFileData: true,
      readDetails: true,
      exportFileData: true,
      delete: true,
      readNotes: true,
      approve: false,
    });
    const noNotes = await server().inject({
      url: `/api/documents/${world.pdfDocId}/access`,
      headers: server().authHeaders(world.noNotes.username),
    });
    expect(noNotes.json<DocumentAccess>()).toMatchObject({ readNotes: false, delete: true });
  });

  it('offers split and merge only with the privilege, split only on a multi-page PDF, as the endpoints decide', async () => {
    const splitters = await createGroup(server(), unique('Splitters '), ['Cabinet: Split Document']);
    await grantTableAccess(server(), splitters, world.table.sitId, {});
    const splitter = await createUser(server(), unique('splitter'), { groups: [splitters] });
    const access = async (username: string, docId: number): Promise<DocumentAccess> =>
      (await server().inject({ url: `/api/documents/${docId}/access`, headers: server().authHeaders(username) })).json<DocumentAccess>();
    expect((await access(splitter.username, world.pdfDocId)).split).toBe(true);
    expect((await access(splitter.username, world.contractDocId)).merge).toBe(true);
    expect((await access(world.clerk.username, world.contractDocId)).merge).toBe(false);
    expect((await access(splitter.username, world.contractDocId)).split).toBe(false);
    expect((await access(world.clerk.username, world.pdfDocId)).split).toBe(false);
  });
});
