import { createDocument, createGroup, createUser, createWorld, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestResponse } from '../../test/testServer';
import { createQueue, createQueueType, grantGroupQueueAccess, placeInQueue } from '../../test/workflowFactories';

interface DocumentEntity {
  '@odata.etag': string;
  Id: number;
  Name: string;
  LinkId: number | null;
  WorkflowQueueId: number | null;
  RecordLink: {
    Record: {
      RecordType: { ExternalTableId: number; ExternalTypeId: number; IntegratedTableId: number; FullTypeName: string };
      SyntheticId: string;
      DataAreaId: string;
    };
    SubtypeId: number | null;
  } | null;
}

function errorOf(response: TestResponse, status: number): string {
  expect(response.statusCode).toBe(status);
  return response.json<{ error: { message: string } }>().error.message;
}

/**
 * `Documents` of the data service: every caller reads it and sees exactly the documents /api
 * shows them (table access, queue access, a manager everything); the ETag is the row version;
 * only PATCH changes it (the routing, queueChangeRules.test.ts).
 */
describeOnEachDatabase("OData Documents: reads by the caller's access", (server) => {
  let world: World;
  let queued: number;
  let queueWatcher: { id: number; username: string };
  const get = (url: string, username: string): Promise<TestResponse> =>
    server().inject({ url: `/odata/v1${url}`, headers: server().authHeaders(username) });
  const idsOf = (response: TestResponse): number[] => response.json<{ value: DocumentEntity[] }>().value.map((d) => d.Id);

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const queue = await createQueue(s, await createQueueType(s), { name: unique('Watched ') });
    // A document of another table, seen only through the queue it sits in.
    const otherWorld = await createWorld(s);
    queued = await createDocument(s, {
      sitId: otherWorld.table.sitId,
      recordId: otherWorld.recordId,
      uploader: otherWorld.clerk,
      fileName: 'Queued.pdf',
    });
    await placeInQueue(s, queued, queue);
    const watchers = await createGroup(s, unique('Watchers '));
    await grantGroupQueueAccess(s, watchers, queue, ['ViewDocumentsWithin']);
    queueWatcher = await createUser(s, unique('watcher'), { groups: [watchers] });
  });

  it('lists to each caller the documents /api lets them see, filtered by table and queue access', async () => {
    const asClerk = idsOf(await get(`/Documents?$filter=Id eq ${world.pdfDocId}`, world.clerk.username));
    expect(asClerk).toEqual([world.pdfDocId]);
    expect(idsOf(await get(`/Documents?$filter=Id eq ${world.pdfDocId}`, world.outsider.username))).toEqual([]);
    expect(idsOf(await get('/Documents', queueWatcher.username))).toEqual([queued]);
    expect(idsOf(await get(`/Documents?$filter=Id eq ${queued}`, world.clerk.username))).toEqual([]);
    const asManager = idsOf(await get('/Documents?$orderby=Id', world.manager.username));
    expect(asManager).toEqual(expect.arrayContaining([world.pdfDocId, world.contractDocId, queued]));
    for (const [url, username] of [
      [`/Documents(${world.pdfDocId})`, world.outsider.username],
      [`/Documents(${queued})`, world.clerk.username],
    ] as const) {
      errorOf(await get(url, username), 404);
    }
  });

  it('answers one document with its primary link, its queue and its row version as the ETag', async () => {
    const response = await get(`/Documents(${world.pdfDocId})`, world.clerk.username);
    expect(response.statusCode).toBe(200);
    const entity = response.json<DocumentEntity>();
    const link = await server()
      .deps.db.selectFrom('record_links')
      .selectAll()
      .where('document_id', '=', world.pdfDocId)
      .where('is_primary', '=', 1)
      .executeTakeFirstOrThrow();
    const row = await server()
      .deps.db.selectFrom('documents')
      .select(['name', 'row_version', 'subtype_id'])
      .where('id', '=', world.pdfDocId)
      .executeTakeFirstOrThrow();
    expect(entity).toMatchObject({
      '@odata.etag': `W/"${row.row_version}"`,
      Id: world.pdfDocId,
      Name: row.name,
      LinkId: link.id,
      WorkflowQueueId: null,
      RecordLink: {
        Record: {
          RecordType: {
            ExternalTableId: link.table_id,
            ExternalTypeId: link.source_type,
            IntegratedTableId: world.table.sitId,
            FullTypeName: link.type_name,
          },
          SyntheticId: world.recordId,
          DataAreaId: link.data_area_id,
        },
        SubtypeId: row.subtype_id,
      },
    });
    expect(response.headers.etag).toBe(`W/"${row.row_version}"`);
    const queuedEntity = (await get(`/Documents(${queued})`, queueWatcher.username)).json<DocumentEntity>();
    expect(queuedEntity.WorkflowQueueId).not.toBeNull();
  });

  it('is declared in $metadata with the RecordLink complex types', async () => {
    const xml = (await get('/$metadata', world.clerk.username)).body;
    expect(xml).toContain('<EntitySet Name="Documents" EntityType="Datahaven.Document"/>');
    expect(xml).toMatch(
      /<EntityType Name="Document">\s*<Key><PropertyRef Name="Id"\/><\/Key>[\s\S]*<Property Name="RecordLink" Type="Datahaven.RecordLink" Nullable="true"\/>/,
    );
    expect(xml).toMatch(/<ComplexType Name="Record">[\s\S]*<Property Name="SyntheticId" Type="Edm.String"/);
  });

  it('changes only by PATCH: POST and DELETE answer 405; a PATCH without If-Match 428, a read-only property 400, nothing moved', async () => {
    const headers = server().authHeaders(world.clerk.username);
    const post = await server().inject({ method: 'POST', url: '/odata/v1/Documents', headers, payload: { Name: 'x' } });
    expect(errorOf(post, 405)).toContain('PATCH');
    errorOf(
      await server().inject({ method: 'DELETE', url: `/odata/v1/Documents(${world.pdfDocId})`, headers: { ...headers, 'if-match': '*' } }),
      405,
    );
    const patch = (ifMatch: string | null, body: unknown): Promise<Response> =>
      fetch(`${server().baseUrl}/odata/v1/Documents(${queued})`, {
        method: 'PATCH',
        headers: {
          ...server().authHeaders(queueWatcher.username),
          'content-type': 'application/json',
          ...(ifMatch === null ? {} : { 'if-match': ifMatch }),
        },
        body: JSON.stringify(body),
      });
    const before = (await get(`/Documents(${queued})`, queueWatcher.username)).json<DocumentEntity>();
    expect((await patch(null, { WorkflowQueueId: 1 })).status).toBe(428);
    expect((await patch(before['@odata.etag'], { Name: 'Renamed' })).status).toBe(400);
    expect((await patch(before['@odata.etag'], { WorkflowQueueId: 'two' })).status).toBe(400);
    expect((await patch('W/"not-a-version"', { WorkflowQueueId: 1 })).status).toBe(412);
    const after = (await get(`/Documents(${queued})`, queueWatcher.username)).json<DocumentEntity>();
    expect(after).toEqual(before);
  });
});
