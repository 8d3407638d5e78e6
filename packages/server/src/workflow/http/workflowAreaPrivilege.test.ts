import { FEATURES1 } from '@datahaven/core/model';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  grantGroupQueueAccess,
  placeInQueue,
} from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase("the workflow area needs 'Workflow Queues: OK'", (server) => {
  let world: World;
  /** Every queue flag and every workflow privilege. */
  let member: User;
  /** The same group, but 'Workflow Queues: OK' explicitly denied. */
  let outsideArea: User;
  const q = { start: 0, next: 0, type: 0 };
  let docId = 0;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    q.type = await createQueueType(s);
    q.next = await createQueue(s, q.type, { name: unique('Next ') });
    q.start = await createQueue(s, q.type, { name: unique('Start '), approveTo: q.next, features1: FEATURES1.WorkflowRoute });
    await createRoute(s, q.start, q.next);
    const members = await createGroup(s, unique('Members '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, members, world.table.sitId);
    for (const queue of [q.start, q.next]) await grantGroupQueueAccess(s, members, queue);
    member = await createUser(s, unique('member'), { groups: [members] });
    outsideArea = await createUser(s, unique('outside'), { groups: [members], privileges: { 'Workflow Queues: OK': false } });
    docId = await createDocument(s, { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk, fileName: 'Invoice.pdf' });
    await placeInQueue(s, docId, q.start);
  });

  function call(user: User, method: 'GET' | 'PUT', url: string, payload?: unknown) {
    return server().inject({
      method,
      url: `/api${url}`,
      headers: server().authHeaders(user.username),
      ...(payload === undefined ? {} : { payload }),
    });
  }

  function calls(): [method: 'GET' | 'PUT', url: string, payload?: unknown][] {
    return [
      ['GET', '/workflow-root'],
      ['GET', `/workflow-structure?qid=${q.type}`],
      ['GET', `/workflow-structure/${q.type}`],
      ['GET', `/workflow-structure/${docId}/queue`],
      ['GET', `/queue-types/${q.type}/queues`],
      ['GET', `/queue-types/${q.type}/workflow`],
      ['GET', `/queues/${q.start}`],
      ['GET', `/queues/${q.start}/workflow`],
      ['GET', `/queues/${q.start}/link-to-approval`],
      ['GET', `/workflow/perms?docId=${docId}`],
      ['GET', `/documents/routes?docId[]=${docId}`],
      ['GET', `/documents/${docId}/routes`],
      ['GET', `/documents/${docId}/readonly`],
      ['GET', `/documents/${docId}/approvals`],
      ['GET', `/workflow/queues/${q.start}/routes/approval`],
      ['PUT', `/v2/documents/${docId}/approvals/1`, { queueId: q.next }],
    ];
  }

  it('answers 403 to every structure call and approval-list call without it, and changes no approval list', async () => {
    for (const [method, url, payload] of calls()) {
      const response = await call(outsideArea, method, url, payload);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      expect(response.json()).toEqual({
        statusCode: 403,
        exceptionType: 'Forbidden',
        message: "The workflow area needs the 'Workflow Queues: OK' privilege.",
      });
    }
    const steps = await server().deps.db.selectFrom('document_approvals').select('step').where('document_id', '=', docId).execute();
    expect(steps).toEqual([]);
  });

  it('answers them with the privilege (same queue flags)', async () => {
    for (const [method, url, payload] of calls()) {
      const response = await call(member, method, url, payload);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
  });
});
