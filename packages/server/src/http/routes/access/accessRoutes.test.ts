import { DOCUMENT_ACCESS_FLAGS } from '@datahaven/core/model';
import type { DocumentAccess } from '@datahaven/core/model';
import { createWorld } from '../../../test/factories';
import type { World } from '../../../test/factories';
import { describeOnEachDatabase } from '../../../test/testServer';

describeOnEachDatabase('GET /api/documents/{id}/access', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  it('answers every flag, computed from the caller privileges', async () => {
    const clerk = await server().inject({ url: `/api/documents/${world.pdfDocId}/access`, headers: server().authHeaders(world.clerk.username) });
    expect(clerk.statusCode).toBe(200);
    const access = clerk.json<DocumentAccess>();
    expect(Object.keys(access).sort()).toEqual([...DOCUMENT_ACCESS_FLAGS].sort());
    expect(access).toMatchObject({ viewFileData: true, readDetails: true, exportFileData: true, delete: true, readNotes: true, approve: false });
    const noNotes = await server().inject({ url: `/api/documents/${world.pdfDocId}/access`, headers: server().authHeaders(world.noNotes.username) });
    expect(noNotes.json<DocumentAccess>()).toMatchObject({ readNotes: false, delete: true });
  });
});
