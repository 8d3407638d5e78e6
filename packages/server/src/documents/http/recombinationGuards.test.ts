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

describeOnEachDatabase('recombination: queue access flags and other users’ locks', (server) => {
  let world: World;
  let queue: number;
  /** Split only on the queue (the split dialog), not SplitAdvanced. */
  let simpleSplitter: User;
  /** Split and SplitAdvanced on the queue (the queue policy's splitAdvanced, as the access flags offer it), no Delete. */
  let advanced: User;
  /** Split, SplitAdvanced and Delete on the queue. */
  let advancedDelete: User;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const group = await createGroup(s, unique('Recombiners '), ['Cabinet: Split Document', 'Cabinet: Delete']);
    await grantTableAccess(s, group, world.table.sitId);
    queue = await createQueue(s, await createQueueType(s));
    simpleSplitter = await createUser(s, unique('simple'), { groups: [group] });
    advanced = await createUser(s, unique('advanced'), { groups: [group] });
    advancedDelete = await createUser(s, unique('advdel'), { groups: [group] });
    await grantUserQueueAccess(s, simpleSplitter.id, queue, [...BROWSE, 'Split']);
    await grantUserQueueAccess(s, advanced.id, queue, [...BROWSE, 'Split', 'SplitAdvanced']);
    await grantUserQueueAccess(s, advancedDelete.id, queue, [...BROWSE, 'Split', 'SplitAdvanced', 'Delete']);
  });

  async function threePages(queueId: number | null): Promise<number> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      content: await makePdf(3),
      uploader: world.clerk,
    });
    await placeInQueue(server(), id, queueId);
    return id;
  }

  const recombine = (user: User, ids: readonly number[], remove: boolean) =>
    server().inject({
      method: 'POST',
      url: '/api/documents/recombination',
      headers: server().authHeaders(user.username),
      payload: { documents: [{ parts: ids.map((documentId) => ({ documentId, firstPage: 1, lastPage: 2 })) }], delete: remove },
    });

  const noteCount = async (id: number): Promise<number> =>
    (await server().deps.db.selectFrom('notes').select('id').where('document_id', '=', id).execute()).length;

  it('a source in a queue needs SplitAdvanced besides Split: 403 with Split alone, 201 with both', async () => {
    const id = await threePages(queue);
    const refused = await recombine(simpleSplitter, [id], false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ exceptionType: 'Forbidden' });
    expect(await documentRowVersion(server(), id)).toBe(1);
    expect((await recombine(advanced, [id], false)).statusCode).toBe(201);
  });

  it('deleting queued sources also needs Delete: 403 without it, 201 with it', async () => {
    const inQueue = await threePages(queue);
    const outside = await threePages(null);
    expect((await recombine(advanced, [outside, inQueue], true)).statusCode).toBe(403);
    expect([await documentRowVersion(server(), inQueue), await documentRowVersion(server(), outside)]).toEqual([1, 1]);
    expect((await recombine(advancedDelete, [outside, inQueue], true)).statusCode).toBe(201);
  });

  it("another user's live lock on any source → 409 even without delete, and no source changes", async () => {
    const free = await threePages(null);
    const locked = await threePages(null);
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
    const documents = (await server().deps.db.selectFrom('documents').select('id').execute()).length;
    const notes = [await noteCount(free), await noteCount(locked)];
    const refused = await recombine(advanced, [free, locked], false);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MESSAGES.documentLockedByOther });
    expect([await documentRowVersion(server(), free), await documentRowVersion(server(), locked)]).toEqual([1, 1]);
    expect([await noteCount(free), await noteCount(locked)]).toEqual(notes);
    expect((await server().deps.db.selectFrom('documents').select('id').execute()).length).toBe(documents);

    await server().deps.db.deleteFrom('document_locks').where('document_id', '=', locked).execute();
    expect((await recombine(advanced, [free, locked], false)).statusCode).toBe(201);
  });
});
