import type { DmsDocument, DocumentAccess } from '@datahaven/core/model';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { createQueue, createQueueType, documentRowVersion, grantUserQueueAccess, placeInQueue } from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

const BROWSE = ['BrowseToQueue', 'AccessDocumentWithin'] as const;

describeOnEachDatabase('split and the queue access flags', (server) => {
  let world: World;
  let queue: number;
  /** Split and delete privileges, but no page-work flag on the queue. */
  let noFlags: User;
  /** Split and SplitAdvanced on the queue, no Delete. */
  let splitOnly: User;
  /** Split, SplitAdvanced and Delete on the queue. */
  let splitAndDelete: User;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const group = await createGroup(s, unique('Splitters '), ['Cabinet: Split Document', 'Cabinet: Delete']);
    await grantTableAccess(s, group, world.table.sitId);
    queue = await createQueue(s, await createQueueType(s));
    noFlags = await createUser(s, unique('noflags'), { groups: [group] });
    splitOnly = await createUser(s, unique('splitonly'), { groups: [group] });
    splitAndDelete = await createUser(s, unique('splitdel'), { groups: [group] });
    await grantUserQueueAccess(s, noFlags.id, queue, [...BROWSE]);
    await grantUserQueueAccess(s, splitOnly.id, queue, [...BROWSE, 'Split']);
    await grantUserQueueAccess(s, splitAndDelete.id, queue, [...BROWSE, 'Split', 'SplitAdvanced', 'Delete']);
  });

  async function fourPages(queueId: number | null): Promise<number> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      content: await makePdf(4),
      uploader: world.clerk,
    });
    await placeInQueue(server(), id, queueId);
    return id;
  }

  const split = (user: User, id: number, deleteOriginal: boolean) =>
    server().inject({
      method: 'POST',
      url: `/api/documents/${id}/split`,
      headers: server().authHeaders(user.username),
      payload: { ranges: '1-2;3-4', deleteOriginal },
    });

  const access = async (user: User, id: number): Promise<DocumentAccess> =>
    (await server().inject({ url: `/api/documents/${id}/access`, headers: server().authHeaders(user.username) })).json<DocumentAccess>();

  it('a document in a queue: no Split flag → 403 and nothing written; with Split → 201; the split flag says the same', async () => {
    const id = await fourPages(queue);
    const documents = (await server().deps.db.selectFrom('documents').select('id').execute()).length;
    const refused = await split(noFlags, id, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ exceptionType: 'Forbidden' });
    expect((await server().deps.db.selectFrom('documents').select('id').execute()).length).toBe(documents);
    expect(await documentRowVersion(server(), id)).toBe(1);
    expect((await access(noFlags, id)).split).toBe(false);

    expect((await access(splitOnly, id)).split).toBe(true);
    // The visual tool and named parts go through recombination, which needs SplitAdvanced too.
    expect((await access(splitOnly, id)).splitAdvanced).toBe(false);
    expect((await access(splitAndDelete, id)).splitAdvanced).toBe(true);
    const allowed = await split(splitOnly, id, false);
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json<DmsDocument[]>().map((d) => d.totalPages)).toEqual([2, 2]);
  });

  it('deleting the original in a queue also needs Delete: 403 without it (delete flag false), 201 with it', async () => {
    const id = await fourPages(queue);
    expect((await access(splitOnly, id)).delete).toBe(false);
    expect((await split(splitOnly, id, true)).statusCode).toBe(403);
    expect(await documentRowVersion(server(), id)).toBe(1);
    expect((await access(splitAndDelete, id)).delete).toBe(true);
    expect((await split(splitAndDelete, id, true)).statusCode).toBe(201);
    expect(
      (await server().inject({ url: `/api/documents/${id}`, headers: server().authHeaders(splitAndDelete.username) })).statusCode,
    ).toBe(404);
  });

  it('a document in no queue is governed by privileges alone', async () => {
    const id = await fourPages(null);
    const flags = await access(noFlags, id);
    expect([flags.split, flags.delete]).toEqual([true, true]);
    expect((await split(noFlags, id, true)).statusCode).toBe(201);
  });
});
