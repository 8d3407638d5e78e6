import type { DmsDocument } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { holdDocumentRow } from '../../test/holdDocumentRow';
import { describeOnEachDatabase, itOn } from '../../test/testServer';
import type { TestResponse } from '../../test/testServer';
import { createQueue, createQueueType, documentRowVersion, grantUserQueueAccess, placeInQueue } from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

const BROWSE = ['BrowseToQueue', 'AccessDocumentWithin'] as const;
const FOREVER = '2999-01-01T00:00:00.000Z';

describeOnEachDatabase('PUT /api/documents/{id} guards and download=true', (server, dialect) => {
  let world: World;
  let queue: number;
  /** Every edit privilege; on the queue only ChangeUserString1. */
  let stringsOnly: User;
  /** Every edit privilege and every Change… flag on the queue. */
  let editor: User;
  /** Sees the documents, but holds no 'Cabinet: Export Documents'. */
  let reader: User;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const editors = await createGroup(s, unique('Editors '), [
      'Cabinet: Edit Document Description',
      'Cabinet: Edit Document user_string1',
      'Cabinet: Edit Document user_date1',
      'Dynamics: Reapply Document Name',
    ]);
    await grantTableAccess(s, editors, world.table.sitId);
    queue = await createQueue(s, await createQueueType(s));
    stringsOnly = await createUser(s, unique('strings'), { groups: [editors] });
    editor = await createUser(s, unique('editor'), { groups: [editors] });
    await grantUserQueueAccess(s, stringsOnly.id, queue, [...BROWSE, 'ChangeUserString1']);
    await grantUserQueueAccess(s, editor.id, queue, [...BROWSE, 'ChangeDescription', 'ChangeUserString1', 'ChangeUserDate1']);
    const readers = await createGroup(s, unique('Readers '), ['Notes: View Only']);
    await grantTableAccess(s, readers, world.table.sitId);
    reader = await createUser(s, unique('reader'), { groups: [readers] });
  });

  async function document(queueId: number | null): Promise<number> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      fileName: 'scan.pdf',
      uploader: world.clerk,
    });
    await placeInQueue(server(), id, queueId);
    return id;
  }

  const put = (user: User, id: number, payload: unknown): Promise<TestResponse> =>
    server().inject({ method: 'PUT', url: `/api/documents/${id}`, headers: server().authHeaders(user.username), payload });

  const stored = (id: number) =>
    server()
      .deps.db.selectFrom('documents')
      .select(['name', 'description', 'user_string1', 'user_date1', 'row_version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('in a queue each field needs its Change… flag: 403 without it, 200 with it', async () => {
    const id = await document(queue);
    expect((await put(stringsOnly, id, { description: 'March' })).statusCode).toBe(403);
    expect((await put(stringsOnly, id, { userDate: '2025-05-30' })).statusCode).toBe(403);
    expect((await put(stringsOnly, id, { userString: 'PO-77' })).statusCode).toBe(200);
    const both = await put(editor, id, { description: 'March', userDate: '2025-05-30' });
    expect(both.statusCode).toBe(200);
    expect(both.json<DmsDocument>()).toMatchObject({
      description: 'March',
      userString: 'PO-77',
      userDate: '2025-05-30T12:00:00.000Z',
      rowVersion: 3,
    });
  });

  it('a rename in a queue needs ChangeDescription (ours), and a request applies whole or not at all', async () => {
    const id = await document(queue);
    const refused = await put(stringsOnly, id, { name: 'Renamed.pdf', userString: 'PO-1' });
    expect(refused.statusCode).toBe(403);
    expect(await stored(id)).toMatchObject({ name: 'scan.pdf', user_string1: '', row_version: 1 });
    const renamed = await put(editor, id, { name: 'Renamed.pdf', userString: 'PO-1' });
    expect(renamed.statusCode).toBe(200);
    // One update: one row version step for the name and the field together.
    expect(renamed.json<DmsDocument>()).toMatchObject({ name: 'Renamed.pdf', userString: 'PO-1', rowVersion: 2 });
  });

  it("another user's live lock refuses an edit and a rename with 409, and nothing changes", async () => {
    const id = await document(null);
    await server()
      .deps.db.insertInto('document_locks')
      .values({ document_id: id, user_id: world.manager.id, queue_id: null, acquired_at: '2020-01-01T00:00:00.000Z', expires_at: FOREVER })
      .execute();
    const edit = await put(editor, id, { description: 'Locked?' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: MESSAGES.documentLockedByOther });
    expect((await put(editor, id, { autoname: true })).statusCode).toBe(409);
    expect(await stored(id)).toMatchObject({ name: 'scan.pdf', description: '', row_version: 1 });
    await server().deps.db.deleteFrom('document_locks').where('document_id', '=', id).execute();
    expect((await put(editor, id, { description: 'Free' })).statusCode).toBe(200);
    expect(await documentRowVersion(server(), id)).toBe(2);
  });

  it("download=true needs 'Cabinet: Export Documents' (403); viewing the data does not", async () => {
    const id = await document(null);
    const data = (user: User, query: string) =>
      server().inject({ url: `/api/documents/${id}/data${query}`, headers: server().authHeaders(user.username) });
    const refused = await data(reader, '?download=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ exceptionType: 'Forbidden' });
    expect((await data(reader, '?download=1&asPdf=true')).statusCode).toBe(403);
    expect((await data(reader, '')).statusCode).toBe(200);
    expect((await data(reader, '?download=false')).statusCode).toBe(200);
    const allowed = await data(world.clerk, '?download=true');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('DELETE of a document in a queue needs its Delete flag (403, nothing deleted), as the delete access flag says', async () => {
    const s = server();
    const deleteQueue = await createQueue(s, await createQueueType(s));
    const id = await document(deleteQueue);
    const remove = () => s.inject({ method: 'DELETE', url: `/api/documents?docId[]=${id}`, headers: s.authHeaders(world.clerk.username) });
    const access = async () =>
      (await s.inject({ url: `/api/documents/${id}/access`, headers: s.authHeaders(world.clerk.username) })).json<{ delete: boolean }>();
    expect((await access()).delete).toBe(false);
    expect((await remove()).statusCode).toBe(403);
    expect(await documentRowVersion(s, id)).toBe(1);
    await grantUserQueueAccess(s, world.clerk.id, deleteQueue, [...BROWSE, 'Delete']);
    expect((await access()).delete).toBe(true);
    expect((await remove()).json()).toEqual({ deleted: [id] });
  });

  // PostgreSQL's only: SQLite's write transactions run one at a time, so no request waits for a row there.
  itOn('postgres', dialect)(
    'a DELETE that waited for the document row is judged in the queue the waited-for transaction moved it to, and sees the lock it took (PostgreSQL row locks)',
    async () => {
      const s = server();
      const [deletable, browseOnly] = [await createQueue(s, await createQueueType(s)), await createQueue(s, await createQueueType(s))];
      await grantUserQueueAccess(s, world.clerk.id, deletable, [...BROWSE, 'Delete']);
      await grantUserQueueAccess(s, world.clerk.id, browseOnly, [...BROWSE]);
      const remove = (id: number) =>
        s.inject({ method: 'DELETE', url: `/api/documents?docId[]=${id}`, headers: s.authHeaders(world.clerk.username) });
      const deletedAt = async (id: number) =>
        (await s.deps.db.selectFrom('documents').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at;

      // Moved meanwhile into a queue without Delete: 403, nothing deleted.
      const moved = await document(deletable);
      let removing: Promise<TestResponse> | undefined;
      await holdDocumentRow(s.deps.db, moved, async ({ trx, waitForBlocked }) => {
        removing = remove(moved);
        await waitForBlocked(1);
        await trx.updateTable('documents').set({ queue_id: browseOnly }).where('id', '=', moved).execute();
      });
      expect((await removing!).statusCode).toBe(403);
      expect(await deletedAt(moved)).toBeNull();

      // Locked meanwhile by another user: 409 with the spec's text, nothing deleted.
      const locked = await document(deletable);
      await holdDocumentRow(s.deps.db, locked, async ({ trx, waitForBlocked }) => {
        removing = remove(locked);
        await waitForBlocked(1);
        await trx
          .insertInto('document_locks')
          .values({
            document_id: locked,
            user_id: editor.id,
            queue_id: deletable,
            acquired_at: '2020-01-01T00:00:00.000Z',
            expires_at: FOREVER,
          })
          .execute();
      });
      const refused = await removing!;
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(MESSAGES.documentLockedByOther);
      expect(await deletedAt(locked)).toBeNull();
    },
  );
});
