import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueueDocumentsPage, WorkflowRoot } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { DEMO_ENTRA_TENANT_ID, DEMO_TEAMS_APP_ID } from '../config/loadEntraConfig';
import { loadConfig } from '../config/Config';
import { createServer } from '../createServer';
import { demoProductToken } from '../test/demoEntraTokens';
import { listenForTest } from '../test/listenForTest';
import { waitFor } from '../test/waitFor';
import { demoEntraObjectId } from './demoEntraObjectId';
import type { RecordedActivityNotification } from './registerDemoGraphRoutes';

describe('Teams notifications in demo mode: the demo Entra ID and Graph stand-ins, end to end', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-graph-'));
    const config = loadConfig({
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      DATAHAVEN_DEMO: '1',
      DATAHAVEN_PORT: '0',
    });
    // The server's own job runner: the notification goes out as in `npm start`, after the batching window.
    app = await createServer(config, {});
    baseUrl = await listenForTest(app);
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const notifications = async (): Promise<RecordedActivityNotification[]> =>
    ((await (await fetch(`${baseUrl}/demo/graph/notifications`)).json()) as { notifications: RecordedActivityNotification[] })
      .notifications;

  it("a document the approver routes back to Approval L1 reaches the junior approver's activity feed with a deep link to it; not the approver", async () => {
    const headers = { authorization: `Bearer ${await demoProductToken(baseUrl, 'approver')}` };
    const get = async <T>(url: string): Promise<T> => (await (await fetch(`${baseUrl}/api${url}`, { headers })).json()) as T;
    const queues = (await get<WorkflowRoot>('/workflow-root')).queueTypes.flatMap((type) => type.queues);
    const l1 = queues.find((queue) => queue.name === 'Approval L1');
    const l2 = queues.find((queue) => queue.name === 'Approval L2');
    if (l1 === undefined || l2 === undefined) throw new Error('The demo has no Approval L1 and L2.');
    const [doc] = (await get<QueueDocumentsPage>(`/queues/${l2.id}/workflow`)).documents;
    const routed = await fetch(`${baseUrl}/api/documents/route`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        docId: [doc.id],
        rowConflictIds: [doc.rowVersion],
        expectedQueueId: l2.id,
        to: l1.id,
        note: 'Please look at the freight line again.',
      }),
    });
    expect(routed.status).toBe(200);

    const junior = demoEntraObjectId('junior');
    // State, not time: the job runner's batching window and poll decide when it goes out.
    const recorded = await waitFor(notifications, {
      until: (list) => list.some((n) => n.userId === junior),
      what: "the job runner's notification to the junior approver",
      intervalMs: 250,
    });
    const mine = recorded.filter((n) => n.userId === junior);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      tenantId: DEMO_ENTRA_TENANT_ID,
      activityType: 'documentsArrived',
      topic: { source: 'text', value: 'Approval L1' },
      previewText: { content: '1 document arrived in Approval L1' },
    });
    const link = new URL(mine[0].topic.webUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`https://teams.microsoft.com/l/entity/${DEMO_TEAMS_APP_ID}/datahaven-queue-${l1.id}`);
    expect(JSON.parse(link.searchParams.get('context') ?? '')).toEqual({ subEntityId: `document:${doc.id}` });
    // Pat routed it: Pat is not told of it.
    expect(recorded.some((n) => n.userId === demoEntraObjectId('approver'))).toBe(false);
  });
});
