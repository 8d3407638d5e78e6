/**
 * @jest-environment node
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api';
import { jsonResponse, scriptedFetch, servicesOverFetch, type FetchCall } from '../../api/test/fakes';
import { AlertStore, LoadingCounter, NoticeChannel, type Notice } from '../../state';
import { queryKeys } from '../../state/queryKeys';
import { createWorkflowActions } from './WorkflowActions';

const OUT_OF_SYNC = () =>
  jsonResponse(409, { statusCode: 409, exceptionType: 'Conflict', message: 'Document Queue Out Of Sync With Window' });
const LOCK = {
  docId: 7,
  queueId: 12,
  holder: 'approver',
  ownLock: true,
  acquiredAt: '2026-01-01T00:00:00Z',
  lockExpiration: '2026-01-01T00:15:00Z',
};

/** The cache entries a workflow action may or may not touch, each seeded with data so its invalidation shows. */
const SEEDED = {
  queueList: queryKeys.queueDocuments(12, { sort: null, desc: false, q: '' }),
  otherQueueList: queryKeys.queueDocuments(13, { sort: null, desc: false, q: '' }),
  root: queryKeys.workflowRoot({}),
  document7: queryKeys.document(7),
  locks7: queryKeys.documentLocks(7),
  access8: queryKeys.documentAccess(8),
  document9: queryKeys.document(9),
  view7: queryKeys.documentView(7),
  folders: queryKeys.folders,
};
type Seeded = keyof typeof SEEDED;

/** Workflow actions over scripted answers, a real QueryClient with every SEEDED key filled, and recorded notices. */
function setUp(...answers: ((call: FetchCall) => Response)[]) {
  const { fetch, calls } = scriptedFetch(...answers);
  // No garbage collection: the seeded entries have no observer, and a pending gc timer would outlive the test.
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  for (const key of Object.values(SEEDED)) queryClient.setQueryData(key, { seeded: true });
  const notices = new NoticeChannel();
  const shown: Notice[] = [];
  notices.listen((notice) => shown.push(notice));
  const alerts = new AlertStore();
  const loading = new LoadingCounter();
  const counted: number[] = [];
  loading.subscribe(() => counted.push(loading.getSnapshot().count));
  const actions = createWorkflowActions({
    api: { workflow: servicesOverFetch(fetch).workflow },
    queryClient,
    loading,
    notices,
    alerts,
  });
  /** The SEEDED entries now marked stale (the ones the action invalidated), by name. */
  const invalidated = (): Seeded[] =>
    (Object.keys(SEEDED) as Seeded[]).filter((name) => queryClient.getQueryState(SEEDED[name])?.isInvalidated === true);
  return { actions, calls, shown, alerts, counted, invalidated };
}

/** Each call as "METHOD /api/path?query". */
const described = (calls: readonly FetchCall[]): string[] => calls.map((call) => `${call.init.method} ${decodeURIComponent(call.url)}`);

const moved =
  (...ids: number[]) =>
  () =>
    jsonResponse(200, { documents: ids.map((id) => ({ id, queueId: 13, rowVersion: 2 })) });
const request = { docIds: [7, 8], rowConflictIds: [4, 2], expectedQueueId: 12 };

describe('workflowActions', () => {
  it('approves, invalidates every workflow query and the moved documents (not the viewer or the folders), and says how many', async () => {
    const { actions, calls, shown, counted, invalidated } = setUp(moved(7, 8));
    await expect(actions.approve({ ...request, note: 'ok' })).resolves.toEqual({
      documents: [
        { id: 7, queueId: 13, rowVersion: 2 },
        { id: 8, queueId: 13, rowVersion: 2 },
      ],
    });
    expect(described(calls)).toEqual(['PUT /api/documents/approval']);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      docId: [7, 8],
      rowConflictIds: [4, 2],
      expectedQueueId: 12,
      approvalNote: 'ok',
    });
    expect(invalidated()).toEqual(['queueList', 'otherQueueList', 'root', 'document7', 'locks7', 'access8']);
    expect(shown).toEqual([{ text: 'Approved 2 documents', intent: 'success' }]);
    // The app's loading indicator counted the call while it ran.
    expect(counted).toEqual([1, 0]);
  });

  it("says the flow's own words instead, or nothing", async () => {
    const { actions, shown } = setUp(moved(7), moved(7));
    await actions.approve(
      { docIds: [7], rowConflictIds: [4], expectedQueueId: 12 },
      { notice: 'scan-1.pdf linked to PI-1003 and approved' },
    );
    await actions.approve({ docIds: [7], rowConflictIds: [5], expectedQueueId: 13 }, { notice: null });
    expect(shown.map((notice) => notice.text)).toEqual(['scan-1.pdf linked to PI-1003 and approved']);
  });

  it('rejects and routes with the same invalidations and their own words', async () => {
    const { actions, calls, shown, invalidated } = setUp(moved(9), moved(7, 8));
    await actions.reject({ docIds: [9], rowConflictIds: [1], expectedQueueId: 12, note: 'wrong vendor' });
    expect(invalidated()).toEqual(['queueList', 'otherQueueList', 'root', 'document9']);
    await actions.route({ ...request, to: 14 }, 'Approval L2');
    expect(invalidated()).toEqual(['queueList', 'otherQueueList', 'root', 'document7', 'locks7', 'access8', 'document9']);
    expect(described(calls)).toEqual(['PUT /api/documents/reject', 'PUT /api/documents/route']);
    expect(shown.map((notice) => notice.text)).toEqual(['Rejected 1 document', 'Routed 2 documents to Approval L2']);
  });

  it('hands a refusal on as the ApiError, with nothing invalidated and nothing said', async () => {
    const { actions, shown, invalidated } = setUp(OUT_OF_SYNC);
    const failure = await actions.approve(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect(invalidated()).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('takes locks one after another, invalidates each document (not the workflow), and says so once', async () => {
    const { actions, calls, shown, invalidated } = setUp(
      () => jsonResponse(201, LOCK),
      () => jsonResponse(201, { ...LOCK, docId: 8 }),
    );
    const answers = await actions.changeLocks('createLock', [
      { docId: 7, queueId: 12, rowVersion: 4 },
      { docId: 8, queueId: 12, rowVersion: 2 },
    ]);
    expect(answers).toEqual([LOCK, { ...LOCK, docId: 8 }]);
    expect(described(calls)).toEqual([
      'POST /api/locks?docId=7&queueId=12&rowConflictIds=4',
      'POST /api/locks?docId=8&queueId=12&rowConflictIds=2',
    ]);
    expect(invalidated()).toEqual(['document7', 'locks7', 'access8']);
    expect(shown.map((notice) => notice.text)).toEqual(['Locked 2 documents']);
  });

  it('renews and releases with the panel’s words; a refusal stops the rest, says nothing, and still invalidates every document asked for', async () => {
    const { actions, calls, shown, invalidated } = setUp(
      () => jsonResponse(200, LOCK),
      () => new Response(null, { status: 204 }),
      OUT_OF_SYNC,
    );
    await expect(actions.changeLocks('renewLock', [{ docId: 7, queueId: 12, rowVersion: 4 }], { notice: 'Lock renewed' })).resolves.toEqual(
      [LOCK],
    );
    await expect(actions.changeLocks('unlock', [{ docId: 7, queueId: 12, rowVersion: 4 }])).resolves.toEqual([null]);
    expect(shown.map((notice) => notice.text)).toEqual(['Lock renewed', 'Unlocked 1 document']);

    const failure = await actions
      .changeLocks('createLock', [
        { docId: 9, queueId: 12, rowVersion: 1 },
        { docId: 8, queueId: 12, rowVersion: 2 },
      ])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    // The second lock was never asked for once the first was refused.
    expect(described(calls)).toEqual([
      'PUT /api/locks/renew?docId=7&queueId=12',
      'DELETE /api/locks?docId=7&queueId=12',
      'POST /api/locks?docId=9&queueId=12&rowConflictIds=1',
    ]);
    expect(shown).toHaveLength(2);
    expect(invalidated()).toEqual(['document7', 'locks7', 'access8', 'document9']);
  });

  it("submits, invalidates like a move, and says what the queue's OnSubmit events did", async () => {
    const outcome = (fields: object) => () =>
      jsonResponse(200, {
        documents: [
          { id: 7, queueId: 12, rowVersion: 5 },
          { id: 8, queueId: 12, rowVersion: 3 },
        ],
        autoApproved: false,
        autoApproveRefusal: null,
        promptToApprove: false,
        launchRecord: false,
        ...fields,
      });
    const refusal = 'The amount 1,500.00 USD of inv.pdf is over your approval limit of 1,000.00 USD in queue AP Inbox.';
    const { actions, calls, shown, alerts, invalidated } = setUp(
      outcome({}),
      outcome({ autoApproved: true }),
      outcome({ autoApproveRefusal: refusal, promptToApprove: true }),
    );
    await actions.submit({ ...request, note: 'Coded to 6110' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      docId: [7, 8],
      rowConflictIds: [4, 2],
      expectedQueueId: 12,
      note: 'Coded to 6110',
    });
    expect(invalidated()).toEqual(['queueList', 'otherQueueList', 'root', 'document7', 'locks7', 'access8']);
    await actions.submit({ ...request, note: 'Coded' });
    await expect(actions.submit({ ...request, note: 'Coded' })).resolves.toMatchObject({
      autoApproveRefusal: refusal,
      promptToApprove: true,
    });
    expect(shown.map((notice) => notice.text)).toEqual(['2 documents submitted', '2 documents submitted and approved']);
    expect(alerts.getSnapshot().alerts.map((alert) => [alert.intent, alert.text])).toEqual([
      ['warning', `Submitted, not approved automatically: ${refusal}`],
    ]);
  });
});
