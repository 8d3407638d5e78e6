import { createWorld } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('GET /api/documents/{id}/link', (server) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(server());
  });

  it('answers the DocumentLink with the record number as sourceNumber', async () => {
    const response = await server().inject({
      url: `/api/documents/${world.pdfDocId}/link`,
      headers: server().authHeaders(world.clerk.username),
    });
    expect(response.statusCode).toBe(200);
    const number = await server()
      .deps.db.selectFrom('erp_records')
      .select('number')
      .where('record_id', '=', world.recordId)
      .executeTakeFirstOrThrow();
    expect(response.json()).toEqual({
      dataAreaId: 'CRONUS',
      sourceTableId: world.table.tableId,
      sourceType: 0,
      sourceNumber: number.number,
      sourceEntityTypeName: world.table.typeName,
      recordId: world.recordId,
      sitId: world.table.sitId,
    });
  });

  it('answers null for an unlinked document (visible to a security manager)', async () => {
    await server().deps.db.deleteFrom('record_links').where('document_id', '=', world.contractDocId).execute();
    const response = await server().inject({
      url: `/api/documents/${world.contractDocId}/link`,
      headers: server().authHeaders(world.manager.username),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
  });
});
