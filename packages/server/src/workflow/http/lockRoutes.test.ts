import { FEATURES1 } from '@datahaven/core/model';
import type { DocumentLockInfo } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { holdDocumentRow } from '../../test/holdDocumentRow';
import { describeOnEachDatabase, itOn, startTestServer } from '../../test/testServer';
import { lockReleasedMessage, lockReleasedNote } from '../documentLocker';
import type { TestResponse } from '../../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
  grantUserQueueAccess,
  placeInQueue,
} from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

const LOCKED = { statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.documentLockedByOther };
const OUT_OF_SYNC = { statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.queueOutOfSync };

describeOnEachDatabase('document locks', (server, dialect) => {
  let world: World;
  let alice: User;
  let bob: User;
  let racers: User[];
  let browseOnly: User;
  const q = { work: 0, done: 0, rejected: 0, other: 0 };

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    q.done = await createQueue(s, type, { name: unique('Done ') });
    q.rejected = await createQueue(s, type, { name: unique('Rejected ') });
    q.other = await createQueue(s, type, { name: unique('Other ') });
    q.work = await createQueue(s, type, { name: unique('Work '), approveTo: q.done, rejectTo: q.rejected });
    await createRoute(s, q.work, q.other);
    const workers = await createGroup(s, unique('Workers '), [
      'Cabinet: Delete',
      'Cabinet: Split Document',
      'Notes: View Only',
      ...WORKFLOW_PRIVILEGES,
    ]);
    await grantTableAccess(s, workers, world.table.sitId);
    for (const queue of Object.values(q)) await grantGroupQueueAccess(s, workers, queue);
    alice = await createUser(s, unique('alice'), { groups: [workers] });
    bob = await createUser(s, unique('bob'), { groups: [workers] });
    racers = [];
    for (let i = 0; i < 8; i++) racers.push(await createUser(s, unique('racer'), { groups: [workers] }));
    // Sees the documents through the table and may browse the queue, but may not work on its documents.
    const viewers = await createGroup(s, unique('Viewers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, viewers, world.table.sitId);
    browseOnly = await createUser(s, unique('browser'), { groups: [viewers] });
    await grantUserQueueAccess(s, browseOnly.id, q.work, ['BrowseToQueue', 'Approve']);
  });

  /** A fresh two-page PDF of the world's record in the Work queue; resolves to its id and row version. */
  async function documentInWork(): Promise<{ id: number; rowVersion: number }> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      uploader: world.clerk,
      fileName: 'Invoice.pdf',
    });
    await placeInQueue(server(), id, q.work);
    return { id, rowVersion: await documentRowVersion(server(), id) };
  }

  function lock(user: User, docId: number, queueId: number, rowVersion: number): Promise<TestResponse> {
    return server().inject({
      method: 'POST',
      url: `/api/locks?docId=${docId}&queueId=${queueId}&rowConflictIds=${rowVersion}`,
      headers: server().authHeaders(user.username),
    });
  }

  function renew(user: User, docId: number, queueId: number): Promise<TestResponse> {
    return server().inject({
      method: 'PUT',
      url: `/api/locks/renew?docId=${docId}&queueId=${queueId}`,
      headers: server().authHeaders(user.username),
    });
  }

  function unlock(user: User, docId: number, queueId: number): Promise<TestResponse> {
    return server().inject({
      method: 'DELETE',
      url: `/api/locks?docId=${docId}&queueId=${queueId}`,
      headers: server().authHeaders(user.username),
    });
  }

  async function locksSeenBy(user: User, docId: number): Promise<DocumentLockInfo[]> {
    const response = await server().inject({ url: `/api/documents/${docId}/locks`, headers: server().authHeaders(user.username) });
    expect(response.statusCode).toBe(200);
    return response.json<DocumentLockInfo[]>();
  }

  function approve(user: User, doc: { id: number; rowVersion: number }): Promise<TestResponse> {
    return server().inject({
      method: 'PUT',
      url: '/api/documents/approval',
      headers: server().authHeaders(user.username),
      payload: { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.work },
    });
  }

  async function queueOf(id: number): Promise<number | null> {
    return (await server().deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;
  }

  async function isDeleted(id: number): Promise<boolean> {
    return (
      (await server().deps.db.selectFrom('documents').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at !==
      null
    );
  }

  it("takes a lock for 15 minutes of the database clock; others see it as another user's lock", async () => {
    const doc = await documentInWork();
    const response = await lock(alice, doc.id, q.work, doc.rowVersion);
    expect(response.statusCode).toBe(201);
    const info = response.json<DocumentLockInfo>();
    expect(info).toMatchObject({ docId: doc.id, queueId: q.work, holder: alice.username, ownLock: true });
    expect(Date.parse(info.lockExpiration) - Date.parse(info.acquiredAt)).toBe(15 * 60_000);
    expect(await locksSeenBy(alice, doc.id)).toEqual([info]);
    expect(await locksSeenBy(bob, doc.id)).toEqual([{ ...info, ownLock: false }]);
  });

  it("refuses B's lock, approve, reject and route while A holds the lock, with the spec's text; A may approve", async () => {
    const doc = await documentInWork();
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    const refused = await lock(bob, doc.id, q.work, doc.rowVersion);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(LOCKED);
    const approval = await approve(bob, doc);
    expect(approval.statusCode).toBe(409);
    expect(approval.json()).toEqual(LOCKED);
    const base = { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.work };
    const rejection = await server().inject({
      method: 'PUT',
      url: '/api/documents/reject',
      headers: server().authHeaders(bob.username),
      payload: base,
    });
    expect(rejection.json()).toEqual(LOCKED);
    const route = await server().inject({
      method: 'PUT',
      url: '/api/documents/route',
      headers: server().authHeaders(bob.username),
      payload: { ...base, to: q.other },
    });
    expect(route.json()).toEqual(LOCKED);
    expect(await queueOf(doc.id)).toBe(q.work);

    const own = await approve(alice, doc);
    expect(own.statusCode).toBe(200);
    expect(await queueOf(doc.id)).toBe(q.done);
  });

  it("another user's expired lock does not block an approval, and goes with the move", async () => {
    const doc = await documentInWork();
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    server().advanceDatabaseClock(16 * 60_000);
    expect((await approve(bob, doc)).statusCode).toBe(200);
    expect(await queueOf(doc.id)).toBe(q.done);
    expect(await server().deps.db.selectFrom('document_locks').select('user_id').where('document_id', '=', doc.id).execute()).toEqual([]);
  });

  // PostgreSQL's only: SQLite's write transactions run one at a time, so no request waits for a row there.
  itOn('postgres', dialect)(
    'an approval that waited for the document row sees the lock committed by the transaction it waited for (PostgreSQL row locks)',
    async () => {
      const s = server();
      const doc = await documentInWork();
      let locking: Promise<TestResponse> | undefined;
      let approving: Promise<TestResponse> | undefined;
      await holdDocumentRow(s.deps.db, doc.id, async ({ waitForBlocked }) => {
        // Alice's lock request queues behind the held row, and Bob's approval behind both.
        locking = lock(alice, doc.id, q.work, doc.rowVersion);
        const [alicePid] = await waitForBlocked(1);
        approving = approve(bob, doc);
        await waitForBlocked(2, [alicePid]);
      });
      expect((await locking!).statusCode).toBe(201);
      const approved = await approving!;
      expect(approved.statusCode).toBe(409);
      expect(approved.json()).toEqual(LOCKED);
      expect(await queueOf(doc.id)).toBe(q.work);
      expect(await s.deps.db.selectFrom('document_locks').select('user_id').where('document_id', '=', doc.id).execute()).toEqual([
        { user_id: alice.id },
      ]);
    },
  );

  // PostgreSQL's only, as above.
  itOn('postgres', dialect)(
    'an approval that waited for the document row while another action moved it answers out of sync at once, before reading the locks (PostgreSQL row locks)',
    async () => {
      const s = server();
      const doc = await documentInWork();
      let approving: Promise<TestResponse> | undefined;
      await holdDocumentRow(s.deps.db, doc.id, async ({ trx, waitForBlocked }) => {
        // Bob's window is current when he clicks, so his approval passes the check before the
        // transaction and queues behind the held row.
        approving = approve(bob, doc);
        await waitForBlocked(1);
        // Meanwhile the holder moves the document on and leaves Alice's live lock on it: the row
        // Bob gets is out of his window, and that is what he must be told, not the lock.
        await trx
          .updateTable('documents')
          .set({ queue_id: q.done, row_version: doc.rowVersion + 1 })
          .where('id', '=', doc.id)
          .execute();
        await trx
          .insertInto('document_locks')
          .values({
            document_id: doc.id,
            user_id: alice.id,
            queue_id: q.done,
            acquired_at: '2000-01-01T00:00:00.000Z',
            expires_at: '2999-01-01T00:00:00.000Z',
          })
          .execute();
      });
      const approved = await approving!;
      expect(approved.statusCode).toBe(409);
      expect(approved.json()).toEqual(OUT_OF_SYNC);
      expect(await queueOf(doc.id)).toBe(q.done);
    },
  );

  it("a workflow action by the holder releases the holder's lock on the moved document", async () => {
    const doc = await documentInWork();
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    expect((await approve(alice, doc)).statusCode).toBe(200);
    expect(await locksSeenBy(bob, doc.id)).toEqual([]);
    expect(await server().deps.db.selectFrom('document_locks').select('document_id').where('document_id', '=', doc.id).execute()).toEqual(
      [],
    );
  });

  it('renews its own lock (POST again or PUT /locks/renew) and keeps when it was taken', async () => {
    const doc = await documentInWork();
    const first = (await lock(alice, doc.id, q.work, doc.rowVersion)).json<DocumentLockInfo>();
    server().advanceDatabaseClock(60_000);
    const again = await lock(alice, doc.id, q.work, doc.rowVersion);
    expect(again.statusCode).toBe(201);
    expect(again.json<DocumentLockInfo>().acquiredAt).toBe(first.acquiredAt);
    expect(Date.parse(again.json<DocumentLockInfo>().lockExpiration)).toBeGreaterThanOrEqual(Date.parse(first.lockExpiration) + 60_000);
    server().advanceDatabaseClock(60_000);
    const renewed = await renew(alice, doc.id, q.work);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<DocumentLockInfo>()).toMatchObject({
      docId: doc.id,
      holder: alice.username,
      ownLock: true,
      acquiredAt: first.acquiredAt,
    });
    expect(Date.parse(renewed.json<DocumentLockInfo>().lockExpiration)).toBeGreaterThanOrEqual(Date.parse(first.lockExpiration) + 120_000);
    const notHolder = await renew(bob, doc.id, q.work);
    expect(notHolder.statusCode).toBe(409);
    expect(notHolder.json()).toEqual(LOCKED);
  });

  it('after expiry another user can lock, and the old holder is refused (SECURITY row 22)', async () => {
    const doc = await documentInWork();
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    server().advanceDatabaseClock(16 * 60_000);
    expect(await locksSeenBy(bob, doc.id)).toEqual([]);
    const taken = await lock(bob, doc.id, q.work, doc.rowVersion);
    expect(taken.statusCode).toBe(201);
    expect(taken.json<DocumentLockInfo>()).toMatchObject({ holder: bob.username, ownLock: true });
    const staleRenew = await renew(alice, doc.id, q.work);
    expect(staleRenew.statusCode).toBe(409);
    expect(staleRenew.json()).toEqual(LOCKED);
    expect((await approve(alice, doc)).json()).toEqual(LOCKED);
    expect((await unlock(alice, doc.id, q.work)).json()).toEqual(LOCKED);
    expect(await locksSeenBy(alice, doc.id)).toEqual([expect.objectContaining({ holder: bob.username, ownLock: false })]);
  });

  it('an expired own lock cannot be renewed, only taken again', async () => {
    const doc = await documentInWork();
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    server().advanceDatabaseClock(16 * 60_000);
    expect((await renew(alice, doc.id, q.work)).statusCode).toBe(409);
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
  });

  it("refuses to unlock another user's live lock; the holder and a security manager may release it", async () => {
    const doc = await documentInWork();
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    const refused = await unlock(bob, doc.id, q.work);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(LOCKED);
    expect(await locksSeenBy(alice, doc.id)).toHaveLength(1);
    const released = await unlock(world.manager, doc.id, q.work);
    expect(released.statusCode).toBe(204);
    expect(await locksSeenBy(alice, doc.id)).toEqual([]);
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    expect((await unlock(alice, doc.id, q.work)).statusCode).toBe(204);
    expect((await unlock(alice, doc.id, q.work)).statusCode).toBe(204);
    expect(await locksSeenBy(bob, doc.id)).toEqual([]);
  });

  it('tells the holder when a security manager breaks their lock: a system note naming both, and the next renewal answers who released it', async () => {
    const doc = await documentInWork();
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    expect((await unlock(world.manager, doc.id, q.work)).statusCode).toBe(204);
    const notes = await server().inject({ url: `/api/documents/${doc.id}/notes`, headers: server().authHeaders(alice.username) });
    expect(notes.json<{ text: string }[]>().map((note) => note.text)).toContain(lockReleasedNote(alice.username, world.manager.username));
    const renewed = await renew(alice, doc.id, q.work);
    expect(renewed.statusCode).toBe(409);
    expect(renewed.json()).toEqual({ ...LOCKED, message: lockReleasedMessage(world.manager.username) });
    // Anyone else whose lock was not broken keeps the spec's words.
    expect((await renew(bob, doc.id, q.work)).json()).toEqual(LOCKED);
  });

  it('of users racing for one document exactly one gets the lock', async () => {
    const doc = await documentInWork();
    const responses = await Promise.all(racers.map((racer) => lock(racer, doc.id, q.work, doc.rowVersion)));
    const winners = responses.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    for (const loser of responses.filter((r) => r.statusCode !== 201)) expect(loser.json()).toEqual(LOCKED);
    const winner = winners[0].json<DocumentLockInfo>().holder;
    expect(await locksSeenBy(alice, doc.id)).toEqual([expect.objectContaining({ holder: winner, ownLock: false })]);
    const rows = await server().deps.db.selectFrom('document_locks').select('user_id').where('document_id', '=', doc.id).execute();
    expect(rows).toEqual([{ user_id: racers.find((r) => r.username === winner)?.id }]);
  });

  it("refuses a lock when the window's queue or row version is stale: 409 out of sync", async () => {
    const doc = await documentInWork();
    const wrongQueue = await lock(alice, doc.id, q.done, doc.rowVersion);
    expect(wrongQueue.statusCode).toBe(409);
    expect(wrongQueue.json()).toEqual(OUT_OF_SYNC);
    const staleVersion = await lock(alice, doc.id, q.work, doc.rowVersion - 1);
    expect(staleVersion.json()).toEqual(OUT_OF_SYNC);
    expect(await locksSeenBy(alice, doc.id)).toEqual([]);
  });

  it('answers 403 without AccessDocumentWithin on the queue (even with a flag that acts), 404 for an invisible document, 400 for bad parameters', async () => {
    const doc = await documentInWork();
    const forbidden = await lock(browseOnly, doc.id, q.work, doc.rowVersion);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ exceptionType: 'Forbidden' });
    expect((await lock(world.outsider, doc.id, q.work, doc.rowVersion)).statusCode).toBe(404);
    const hidden = await server().inject({ url: `/api/documents/${doc.id}/locks`, headers: server().authHeaders(world.outsider.username) });
    expect(hidden.statusCode).toBe(404);
    expect((await unlock(world.outsider, doc.id, q.work)).statusCode).toBe(404);
    const headers = server().authHeaders(alice.username);
    for (const url of [
      `/api/locks?docId=${doc.id}&queueId=${q.work}`,
      `/api/locks?docId=${doc.id}&rowConflictIds=1`,
      `/api/locks?queueId=${q.work}&rowConflictIds=1`,
      `/api/locks?docId=x&queueId=${q.work}&rowConflictIds=1`,
    ]) {
      expect((await server().inject({ method: 'POST', url, headers })).statusCode).toBe(400);
    }
    expect(
      (await server().inject({ method: 'POST', url: `/api/locks?docId=${doc.id}&queueId=${q.work}&rowConflictIds=${doc.rowVersion}` }))
        .statusCode,
    ).toBe(401);
    expect(await locksSeenBy(alice, doc.id)).toEqual([]);
  });

  it('refuses delete, split and deleting merge by B while A holds the lock; B may once A unlocks', async () => {
    const doc = await documentInWork();
    const partner = await documentInWork();
    expect((await lock(alice, doc.id, q.work, doc.rowVersion)).statusCode).toBe(201);
    const headers = server().authHeaders(bob.username);

    const deletion = await server().inject({ method: 'DELETE', url: `/api/documents?docId[]=${partner.id}&docId[]=${doc.id}`, headers });
    expect(deletion.statusCode).toBe(409);
    expect(deletion.json()).toEqual(LOCKED);
    expect(await isDeleted(doc.id)).toBe(false);
    expect(await isDeleted(partner.id)).toBe(false);

    const split = await server().inject({
      method: 'POST',
      url: `/api/documents/${doc.id}/split`,
      headers,
      payload: { ranges: '1;2', deleteOriginal: false },
    });
    expect(split.statusCode).toBe(409);
    expect(split.json()).toEqual(LOCKED);

    const merge = await server().inject({
      method: 'POST',
      url: '/api/documents/merge',
      headers,
      payload: { docIds: [partner.id, doc.id], deleteOriginals: true },
    });
    expect(merge.statusCode).toBe(409);
    expect(merge.json()).toEqual(LOCKED);
    expect(await isDeleted(partner.id)).toBe(false);

    const ownSplit = await server().inject({
      method: 'POST',
      url: `/api/documents/${doc.id}/split`,
      headers: server().authHeaders(alice.username),
      payload: { ranges: '1;2' },
    });
    expect(ownSplit.statusCode).toBe(201);

    expect((await unlock(alice, doc.id, q.work)).statusCode).toBe(204);
    const later = await server().inject({ method: 'DELETE', url: `/api/documents?docId[]=${doc.id}`, headers });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual({ deleted: [doc.id] });
  });
});

describeOnEachDatabase('locks in OptInWorkflow queues and after access is revoked', (server) => {
  let world: World;
  let dana: User;
  let eve: User;
  /** Sees the documents (table and queue) but has no AccessDocumentWithin anywhere. */
  let viewer: User;
  const q = { optIn: 0, work: 0 };
  const LOCKED = { statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.documentLockedByOther };

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    q.optIn = await createQueue(s, type, { name: unique('Inbox '), features1: FEATURES1.OptInWorkflow });
    q.work = await createQueue(s, type, { name: unique('Work ') });
    const workers = await createGroup(s, unique('Workers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, workers, world.table.sitId);
    await grantGroupQueueAccess(s, workers, q.optIn);
    dana = await createUser(s, unique('dana'), { groups: [workers] });
    eve = await createUser(s, unique('eve'), { groups: [workers] });
    // Dana's access to Work is her own, so it can be revoked without touching the group.
    await grantUserQueueAccess(s, dana.id, q.work);
    const viewers = await createGroup(s, unique('Viewers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, viewers, world.table.sitId);
    viewer = await createUser(s, unique('viewer'), { groups: [viewers] });
    for (const queue of [q.optIn, q.work]) await grantUserQueueAccess(s, viewer.id, queue, ['BrowseToQueue', 'ViewDocumentsWithin']);
  });

  async function documentIn(queueId: number): Promise<{ id: number; rowVersion: number }> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      uploader: world.clerk,
      fileName: 'Invoice.pdf',
    });
    await placeInQueue(server(), id, queueId);
    return { id, rowVersion: await documentRowVersion(server(), id) };
  }

  function lock(user: User, doc: { id: number; rowVersion: number }, queueId: number): Promise<TestResponse> {
    return server().inject({
      method: 'POST',
      url: `/api/locks?docId=${doc.id}&queueId=${queueId}&rowConflictIds=${doc.rowVersion}`,
      headers: server().authHeaders(user.username),
    });
  }

  function renew(user: User, docId: number, queueId: number): Promise<TestResponse> {
    return server().inject({
      method: 'PUT',
      url: `/api/locks/renew?docId=${docId}&queueId=${queueId}`,
      headers: server().authHeaders(user.username),
    });
  }

  function unlock(user: User, docId: number, queueId: number): Promise<TestResponse> {
    return server().inject({
      method: 'DELETE',
      url: `/api/locks?docId=${docId}&queueId=${queueId}`,
      headers: server().authHeaders(user.username),
    });
  }

  async function storedLock(docId: number) {
    return server()
      .deps.db.selectFrom('document_locks')
      .select(['user_id', 'expires_at'])
      .where('document_id', '=', docId)
      .executeTakeFirst();
  }

  it('in an OptInWorkflow queue a member who may act takes a lock (a follower may not: issue 35, finding 4); it is not renewed, and before it expires only a security manager releases it', async () => {
    const doc = await documentIn(q.optIn);
    const follower = await lock(viewer, doc, q.optIn);
    expect(follower.statusCode).toBe(403);
    expect(follower.json<{ message: string }>().message).toContain('does not allow locking documents');
    expect(await storedLock(doc.id)).toBeUndefined();
    const taken = await lock(dana, doc, q.optIn);
    expect(taken.statusCode).toBe(201);
    const first = taken.json<DocumentLockInfo>();
    expect(first).toMatchObject({ docId: doc.id, holder: dana.username, ownLock: true });

    server().advanceDatabaseClock(60_000);
    // Taking it again answers the lock as it is: the expiry does not move.
    const again = await lock(dana, doc, q.optIn);
    expect(again.statusCode).toBe(201);
    expect(again.json<DocumentLockInfo>().lockExpiration).toBe(first.lockExpiration);
    const refusedRenew = await renew(dana, doc.id, q.optIn);
    expect(refusedRenew.statusCode).toBe(403);
    expect(refusedRenew.json()).toEqual({
      statusCode: 403,
      exceptionType: 'Forbidden',
      message: 'Locks in this queue are taken, not renewed: they expire (OptInWorkflow).',
    });
    const refusedUnlock = await unlock(dana, doc.id, q.optIn);
    expect(refusedUnlock.statusCode).toBe(403);
    expect(refusedUnlock.json()).toEqual({
      statusCode: 403,
      exceptionType: 'Forbidden',
      message: 'Locks in this queue are not released: they expire (OptInWorkflow).',
    });
    expect((await unlock(eve, doc.id, q.optIn)).json()).toEqual(LOCKED);
    expect(await storedLock(doc.id)).toEqual({ user_id: dana.id, expires_at: first.lockExpiration });
    // Another user's live lock still refuses a lock there.
    const other = await lock(eve, doc, q.optIn);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(LOCKED);

    server().advanceDatabaseClock(15 * 60_000);
    const afterExpiry = await lock(eve, doc, q.optIn);
    expect(afterExpiry.statusCode).toBe(201);
    expect(afterExpiry.json<DocumentLockInfo>()).toMatchObject({ holder: eve.username, ownLock: true });
    // A security manager releases a live lock there too: a lock nobody can release does not exist.
    expect((await unlock(world.manager, doc.id, q.optIn)).statusCode).toBe(204);
    expect(await storedLock(doc.id)).toBeUndefined();
  });

  it('outside OptInWorkflow the same viewer may not lock (403), and the holder may renew and release', async () => {
    const doc = await documentIn(q.work);
    const refused = await lock(viewer, doc, q.work);
    expect(refused.statusCode).toBe(403);
    expect(await storedLock(doc.id)).toBeUndefined();
    expect((await lock(dana, doc, q.work)).statusCode).toBe(201);
    expect((await renew(dana, doc.id, q.work)).statusCode).toBe(200);
    expect((await unlock(dana, doc.id, q.work)).statusCode).toBe(204);
    expect(await storedLock(doc.id)).toBeUndefined();
  });

  it("PUT /locks/renew checks the queue policy like POST: 403 once the holder's access is revoked, the lock unchanged", async () => {
    const doc = await documentIn(q.work);
    const taken = await lock(dana, doc, q.work);
    expect(taken.statusCode).toBe(201);
    // Dana keeps sight of the document through the table; only her queue access goes.
    await server().deps.db.deleteFrom('queue_user_access').where('user_id', '=', dana.id).where('queue_id', '=', q.work).execute();
    server().advanceDatabaseClock(60_000);
    const refused = await renew(dana, doc.id, q.work);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      exceptionType: 'Forbidden',
      message: expect.stringMatching(
        /^Your access to the queue Work .* does not allow locking documents \(it needs AccessDocumentWithin and /,
      ),
    });
    expect(await storedLock(doc.id)).toEqual({ user_id: dana.id, expires_at: taken.json<DocumentLockInfo>().lockExpiration });
    // Giving the work back stays possible.
    expect((await unlock(dana, doc.id, q.work)).statusCode).toBe(204);
  });
});

describe('document lock duration', () => {
  it('follows DATAHAVEN_LOCK_MINUTES', async () => {
    const s = await startTestServer('sqlite', { env: { DATAHAVEN_LOCK_MINUTES: '5' } });
    try {
      const world = await createWorld(s);
      const type = await createQueueType(s);
      // A member who may act there: AccessDocumentWithin and a flag that acts (the queue policy's `lock`).
      const queue = await createQueue(s, type, { defaultAccess: ['BrowseToQueue', 'AccessDocumentWithin', 'ChangeDescription'] });
      await placeInQueue(s, world.pdfDocId, queue);
      const response = await s.inject({
        method: 'POST',
        url: `/api/locks?docId=${world.pdfDocId}&queueId=${queue}&rowConflictIds=${await documentRowVersion(s, world.pdfDocId)}`,
        headers: s.authHeaders(world.clerk.username),
      });
      expect(response.statusCode).toBe(201);
      const info = response.json<DocumentLockInfo>();
      expect(Date.parse(info.lockExpiration) - Date.parse(info.acquiredAt)).toBe(5 * 60_000);
    } finally {
      await s.close();
    }
  });
});
