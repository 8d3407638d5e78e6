import { FEATURES2 } from '@datahaven/core/model';
import type { DmsDocument } from '@datahaven/core/model';
import { MESSAGES, QUICK_LINK_QUEUE_TYPE_NAME } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  documentRowVersion,
  grantGroupQueueAccess,
  placeInQueue,
  unlinkDocument,
} from '../test/workflowFactories';

// The rule itself (LinkOnApprovalRequired refuses an unlinked approval) is the workflow action's for
// every queue; these tests hold it for the quick-link queue type, whose flow links, then approves.
describeOnEachDatabase('Quick Link queues: approve needs the link where LinkOnApprovalRequired says so', (server) => {
  let world: World;
  let worker: { id: number; username: string };
  let noApprove: { id: number; username: string };
  const q = { quick: 0, quickLoose: 0, plain: 0, done: 0 };

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const quickType = await createQueueType(s, QUICK_LINK_QUEUE_TYPE_NAME);
    const plainType = await createQueueType(s);
    q.done = await createQueue(s, plainType, { name: unique('Done ') });
    q.quick = await createQueue(s, quickType, { name: unique('Quick '), approveTo: q.done, features2: FEATURES2.LinkOnApprovalRequired });
    q.quickLoose = await createQueue(s, quickType, { name: unique('Loose '), approveTo: q.done });
    q.plain = await createQueue(s, plainType, { name: unique('Plain '), approveTo: q.done, features2: FEATURES2.LinkOnApprovalRequired });
    const workers = await createGroup(s, unique('Quick workers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, workers, world.table.sitId);
    for (const queue of Object.values(q)) await grantGroupQueueAccess(s, workers, queue);
    worker = await createUser(s, unique('quick'), { groups: [workers] });
    noApprove = await createUser(s, unique('quicknot'), { groups: [workers], privileges: { 'Workflow: Approve': false } });
  });

  async function documentIn(queueId: number, linked: boolean): Promise<{ id: number; rowVersion: number }> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      uploader: world.clerk,
      fileName: 'Invoice.pdf',
    });
    await placeInQueue(server(), id, queueId);
    if (!linked) await unlinkDocument(server(), id);
    return { id, rowVersion: await documentRowVersion(server(), id) };
  }

  const approve = (docs: { id: number; rowVersion: number }[], expectedQueueId: number, username = worker.username) =>
    server().inject({
      method: 'PUT',
      url: '/api/documents/approval',
      headers: server().authHeaders(username),
      payload: { docId: docs.map((doc) => doc.id), rowConflictIds: docs.map((doc) => doc.rowVersion), expectedQueueId },
    });

  it('marks the documents of a quick-link queue with workflowModifiers.quickLink, and no others', async () => {
    const quick = await documentIn(q.quick, true);
    const plain = await documentIn(q.plain, true);
    const read = async (id: number) =>
      (await server().inject({ url: `/api/documents/${id}`, headers: server().authHeaders(worker.username) })).json<DmsDocument>();
    expect((await read(quick.id)).workflowModifiers.quickLink).toBe(true);
    expect((await read(plain.id)).workflowModifiers.quickLink).toBe(false);
  });

  it("refuses approving an unlinked document from a quick-link queue with LinkOnApprovalRequired ('Document Link Required'; several: 'Linked Documents Required') and approves a linked one", async () => {
    const unlinked = await documentIn(q.quick, false);
    const linked = await documentIn(q.quick, true);
    const single = await approve([unlinked], q.quick);
    expect({ status: single.statusCode, message: single.json<{ message: string }>().message }).toEqual({
      status: 400,
      message: MESSAGES.documentLinkRequired,
    });
    const both = await approve([linked, unlinked], q.quick);
    expect({ status: both.statusCode, message: both.json<{ message: string }>().message }).toEqual({
      status: 400,
      message: MESSAGES.linkedDocumentsRequired,
    });
    expect((await approve([linked], q.quick)).statusCode).toBe(200);
  });

  it('lets an unlinked document be approved where the features do not ask for the link (a quick-link queue without LinkOnApprovalRequired)', async () => {
    expect((await approve([await documentIn(q.quickLoose, false)], q.quickLoose)).statusCode).toBe(200);
  });

  it("answers 403 to a user without 'Workflow: Approve', before any quick-link check", async () => {
    const unlinked = await documentIn(q.quick, false);
    expect((await approve([unlinked], q.quick, noApprove.username)).statusCode).toBe(403);
  });
});
