import { findVisibleDocument, findVisibleDocuments } from './documentQueries';
import { viewerFor } from './documentVisibility';
import { createUser, createWorld, unique } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, placeInQueue, unlinkDocument } from '../test/workflowFactories';

// The document queries keep their statements built once per viewer shape (db/statementShapes):
// these ask in turn for viewers of different rights on one database, so a shape shared between
// them would answer one viewer with another's rights.
describeOnEachDatabase('visible documents', (server) => {
  it('gives each viewer the documents of their own rights, asked in turn on one database', async () => {
    const world = await createWorld(server());
    const queueId = await createQueue(server(), await createQueueType(server()));
    // Only in a queue: the clerk's table access no longer shows it; queue access does.
    await unlinkDocument(server(), world.contractDocId);
    await placeInQueue(server(), world.contractDocId, queueId);
    const { db } = server().deps;
    const granted = await createUser(server(), unique('granted'));
    await grantUserQueueAccess(server(), granted.id, queueId, ['ViewDocumentsWithin']);
    const ungranted = await createUser(server(), unique('ungranted'));
    const ids = [world.pdfDocId, world.contractDocId];
    const seen = async (user: { id: number; username: string }) =>
      (await findVisibleDocuments(db, await viewerFor(db, user.id, user.username), ids)).map((row) => row.id);
    for (let round = 0; round < 2; round += 1) {
      expect(await seen(world.manager)).toEqual(ids);
      expect(await seen(world.clerk)).toEqual([world.pdfDocId]);
      expect(await seen(granted)).toEqual([world.contractDocId]);
      expect(await seen(ungranted)).toEqual([]);
    }
    // A grant read afresh shapes the next statement: no viewer is answered from another's rights.
    await grantUserQueueAccess(server(), ungranted.id, queueId, ['AccessDocumentWithin']);
    expect(await seen(ungranted)).toEqual([world.contractDocId]);
  });

  it("binds each viewer's own id: the same rights, one shape, each told whether the lock is theirs", async () => {
    const world = await createWorld(server());
    const queueId = await createQueue(server(), await createQueueType(server()));
    await placeInQueue(server(), world.contractDocId, queueId);
    const { db } = server().deps;
    const holder = await createUser(server(), unique('holder'));
    const other = await createUser(server(), unique('other'));
    for (const user of [holder, other]) await grantUserQueueAccess(server(), user.id, queueId, ['ViewDocumentsWithin']);
    await db
      .insertInto('document_locks')
      .values({
        document_id: world.contractDocId,
        user_id: holder.id,
        queue_id: queueId,
        acquired_at: '2026-01-01T00:00:00.000Z',
        expires_at: '9999-12-31T00:00:00.000Z',
      })
      .execute();
    const lockOwn = async (user: { id: number; username: string }) =>
      Number((await findVisibleDocument(db, await viewerFor(db, user.id, user.username), world.contractDocId))?.lock_own);
    for (let round = 0; round < 2; round += 1) {
      expect(await lockOwn(holder)).toBe(1);
      expect(await lockOwn(other)).toBe(0);
    }
  });
});
