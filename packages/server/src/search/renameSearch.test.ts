import { createWorld, grantTableAccess, createGroup, createUser, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import type { SearchAnswer } from './http/searchRoutes';

describeOnEachDatabase('search follows a rename through PUT /api/documents/{id}', (server) => {
  let world: World;
  let renamer: { id: number; username: string };

  beforeAll(async () => {
    world = await createWorld(server());
    const group = await createGroup(server(), unique('Renamers '), ['Dynamics: Reapply Document Name', 'Search: Search']);
    await grantTableAccess(server(), group, world.table.sitId);
    renamer = await createUser(server(), unique('renamer'), { groups: [group] });
  });

  async function found(q: string): Promise<number[]> {
    const response = await server().inject({
      url: `/api/documents/search?q=${encodeURIComponent(q)}`,
      headers: server().authHeaders(renamer.username),
    });
    expect(response.statusCode).toBe(200);
    return response.json<SearchAnswer>().documents.map((d) => d.id);
  }

  it('finds the document by its new name at once and no longer by the old one', async () => {
    const newWord = unique('Quokka').toLowerCase();
    expect(await found('Contract')).toContain(world.contractDocId);
    expect(await found(newWord)).toEqual([]);
    const renamed = await server().inject({
      method: 'PUT',
      url: `/api/documents/${world.contractDocId}`,
      headers: server().authHeaders(renamer.username),
      payload: { name: `${newWord} agreement.pdf` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await found(newWord)).toEqual([world.contractDocId]);
    expect(await found('agreement')).toContain(world.contractDocId);
    // The old name's word is gone from the name (the page text 'Contract' of the fixture PDF may still find it).
    const byName = await server().inject({
      url: `/api/documents/search?tag[]=${encodeURIComponent(JSON.stringify({ type: 'documentName', key: 'Contract.pdf' }))}`,
      headers: server().authHeaders(renamer.username),
    });
    expect(byName.json<SearchAnswer>().documents.map((d) => d.id)).not.toContain(world.contractDocId);
  });
});
