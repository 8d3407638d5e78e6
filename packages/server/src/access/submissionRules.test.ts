import { FEATURES1 } from '@datahaven/core/model';
import type { DmsDocument } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { createGroup, createUser, createWorld, makePdf, unique } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { WORKFLOW_PRIVILEGES, createQueue, createQueueType, grantGroupQueueAccess, documentRowVersion } from '../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase('Block/Warn unsubmitted: approve and route need a submit in the queue', (server) => {
  let worker: User;
  const q = { approved: 0, next: 0, block: 0, warn: 0 };

  beforeAll(async () => {
    const s = server();
    await createWorld(s);
    const type = await createQueueType(s);
    q.approved = await createQueue(s, type);
    q.next = await createQueue(s, type);
    q.block = await createQueue(s, type, {
      approveTo: q.approved,
      features1: FEATURES1.BlockApproveUnsubmitted | FEATURES1.BlockRouteUnsubmitted,
    });
    q.warn = await createQueue(s, type, {
      approveTo: q.approved,
      features1: FEATURES1.WarnApproveUnsubmitted | FEATURES1.WarnRouteUnsubmitted,
    });
    for (const from of [q.block, q.warn])
      await s.deps.db.insertInto('routes').values({ from_queue_id: from, to_queue_id: q.next }).execute();
    const workers = await createGroup(s, unique('Submit Workers '), [
      'Cabinet: Import Documents',
      'Notes: View Only',
      ...WORKFLOW_PRIVILEGES,
    ]);
    worker = await createUser(s, unique('submitter'), { groups: [workers] });
    for (const queue of Object.values(q)) await grantGroupQueueAccess(s, workers, queue);
  });

  const as = () => server().authHeaders(worker.username);
  const importInto = async (queueId: number): Promise<DmsDocument> => {
    const data = new FormData();
    // Another scan each time (its own bytes): the same file twice would be a possible duplicate (issue 35), not what these rules are about.
    const pdf = await makePdf(1, unique('Unsubmitted invoice '));
    data.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Scan.pdf');
    const response = await server().inject({ method: 'POST', url: `/api/queues/${queueId}/documents`, headers: as(), payload: data });
    return response.json<DmsDocument[]>()[0];
  };
  const act = async (url: string, id: number, queueId: number, extra: object) =>
    server().inject({
      method: 'PUT',
      url,
      headers: as(),
      payload: { docId: [id], rowConflictIds: [await documentRowVersion(server(), id)], expectedQueueId: queueId, ...extra },
    });
  const submit = (id: number, queueId: number) => act('/api/documents/submit', id, queueId, { note: 'Coded' });
  const approve = (id: number, queueId: number) => act('/api/documents/approval', id, queueId, {});
  const route = (id: number, queueId: number) => act('/api/documents/route', id, queueId, { to: q.next });
  const shown = async (id: number) =>
    (await server().inject({ method: 'GET', url: `/api/documents/${id}`, headers: as() })).json<DmsDocument>();

  it('Block bits refuse approve and route of an unsubmitted document in words; after submit both go', async () => {
    const doc = await importInto(q.block);
    expect(doc.submitted).toBe(false);
    for (const refused of [await approve(doc.id, q.block), await route(doc.id, q.block)]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(MESSAGES.documentSubmissionRequired);
    }
    expect((await submit(doc.id, q.block)).statusCode).toBe(200);
    expect((await shown(doc.id)).submitted).toBe(true);
    expect((await route(doc.id, q.block)).statusCode).toBe(200);

    const second = await importInto(q.block);
    await submit(second.id, q.block);
    expect((await approve(second.id, q.block)).json()).toMatchObject({ documents: [{ id: second.id, queueId: q.approved }] });
  });

  it('Warn bits leave the server to act (the client confirms); a submit elsewhere does not count after a move', async () => {
    const doc = await importInto(q.warn);
    expect((await shown(doc.id)).submitted).toBe(false);
    expect((await submit(doc.id, q.warn)).statusCode).toBe(200);
    expect((await route(doc.id, q.warn)).statusCode).toBe(200);
    // Submitted in Warn, now in the next queue: not submitted there.
    expect((await shown(doc.id)).submitted).toBe(false);
    const unsubmitted = await importInto(q.warn);
    expect((await approve(unsubmitted.id, q.warn)).statusCode).toBe(200);
  });
});
