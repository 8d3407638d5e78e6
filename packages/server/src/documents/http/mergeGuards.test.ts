import type { DocumentAccess } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { createQueue, createQueueType, documentRowVersion, grantUserQueueAccess, placeInQueue } from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

const BROWSE = ['BrowseToQueue', 'AccessDocumentWithin'] as const;
const FOREVER = '2999-01-01T00:00:00.000Z';

describeOnEachDatabase('merge: queue access flags and other users’ locks', (server) => {
  let world: World;
  let queue: number;
  /** Split and SplitAdvanced on the queue, but not Merge. */
  let noMerge: User;
  /** Merge on the queue, no Delete. */
  let merger: User;
  /** Merge and Delete on the queue. */
  let mergerDelete: User;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const group = await createGroup(s, unique('Mergers '), ['Cabinet: Split Document', 'Cabinet: Delete']);
    await grantTableAccess(s, group, world.table.sitId);
    queue = await createQueue(s, await createQueueType(s));
    noMerge = await createUser(s, unique('nomerge'), { groups: [group] });
    merger = await createUser(s, unique('merger'), { groups: [group] });
    mergerDelete = await createUser(s, unique('mergedel'), { groups: [group] });
    await grantUserQueueAccess(s, noMerge.id, queue, [...BROWSE, 'Split', 'SplitAdvanced']);
    await grantUserQueueAccess(s, merger.id, queue, [...BROWSE, 'Merge']);
    await grantUserQueueAccess(s, mergerDelete.id, queue, [...BROWSE, 'Merge', 'Delete']);
  });

  async function document(queueId: number | null): Promise<number> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      content: await makePdf(1),
      uploader: world.clerk,
    });
    await placeInQueue(server(), id, queueId);
    return id;
  }

  const merge = (user: User, docIds: readonly number[], deleteOriginals: boolean) =>
    server().inject({
      method: 'POST',
      url: '/api/documents/merge',
      headers: server().authHeaders(user.username),
      payload: { docIds, deleteOriginals },
    });

  const access = async (user: User, id: number): Promise<DocumentAccess> =>
    (await server().inject({ url: `/api/documents/${id}/access`, headers: server().authHeaders(user.username) })).json<DocumentAccess>();

  it('a document in a queue needs Merge: 403 without it (merge flag false), 201 with it', async () => {
    const a = await document(queue);
    const b = await document(null);
    expect((await access(noMerge, a)).merge).toBe(false);
    const refused = await merge(noMerge, [a, b], false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ exceptionType: 'Forbidden' });
    expect([await documentRowVersion(server(), a), await documentRowVersion(server(), b)]).toEqual([1, 1]);
    expect((await access(merger, a)).merge).toBe(true);
    expect((await merge(merger, [a, b], false)).statusCode).toBe(201);
  });

  it('deleting queued originals also needs Delete: 403 without it, 201 with it', async () => {
    const a = await document(queue);
    const b = await document(queue);
    expect((await merge(merger, [a, b], true)).statusCode).toBe(403);
    expect((await merge(mergerDelete, [a, b], true)).statusCode).toBe(201);
  });

  it("another user's live lock on a source → 409 without deleting too (merge flag false), nothing written", async () => {
    const a = await document(null);
    const locked = await document(null);
    await server()
      .deps.db.insertInto('document_locks')
      .values({
        document_id: locked,
        user_id: world.manager.id,
        queue_id: null,
        acquired_at: '2020-01-01T00:00:00.000Z',
        expires_at: FOREVER,
      })
      .execute();
    expect((await access(merger, locked)).merge).toBe(false);
    const documents = (await server().deps.db.selectFrom('documents').select('id').execute()).length;
    const refused = await merge(merger, [a, locked], false);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MESSAGES.documentLockedByOther });
    expect([await documentRowVersion(server(), a), await documentRowVersion(server(), locked)]).toEqual([1, 1]);
    expect((await server().deps.db.selectFrom('documents').select('id').execute()).length).toBe(documents);
    const notes = await server().deps.db.selectFrom('notes').select('text').where('document_id', 'in', [a, locked]).execute();
    expect(notes.every((note) => note.text.startsWith('Uploaded by'))).toBe(true);
  });
});
