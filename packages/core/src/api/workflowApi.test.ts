/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { ApiError } from './ApiError';
import { workflowApi } from './workflowApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

const described = (calls: { url: string; init: RequestInit }[]): string[] =>
  calls.map((call) => `${call.init.method} ${decodeURIComponent(call.url)}`);

describe('workflowApi', () => {
  it('asks for the structure calls on the contract paths with their filters', async () => {
    const { fetch, calls } = scriptedFetch(...Array.from({ length: 11 }, () => () => jsonResponse(200, {})));
    const api = workflowApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.getRoot({ q: 'appr', hideEmpty: true });
    await api.getRoot();
    await api.getStructureForQueueType(3, false);
    await api.getStructureForQueue(12);
    await api.getQueueType(3);
    await api.getDocumentQueue(7);
    await api.getQueueTypeQueues(3, 'L1');
    await api.getQueueTypeWorkflow(3, { hideEmpty: true });
    await api.getQueueDocuments(12, { skip: 30, take: 30, sort: 'name', desc: true, q: '' });
    await api.getQueue(12);
    await api.getLinkToApproval(12);
    expect(described(calls)).toEqual([
      'GET /api/workflow-root?q=appr&hideEmpty=true',
      'GET /api/workflow-root',
      'GET /api/workflow-structure?qid=3&hideEmpty=false',
      'GET /api/workflow-structure?queueID=12',
      'GET /api/workflow-structure/3',
      'GET /api/workflow-structure/7/queue',
      'GET /api/queue-types/3/queues?q=L1',
      'GET /api/queue-types/3/workflow?hideEmpty=true',
      'GET /api/queues/12/workflow?skip=30&take=30&sort=name&desc=true',
      'GET /api/queues/12',
      'GET /api/queues/12/link-to-approval',
    ]);
  });

  it('asks for permissions, route targets and read-only state', async () => {
    const { fetch, calls } = scriptedFetch(...Array.from({ length: 4 }, () => () => jsonResponse(200, {})));
    const api = workflowApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.getPerms(7);
    await api.getRouteTargets([7, 8], { queueTypeId: 3, includeQueues: true });
    await api.getDocumentRouteTargets(7, { q: 'Cod' });
    await api.getReadonly(7, 12);
    expect(described(calls)).toEqual([
      'GET /api/workflow/perms?docId=7',
      'GET /api/documents/routes?queueTypeId=3&docId[]=7&docId[]=8&includeQueues=true',
      'GET /api/documents/7/routes?q=Cod',
      'GET /api/documents/7/readonly?queueId=12',
    ]);
  });

  it('sends approve, reject and route with the embedded spec §7 body fields', async () => {
    const moved = { documents: [{ id: 7, queueId: 13, rowVersion: 5 }] };
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, moved),
      () => jsonResponse(200, moved),
      () => jsonResponse(200, moved),
      () => jsonResponse(200, moved),
      () => jsonResponse(200, moved),
    );
    const api = workflowApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.approve({ docIds: [7, 8], rowConflictIds: [4, 2], expectedQueueId: 12, note: 'ok' })).resolves.toEqual(moved);
    await api.reject({ docIds: [7], rowConflictIds: [4], expectedQueueId: 12, note: 'wrong vendor' });
    await api.route({ docIds: [7], rowConflictIds: [4], expectedQueueId: 12, to: 14, note: '  ' });
    await api.approve({ docIds: [7], rowConflictIds: [4], expectedQueueId: 12 });
    await api.approve({ docIds: [7], rowConflictIds: [4], expectedQueueId: 12, duplicateOverrideReason: 'Two deliveries' });
    expect(described(calls)).toEqual([
      'PUT /api/documents/approval',
      'PUT /api/documents/reject',
      'PUT /api/documents/route',
      'PUT /api/documents/approval',
      'PUT /api/documents/approval',
    ]);
    expect(calls.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      { docId: [7, 8], rowConflictIds: [4, 2], expectedQueueId: 12, approvalNote: 'ok' },
      { docId: [7], rowConflictIds: [4], expectedQueueId: 12, rejectionNote: 'wrong vendor' },
      { docId: [7], rowConflictIds: [4], expectedQueueId: 12, to: 14 },
      { docId: [7], rowConflictIds: [4], expectedQueueId: 12 },
      { docId: [7], rowConflictIds: [4], expectedQueueId: 12, duplicateOverrideReason: 'Two deliveries' },
    ]);
  });

  it('submits with the docs API body (docId, rowConflictIds, expectedQueueId, note) and hands back what the OnSubmit events did', async () => {
    const outcome = {
      documents: [{ id: 7, queueId: 12, rowVersion: 5 }],
      autoApproved: false,
      autoApproveRefusal: null,
      promptToApprove: true,
      launchRecord: false,
    };
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, outcome));
    const api = workflowApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.submit({ docIds: [7, 8], rowConflictIds: [4, 2], expectedQueueId: 12, note: 'Coded to 6110' })).resolves.toEqual(
      outcome,
    );
    expect(described(calls)).toEqual(['PUT /api/documents/submit']);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      docId: [7, 8],
      rowConflictIds: [4, 2],
      expectedQueueId: 12,
      note: 'Coded to 6110',
    });
  });

  it('hands the out-of-sync refusal over as an ApiError with status 409 and the server message', async () => {
    const { fetch } = scriptedFetch(() =>
      jsonResponse(409, { statusCode: 409, exceptionType: 'Conflict', message: 'Document Queue Out Of Sync With Window' }),
    );
    const api = workflowApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    const failure = await api.approve({ docIds: [7], rowConflictIds: [4], expectedQueueId: 12 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).message).toBe('Document Queue Out Of Sync With Window');
  });

  it('takes, renews and releases locks and edits approval lists on the contract paths', async () => {
    const lock = {
      docId: 7,
      queueId: 12,
      holder: 'approver',
      ownLock: true,
      acquiredAt: '2026-01-01T00:00:00Z',
      lockExpiration: '2026-01-01T00:15:00Z',
    };
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, [lock]),
      () => jsonResponse(201, lock),
      () => jsonResponse(200, lock),
      () => new Response(null, { status: 204 }),
      () => jsonResponse(200, []),
      () => jsonResponse(200, []),
      () => jsonResponse(200, []),
    );
    const api = workflowApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getLocks(7)).resolves.toEqual([lock]);
    await expect(api.lock(7, 12, 4)).resolves.toEqual(lock);
    await api.renewLock(7, 12);
    await expect(api.unlock(7, 12)).resolves.toBeUndefined();
    await api.getApprovals(7);
    await api.setApprovalStep(7, 2, null);
    await api.getApprovalRouteQueues(12);
    expect(described(calls)).toEqual([
      'GET /api/documents/7/locks',
      'POST /api/locks?docId=7&queueId=12&rowConflictIds=4',
      'PUT /api/locks/renew?docId=7&queueId=12',
      'DELETE /api/locks?docId=7&queueId=12',
      'GET /api/documents/7/approvals',
      'PUT /api/v2/documents/7/approvals/2',
      'GET /api/workflow/queues/12/routes/approval',
    ]);
    expect(calls[5].init.body).toBe('{"queueId":null}');
  });
});
