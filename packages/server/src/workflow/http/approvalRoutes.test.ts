import { FEATURES1 } from '@datahaven/core/model';
import type { ApprovalStep, WorkflowQueue } from '@datahaven/core/model';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestResponse } from '../../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
  grantUserQueueAccess,
  grantWorkflowPrivileges,
  placeInQueue,
} from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase('approval lists', (server) => {
  let world: World;
  let approver: User;
  let browseOnly: User;
  let noQueueAccess: User;
  const q = { start: 0, first: 0, second: 0, final: 0, disabled: 0, plain: 0 };
  const names = { first: '', second: '' };

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    names.first = unique('Approver A ');
    names.second = unique('Approver B ');
    q.final = await createQueue(s, type, { name: unique('Final ') });
    q.first = await createQueue(s, type, { name: names.first, features1: FEATURES1.WorkflowRoute, approveTo: q.final });
    q.second = await createQueue(s, type, { name: names.second, features1: FEATURES1.WorkflowRoute, approveTo: q.final });
    q.disabled = await createQueue(s, type, { name: unique('Closed '), enabled: false });
    q.start = await createQueue(s, type, { name: unique('Start '), features1: FEATURES1.WorkflowRoute, approveTo: q.final });
    q.plain = await createQueue(s, type, { name: unique('Plain '), approveTo: q.final });
    for (const target of [q.second, q.first, q.disabled]) await createRoute(s, q.start, target);
    await createRoute(s, q.plain, q.first);

    const approvers = await createGroup(s, unique('Approvers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, approvers, world.table.sitId);
    for (const queue of Object.values(q)) await grantGroupQueueAccess(s, approvers, queue);
    approver = await createUser(s, unique('approver'), { groups: [approvers] });
    const viewers = await createGroup(s, unique('Viewers '), WORKFLOW_PRIVILEGES);
    await grantWorkflowPrivileges(s, world.outsider.id);
    await grantTableAccess(s, viewers, world.table.sitId);
    browseOnly = await createUser(s, unique('browser'), { groups: [viewers] });
    await grantUserQueueAccess(s, browseOnly.id, q.start, ['BrowseToQueue', 'AccessDocumentWithin']);
    noQueueAccess = await createUser(s, unique('noqueue'), { groups: [viewers] });
  });

  async function documentIn(queueId: number): Promise<number> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      uploader: world.clerk,
      fileName: 'Invoice.pdf',
    });
    await placeInQueue(server(), id, queueId);
    return id;
  }

  function setStep(user: User, docId: number, step: number | string, payload: unknown): Promise<TestResponse> {
    return server().inject({
      method: 'PUT',
      url: `/api/v2/documents/${docId}/approvals/${step}`,
      headers: server().authHeaders(user.username),
      payload,
    });
  }

  async function listOf(docId: number, user: User = approver): Promise<ApprovalStep[]> {
    const response = await server().inject({ url: `/api/documents/${docId}/approvals`, headers: server().authHeaders(user.username) });
    expect(response.statusCode).toBe(200);
    return response.json<ApprovalStep[]>();
  }

  /** The list reduced to what it names: [queueId, approved?, current?] per step. */
  function shapeOf(list: readonly ApprovalStep[]): [number, number, boolean, boolean][] {
    return list.map((step) => [step.step, step.queueId, step.approvedBy !== null, step.current]);
  }

  async function approve(docId: number, fromQueueId: number): Promise<TestResponse> {
    return server().inject({
      method: 'PUT',
      url: '/api/documents/approval',
      headers: server().authHeaders(approver.username),
      payload: { docId: [docId], rowConflictIds: [await documentRowVersion(server(), docId)], expectedQueueId: fromQueueId },
    });
  }

  async function queueOf(id: number): Promise<number | null> {
    return (await server().deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;
  }

  it('lists the enabled route targets of a queue as the queues an approval list may name', async () => {
    const response = await server().inject({
      url: `/api/workflow/queues/${q.start}/routes/approval`,
      headers: server().authHeaders(browseOnly.username),
    });
    expect(response.statusCode).toBe(200);
    const queues = response.json<WorkflowQueue[]>();
    expect(queues.map((queue) => [queue.id, queue.name])).toEqual([
      [q.first, names.first],
      [q.second, names.second],
    ]);
    expect(queues[0]).toMatchObject({
      enabled: true,
      approveToQueueId: q.final,
      features1: FEATURES1.WorkflowRoute,
      documentCount: 0,
      workflowPerms: 0,
    });
    const hidden = await server().inject({
      url: `/api/workflow/queues/${q.start}/routes/approval`,
      headers: server().authHeaders(noQueueAccess.username),
    });
    expect(hidden.statusCode).toBe(404);
    const bad = await server().inject({ url: '/api/workflow/queues/x/routes/approval', headers: server().authHeaders(approver.username) });
    expect(bad.statusCode).toBe(400);
  });

  it('appends, replaces and removes steps (renumbering the rest); the first unapproved step is current', async () => {
    const doc = await documentIn(q.start);
    expect(await listOf(doc)).toEqual([]);
    const first = await setStep(approver, doc, 1, { queueId: q.first });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      { step: 1, queueId: q.first, queueName: names.first, approvedBy: null, approvedAt: null, current: true },
    ]);
    expect((await setStep(approver, doc, 2, { queueId: q.second })).statusCode).toBe(200);
    expect((await setStep(approver, doc, 3, { queueId: q.first })).statusCode).toBe(200);
    expect(shapeOf(await listOf(doc))).toEqual([
      [1, q.first, false, true],
      [2, q.second, false, false],
      [3, q.first, false, false],
    ]);
    const removed = await setStep(approver, doc, 1, { queueId: null });
    expect(removed.statusCode).toBe(200);
    expect(shapeOf(removed.json<ApprovalStep[]>())).toEqual([
      [1, q.second, false, true],
      [2, q.first, false, false],
    ]);
    const replaced = await setStep(approver, doc, 2, { queueId: q.second });
    expect(shapeOf(replaced.json<ApprovalStep[]>())).toEqual([
      [1, q.second, false, true],
      [2, q.second, false, false],
    ]);
    expect(await listOf(doc, browseOnly)).toEqual(replaced.json());
  });

  it('refuses steps outside the list, queues no route leads to, and malformed bodies with 400, changing nothing', async () => {
    const doc = await documentIn(q.start);
    expect((await setStep(approver, doc, 1, { queueId: q.first })).statusCode).toBe(200);
    for (const [step, payload] of [
      [3, { queueId: q.second }],
      [0, { queueId: q.second }],
      ['x', { queueId: q.second }],
      [2, { queueId: null }],
      [1, { queueId: q.final }],
      [2, { queueId: q.disabled }],
      [2, {}],
      [2, { queueId: String(q.second) }],
    ] as const) {
      const response = await setStep(approver, doc, step, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ exceptionType: 'ValidationError' });
    }
    expect(shapeOf(await listOf(doc))).toEqual([[1, q.first, false, true]]);
  });

  it('answers 403 without Approve or Route on the queue, 404 for an invisible document, 400 where the queue has no approval lists', async () => {
    const doc = await documentIn(q.start);
    const forbidden = await setStep(browseOnly, doc, 1, { queueId: q.first });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ exceptionType: 'Forbidden' });
    expect((await setStep(world.outsider, doc, 1, { queueId: q.first })).statusCode).toBe(404);
    const hidden = await server().inject({
      url: `/api/documents/${doc}/approvals`,
      headers: server().authHeaders(world.outsider.username),
    });
    expect(hidden.statusCode).toBe(404);
    const plain = await documentIn(q.plain);
    expect((await setStep(approver, plain, 1, { queueId: q.first })).statusCode).toBe(400);
    expect(await listOf(doc)).toEqual([]);
    expect(await listOf(plain)).toEqual([]);
  });

  it("approving walks the list — each approval sends the document to the current step's queue and marks it — then goes to ApproveToQueue", async () => {
    const doc = await documentIn(q.start);
    expect((await setStep(approver, doc, 1, { queueId: q.first })).statusCode).toBe(200);
    expect((await setStep(approver, doc, 2, { queueId: q.second })).statusCode).toBe(200);

    const toFirst = await approve(doc, q.start);
    expect(toFirst.statusCode).toBe(200);
    expect(await queueOf(doc)).toBe(q.first);
    const afterFirst = await listOf(doc);
    expect(shapeOf(afterFirst)).toEqual([
      [1, q.first, true, false],
      [2, q.second, false, true],
    ]);
    expect(afterFirst[0]).toMatchObject({ approvedBy: approver.username });
    expect(afterFirst[0].approvedAt).not.toBeNull();
    const approvedStep = await setStep(approver, doc, 1, { queueId: q.second });
    expect(approvedStep.statusCode).toBe(400);

    expect((await approve(doc, q.first)).statusCode).toBe(200);
    expect(await queueOf(doc)).toBe(q.second);
    expect(shapeOf(await listOf(doc))).toEqual([
      [1, q.first, true, false],
      [2, q.second, true, false],
    ]);

    expect((await approve(doc, q.second)).statusCode).toBe(200);
    expect(await queueOf(doc)).toBe(q.final);
    const history = await server()
      .deps.db.selectFrom('workflow_history')
      .select(['from_queue_id', 'to_queue_id'])
      .where('document_id', '=', doc)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { from_queue_id: q.start, to_queue_id: q.first },
      { from_queue_id: q.first, to_queue_id: q.second },
      { from_queue_id: q.second, to_queue_id: q.final },
    ]);
  });

  it('a queue with WorkflowRoute and an empty list approves to its ApproveToQueue', async () => {
    const doc = await documentIn(q.start);
    expect((await approve(doc, q.start)).statusCode).toBe(200);
    expect(await queueOf(doc)).toBe(q.final);
  });
});
