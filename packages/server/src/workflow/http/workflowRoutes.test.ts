import { FEATURES1 } from '@datahaven/core/model';
import { MESSAGES, noteRequiredToRouteFrom, noteRequiredToRouteTo } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
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
  setApprovalList,
  setQueueTargets,
  unlinkDocument,
} from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase('workflow actions', (server) => {
  let world: World;
  let approver: User;
  let routeOnly: User;
  const q = { inbox: 0, l1: 0, l2: 0, rejected: 0, noteRequired: 0, routeToNote: 0, noApproveTarget: 0 };
  const names = { l1: '', l2: '', rejected: '', routeToNote: '' };

  beforeAll(async () => {
    world = await createWorld(server());
    const s = server();
    const type = await createQueueType(s);
    names.l1 = unique('Approval L1 ');
    names.l2 = unique('Approval L2 ');
    names.rejected = unique('Rejected ');
    names.routeToNote = unique('Coding ');
    q.inbox = await createQueue(s, type, { name: unique('Inbox ') });
    q.l2 = await createQueue(s, type, { name: names.l2 });
    q.rejected = await createQueue(s, type, { name: names.rejected });
    q.routeToNote = await createQueue(s, type, { name: names.routeToNote, features1: FEATURES1.RouteToNoteRequired });
    q.l1 = await createQueue(s, type, { name: names.l1, approveTo: q.l2, rejectTo: q.rejected, defaultAccess: ['ViewDocumentsWithin'] });
    q.noteRequired = await createQueue(s, type, {
      approveTo: q.l2,
      rejectTo: q.rejected,
      defaultApproveRequiresNote: true,
      features1: FEATURES1.RejectFromNoteRequired,
    });
    q.noApproveTarget = await createQueue(s, type);
    await setQueueTargets(s, q.l2, { approveTo: q.l1 });
    await createRoute(s, q.l1, q.inbox);
    await createRoute(s, q.l1, q.routeToNote);

    const approvers = await createGroup(s, unique('Approvers '), ['Notes: View Only', ...WORKFLOW_PRIVILEGES]);
    await grantTableAccess(s, approvers, world.table.sitId);
    approver = await createUser(s, unique('approver'), { groups: [approvers] });
    for (const queue of [q.l1, q.l2, q.noteRequired, q.noApproveTarget]) await grantGroupQueueAccess(s, approvers, queue);
    const viewers = await createGroup(s, unique('Viewers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, viewers, world.table.sitId);
    routeOnly = await createUser(s, unique('router'), { groups: [viewers] });
    await grantUserQueueAccess(s, routeOnly.id, q.l1, ['AccessDocumentWithin', 'ViewDocumentsWithin', 'Route']);
    // The outsider cannot see the documents though the queue would let them approve: no
    // AccessDocumentWithin / ViewDocumentsWithin (which would show them the queue's documents).
    await grantUserQueueAccess(s, world.outsider.id, q.noApproveTarget, ['BrowseToQueue', 'Approve', 'Reject', 'Route']);
    await grantWorkflowPrivileges(s, world.outsider.id);
  });

  /** A fresh document of the world's record in `queueId`; resolves to its id and row version. */
  async function documentIn(queueId: number): Promise<{ id: number; rowVersion: number }> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      uploader: world.clerk,
      fileName: 'Invoice.pdf',
    });
    await placeInQueue(server(), id, queueId);
    return { id, rowVersion: await rowVersionOf(id) };
  }

  async function rowVersionOf(id: number): Promise<number> {
    return (await server().deps.db.selectFrom('documents').select('row_version').where('id', '=', id).executeTakeFirstOrThrow())
      .row_version;
  }

  async function queueOf(id: number): Promise<number | null> {
    return (await server().deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;
  }

  async function notesOf(id: number): Promise<[string, string][]> {
    const rows = await server().deps.db.selectFrom('notes').select(['kind', 'text']).where('document_id', '=', id).orderBy('id').execute();
    return rows.slice(1).map((row) => [row.kind, row.text]);
  }

  async function historyOf(id: number) {
    return server()
      .deps.db.selectFrom('workflow_history')
      .select(['action', 'from_queue_id', 'to_queue_id', 'user_id', 'note'])
      .where('document_id', '=', id)
      .orderBy('id')
      .execute();
  }

  function put(path: 'approval' | 'reject' | 'route', user: User, payload: unknown) {
    return server().inject({ method: 'PUT', url: `/api/documents/${path}`, headers: server().authHeaders(user.username), payload });
  }

  it("approve moves the documents to the queue's ApproveToQueue, with a system note, the user's note and history", async () => {
    const a = await documentIn(q.l1);
    const b = await documentIn(q.l1);
    const response = await put('approval', approver, {
      docId: [a.id, b.id],
      rowConflictIds: [a.rowVersion, b.rowVersion],
      expectedQueueId: q.l1,
      approvalNote: 'Checked against PO 4711',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      documents: [
        { id: a.id, queueId: q.l2, rowVersion: a.rowVersion + 1 },
        { id: b.id, queueId: q.l2, rowVersion: b.rowVersion + 1 },
      ],
    });
    for (const doc of [a, b]) {
      expect(await queueOf(doc.id)).toBe(q.l2);
      expect(await rowVersionOf(doc.id)).toBe(doc.rowVersion + 1);
      expect(await notesOf(doc.id)).toEqual([
        ['system', `Approved by ${approver.username} from '${names.l1}' to '${names.l2}'.`],
        ['user', 'Checked against PO 4711'],
      ]);
      expect(await historyOf(doc.id)).toEqual([
        { action: 'approve', from_queue_id: q.l1, to_queue_id: q.l2, user_id: approver.id, note: 'Checked against PO 4711' },
      ]);
    }
  });

  it("the approver's note is found by search as soon as the approval answers (the index commits with the move)", async () => {
    const s = server();
    const searchers = await createGroup(s, unique('Searchers '), ['Search: Search']);
    const searcher = await createUser(s, unique('searching-approver'), { groups: [searchers] });
    const approversGroup = await s.deps.db
      .selectFrom('user_groups')
      .select('group_id')
      .where('user_id', '=', approver.id)
      .executeTakeFirstOrThrow();
    await s.deps.db.insertInto('user_groups').values({ user_id: searcher.id, group_id: approversGroup.group_id }).execute();
    const word = unique('skontofrist');
    const search = async (): Promise<number[]> => {
      const response = await s.inject({ method: 'GET', url: `/api/documents/search?q=${word}`, headers: s.authHeaders(searcher.username) });
      expect(response.statusCode).toBe(200);
      return (response.json() as { documents: { id: number }[] }).documents.map((document) => document.id);
    };
    const doc = await documentIn(q.l1);
    expect(await search()).toEqual([]);
    const response = await put('approval', searcher, {
      docId: [doc.id],
      rowConflictIds: [doc.rowVersion],
      expectedQueueId: q.l1,
      approvalNote: `Paid within the ${word}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await search()).toEqual([doc.id]);
  });

  it("reject moves the document to the queue's RejectToQueue and records it", async () => {
    const doc = await documentIn(q.l1);
    const response = await put('reject', approver, { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.l1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ documents: [{ id: doc.id, queueId: q.rejected, rowVersion: doc.rowVersion + 1 }] });
    expect(await queueOf(doc.id)).toBe(q.rejected);
    expect(await notesOf(doc.id)).toEqual([['system', `Rejected by ${approver.username} from '${names.l1}' to '${names.rejected}'.`]]);
    expect(await historyOf(doc.id)).toEqual([
      { action: 'reject', from_queue_id: q.l1, to_queue_id: q.rejected, user_id: approver.id, note: null },
    ]);
  });

  it('route moves the document along a configured route, with the route flag alone', async () => {
    const doc = await documentIn(q.l1);
    const response = await put('route', routeOnly, {
      docId: [doc.id],
      rowConflictIds: [doc.rowVersion],
      expectedQueueId: q.l1,
      to: q.inbox,
      note: 'Wrong department',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ documents: [{ id: doc.id, queueId: q.inbox, rowVersion: doc.rowVersion + 1 }] });
    expect(await queueOf(doc.id)).toBe(q.inbox);
    expect(await historyOf(doc.id)).toEqual([
      { action: 'route', from_queue_id: q.l1, to_queue_id: q.inbox, user_id: routeOnly.id, note: 'Wrong department' },
    ]);
  });

  it("refuses a route that is not configured from the queue with 400 'No Routes Available', changing nothing", async () => {
    const doc = await documentIn(q.l1);
    const response = await put('route', routeOnly, { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.l1, to: q.l2 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: MESSAGES.noRoutesAvailable });
    expect(await queueOf(doc.id)).toBe(q.l1);
    expect(await historyOf(doc.id)).toEqual([]);
  });

  it('of 50 parallel approvals of one document with the same expectedQueueId exactly one succeeds (SECURITY row 20)', async () => {
    const doc = await documentIn(q.l1);
    const payload = { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.l1 };
    const responses = await Promise.all(Array.from({ length: 50 }, () => put('approval', approver, payload)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.queueOutOfSync });
    }
    expect(await historyOf(doc.id)).toHaveLength(1);
    expect((await notesOf(doc.id)).filter(([kind]) => kind === 'system')).toHaveLength(1);
    expect(await queueOf(doc.id)).toBe(q.l2);
    expect(await rowVersionOf(doc.id)).toBe(doc.rowVersion + 1);
  });

  it('refuses the whole request with 409 out of sync when one document changed since the window loaded; nothing moves', async () => {
    const fresh = await documentIn(q.l1);
    const stale = await documentIn(q.l1);
    const staleVersion = await put('approval', approver, {
      docId: [fresh.id, stale.id],
      rowConflictIds: [fresh.rowVersion, stale.rowVersion - 1],
      expectedQueueId: q.l1,
    });
    expect(staleVersion.statusCode).toBe(409);
    expect(staleVersion.json()).toMatchObject({ message: MESSAGES.queueOutOfSync });
    const moved = await documentIn(q.l2);
    const wrongQueue = await put('approval', approver, {
      docId: [fresh.id, moved.id],
      rowConflictIds: [fresh.rowVersion, moved.rowVersion],
      expectedQueueId: q.l1,
    });
    expect(wrongQueue.statusCode).toBe(409);
    expect(wrongQueue.json()).toMatchObject({ message: MESSAGES.queueOutOfSync });
    for (const doc of [fresh, stale]) {
      expect(await queueOf(doc.id)).toBe(q.l1);
      expect(await rowVersionOf(doc.id)).toBe(doc.rowVersion);
      expect(await historyOf(doc.id)).toEqual([]);
      expect(await notesOf(doc.id)).toEqual([]);
    }
    expect(await queueOf(moved.id)).toBe(q.l2);
  });

  it("answers 403 without the queue's approve or reject flag (SECURITY row 13), changing nothing", async () => {
    const doc = await documentIn(q.l1);
    for (const path of ['approval', 'reject'] as const) {
      const response = await put(path, routeOnly, { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.l1 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ exceptionType: 'Forbidden' });
    }
    const noAccess = await put('route', approver, {
      docId: [doc.id],
      rowConflictIds: [doc.rowVersion],
      expectedQueueId: q.inbox,
      to: q.l1,
    });
    expect(noAccess.statusCode).toBe(403);
    expect(await queueOf(doc.id)).toBe(q.l1);
    expect(await historyOf(doc.id)).toEqual([]);
  });

  it("refuses a missing required note with 400 and the spec's text", async () => {
    const doc = await documentIn(q.noteRequired);
    const base = { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.noteRequired };
    for (const response of [
      await put('approval', approver, base),
      await put('approval', approver, { ...base, approvalNote: '   ' }),
      await put('reject', approver, base),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: 'A note is required to submit.' });
    }
    const routed = await documentIn(q.l1);
    const route = await put('route', routeOnly, {
      docId: [routed.id],
      rowConflictIds: [routed.rowVersion],
      expectedQueueId: q.l1,
      to: q.routeToNote,
    });
    expect(route.statusCode).toBe(400);
    expect(route.json()).toMatchObject({ message: noteRequiredToRouteTo(names.routeToNote) });
    expect(await queueOf(doc.id)).toBe(q.noteRequired);
    expect(await queueOf(routed.id)).toBe(q.l1);
    const withNote = await put('approval', approver, { ...base, approvalNote: 'ok' });
    expect(withNote.statusCode).toBe(200);
    expect(await queueOf(doc.id)).toBe(q.l2);
  });

  it("answers 400 'The document couldn't be approved.' when the queue has no ApproveToQueue", async () => {
    const doc = await documentIn(q.noApproveTarget);
    const response = await put('approval', approver, {
      docId: [doc.id],
      rowConflictIds: [doc.rowVersion],
      expectedQueueId: q.noApproveTarget,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.documentNotApproved });
    expect(await queueOf(doc.id)).toBe(q.noApproveTarget);
  });

  it('answers 404 for a document the caller cannot see, as for a missing one', async () => {
    const doc = await documentIn(q.noApproveTarget);
    const hidden = await put('approval', world.outsider, {
      docId: [doc.id],
      rowConflictIds: [doc.rowVersion],
      expectedQueueId: q.noApproveTarget,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: MESSAGES.documentNotFound });
    const missing = await put('approval', approver, {
      docId: [doc.id, 99999999],
      rowConflictIds: [doc.rowVersion, 1],
      expectedQueueId: q.noApproveTarget,
    });
    expect(missing.statusCode).toBe(404);
    expect(await queueOf(doc.id)).toBe(q.noApproveTarget);
  });

  it('a stale window is told "out of sync" only where the caller could act: a hidden document stays 404, a missing flag or queue 403', async () => {
    const stale = (doc: { id: number; rowVersion: number }) => [doc.rowVersion + 5];
    const hidden = await documentIn(q.noApproveTarget);
    const hiddenAnswer = await put('approval', world.outsider, {
      docId: [hidden.id],
      rowConflictIds: stale(hidden),
      expectedQueueId: q.noApproveTarget,
    });
    expect(hiddenAnswer.statusCode).toBe(404);
    expect(hiddenAnswer.json()).toMatchObject({ message: MESSAGES.documentNotFound });
    const doc = await documentIn(q.l1);
    expect((await put('approval', routeOnly, { docId: [doc.id], rowConflictIds: stale(doc), expectedQueueId: q.l1 })).statusCode).toBe(403);
    expect((await put('approval', approver, { docId: [doc.id], rowConflictIds: stale(doc), expectedQueueId: 99999999 })).statusCode).toBe(
      403,
    );
    const outOfSync = await put('approval', approver, { docId: [doc.id], rowConflictIds: stale(doc), expectedQueueId: q.l1 });
    expect(outOfSync.statusCode).toBe(409);
    expect(outOfSync.json()).toMatchObject({ message: MESSAGES.queueOutOfSync });
    expect(await queueOf(doc.id)).toBe(q.l1);
  });

  it('refuses malformed bodies with 400', async () => {
    const doc = await documentIn(q.l1);
    for (const payload of [
      {},
      { docId: [], rowConflictIds: [], expectedQueueId: q.l1 },
      { docId: [doc.id], rowConflictIds: [], expectedQueueId: q.l1 },
      { docId: [doc.id, doc.id], rowConflictIds: [1, 1], expectedQueueId: q.l1 },
      { docId: ['1'], rowConflictIds: [1], expectedQueueId: q.l1 },
      { docId: [doc.id], rowConflictIds: [doc.rowVersion] },
      { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.l1, approvalNote: 5 },
    ]) {
      expect((await put('approval', approver, payload)).statusCode).toBe(400);
    }
    expect((await put('route', routeOnly, { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: q.l1 })).statusCode).toBe(
      400,
    );
  });
});

describeOnEachDatabase('workflow routing blocks', (server) => {
  let world: World;
  let worker: User;
  const q = { target: 0, required: 0, blockedFrom: 0, approveLinked: 0, routeLinked: 0 };

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    q.target = await createQueue(s, type, { name: unique('Target ') });
    q.required = await createQueue(s, type, { approveTo: q.target, features1: FEATURES1.WorkflowRoute | FEATURES1.WorkflowRouteRequired });
    q.blockedFrom = await createQueue(s, type, { approveTo: q.target, features1: FEATURES1.BlockApproveFromQueue });
    q.approveLinked = await createQueue(s, type, { approveTo: q.target, features1: FEATURES1.BlockApproveUnlinked });
    q.routeLinked = await createQueue(s, type, { approveTo: q.target, features1: FEATURES1.BlockRouteUnlinked });
    await createRoute(s, q.routeLinked, q.target);
    await createRoute(s, q.approveLinked, q.target);
    const workers = await createGroup(s, unique('Workers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, workers, world.table.sitId);
    for (const queue of Object.values(q)) await grantGroupQueueAccess(s, workers, queue);
    worker = await createUser(s, unique('worker'), { groups: [workers] });
  });

  /** A fresh document in `queueId` (unlinked when asked: then seen through queue access only). */
  async function documentIn(queueId: number, linked = true): Promise<{ id: number; rowVersion: number }> {
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

  function act(
    path: 'approval' | 'route',
    docs: { id: number; rowVersion: number }[],
    expectedQueueId: number,
    extra: Record<string, unknown> = {},
  ) {
    return server().inject({
      method: 'PUT',
      url: `/api/documents/${path}`,
      headers: server().authHeaders(worker.username),
      payload: { docId: docs.map((d) => d.id), rowConflictIds: docs.map((d) => d.rowVersion), expectedQueueId, ...extra },
    });
  }

  async function queueOf(id: number): Promise<number | null> {
    return (await server().deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;
  }

  it("WorkflowRouteRequired with an empty approval list → 400 'Approval Routes Required'; with a list the approval goes to its step", async () => {
    const doc = await documentIn(q.required);
    const refused = await act('approval', [doc], q.required);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: MESSAGES.approvalRoutesRequired });
    expect(await queueOf(doc.id)).toBe(q.required);
    await setApprovalList(server(), doc.id, [q.target]);
    expect((await act('approval', [doc], q.required)).statusCode).toBe(200);
    expect(await queueOf(doc.id)).toBe(q.target);
  });

  it('BlockApproveFromQueue → 400 with our text', async () => {
    const doc = await documentIn(q.blockedFrom);
    const refused = await act('approval', [doc], q.blockedFrom);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.approveBlockedFromQueue });
    expect(await queueOf(doc.id)).toBe(q.blockedFrom);
  });

  it("BlockApproveUnlinked refuses approving an unlinked document with 'Document Link Required' (a selection: 'Linked Documents Required'); routing it is not blocked", async () => {
    const unlinked = await documentIn(q.approveLinked, false);
    const linked = await documentIn(q.approveLinked);
    const single = await act('approval', [unlinked], q.approveLinked);
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({ message: MESSAGES.documentLinkRequired });
    const both = await act('approval', [linked, unlinked], q.approveLinked);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: MESSAGES.linkedDocumentsRequired });
    expect(await queueOf(linked.id)).toBe(q.approveLinked);
    expect((await act('approval', [linked], q.approveLinked)).statusCode).toBe(200);
    expect((await act('route', [unlinked], q.approveLinked, { to: q.target })).statusCode).toBe(200);
  });

  it("BlockRouteUnlinked refuses routing an unlinked document with 'Document Link Required'; approving it is not blocked", async () => {
    const unlinked = await documentIn(q.routeLinked, false);
    const refused = await act('route', [unlinked], q.routeLinked, { to: q.target });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.documentLinkRequired });
    expect(await queueOf(unlinked.id)).toBe(q.routeLinked);
    const linked = await documentIn(q.routeLinked);
    expect((await act('route', [linked], q.routeLinked, { to: q.target })).statusCode).toBe(200);
    expect((await act('approval', [unlinked], q.routeLinked)).statusCode).toBe(200);
  });
});

describeOnEachDatabase('workflow privileges, note rules and disabled queues', (server) => {
  let world: World;
  let worker: User;
  const without: Record<'approve' | 'reject' | 'route', User> = {
    approve: { id: 0, username: '' },
    reject: { id: 0, username: '' },
    route: { id: 0, username: '' },
  };
  const q = { plain: 0, plainTarget: 0, noteTarget: 0, toNoteTarget: 0, routeFrom: 0, disabled: 0 };
  const names = { routeFrom: '' };

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    q.plainTarget = await createQueue(s, type, { name: unique('Done ') });
    q.noteTarget = await createQueue(s, type, {
      name: unique('Noted '),
      features1: FEATURES1.ApproveToNoteRequired | FEATURES1.RejectToNoteRequired,
    });
    q.toNoteTarget = await createQueue(s, type, { name: unique('Plain source '), approveTo: q.noteTarget, rejectTo: q.noteTarget });
    q.plain = await createQueue(s, type, { name: unique('Work '), approveTo: q.plainTarget, rejectTo: q.plainTarget });
    names.routeFrom = unique('Coding ');
    q.routeFrom = await createQueue(s, type, { name: names.routeFrom, features1: FEATURES1.RouteFromNoteRequired });
    q.disabled = await createQueue(s, type, { name: unique('Closed '), enabled: false, approveTo: q.plainTarget, rejectTo: q.plainTarget });
    for (const from of [q.plain, q.routeFrom, q.disabled]) await createRoute(s, from, q.plainTarget);

    const workers = await createGroup(s, unique('Workers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, workers, world.table.sitId);
    for (const queue of Object.values(q)) await grantGroupQueueAccess(s, workers, queue);
    worker = await createUser(s, unique('worker'), { groups: [workers] });
    // Every flag of every queue through the group, and the group's workflow privileges, but one
    // privilege explicitly denied (a direct false wins over the group's grant).
    without.approve = await createUser(s, unique('noapprove'), { groups: [workers], privileges: { 'Workflow: Approve': false } });
    without.reject = await createUser(s, unique('noreject'), { groups: [workers], privileges: { 'Workflow: Reject': false } });
    without.route = await createUser(s, unique('noroute'), { groups: [workers], privileges: { 'Workflow Route: OK': false } });
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

  const PATH = { approve: 'approval', reject: 'reject', route: 'route' } as const;

  function act(
    action: 'approve' | 'reject' | 'route',
    user: User,
    doc: { id: number; rowVersion: number },
    expectedQueueId: number,
    extra: Record<string, unknown> = {},
  ) {
    const to = action === 'route' ? { to: q.plainTarget } : {};
    return server().inject({
      method: 'PUT',
      url: `/api/documents/${PATH[action]}`,
      headers: server().authHeaders(user.username),
      payload: { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId, ...to, ...extra },
    });
  }

  /** Queue, row version, history rows and notes beyond the upload's: what an action would change. */
  async function stateOf(id: number) {
    const db = server().deps.db;
    const row = await db.selectFrom('documents').select(['queue_id', 'row_version']).where('id', '=', id).executeTakeFirstOrThrow();
    const history = await db.selectFrom('workflow_history').select('id').where('document_id', '=', id).execute();
    const notes = await db.selectFrom('notes').select('id').where('document_id', '=', id).execute();
    return { queueId: row.queue_id, rowVersion: row.row_version, history: history.length, notes: notes.length };
  }

  const PRIVILEGE = { approve: 'Workflow: Approve', reject: 'Workflow: Reject', route: 'Workflow Route: OK' } as const;
  const GERUND = { approve: 'Approving', reject: 'Rejecting', route: 'Routing' } as const;

  for (const action of ['approve', 'reject', 'route'] as const) {
    it(`${action} without '${PRIVILEGE[action]}' → 403, nothing changes (the queue's flags alone do not suffice)`, async () => {
      const doc = await documentIn(q.plain);
      const before = await stateOf(doc.id);
      const noteField = { approve: 'approvalNote', reject: 'rejectionNote', route: 'note' } as const;
      const refused = await act(action, without[action], doc, q.plain, { [noteField[action]]: 'x' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        statusCode: 403,
        exceptionType: 'Forbidden',
        message: `${GERUND[action]} documents needs the '${PRIVILEGE[action]}' privilege.`,
      });
      expect(await stateOf(doc.id)).toEqual(before);
      // Another action, whose privilege the same user holds, goes through.
      const other = action === 'approve' ? 'reject' : 'approve';
      expect((await act(other, without[action], doc, q.plain)).statusCode).toBe(200);
    });
  }

  it("refuses a route from a RouteFromNoteRequired queue without a note, with the spec's text naming the source queue", async () => {
    const doc = await documentIn(q.routeFrom);
    const before = await stateOf(doc.id);
    for (const note of [undefined, '  ']) {
      const refused = await act('route', worker, doc, q.routeFrom, note === undefined ? {} : { note });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        statusCode: 400,
        exceptionType: 'ValidationError',
        message: noteRequiredToRouteFrom(names.routeFrom),
      });
    }
    expect(await stateOf(doc.id)).toEqual(before);
    expect((await act('route', worker, doc, q.routeFrom, { note: 'Coded to 6100' })).statusCode).toBe(200);
    expect((await stateOf(doc.id)).queueId).toBe(q.plainTarget);
  });

  it('requires a note to approve into an ApproveToNoteRequired queue and to reject into a RejectToNoteRequired one', async () => {
    for (const [action, noteField] of [
      ['approve', 'approvalNote'],
      ['reject', 'rejectionNote'],
    ] as const) {
      const doc = await documentIn(q.toNoteTarget);
      const before = await stateOf(doc.id);
      const refused = await act(action, worker, doc, q.toNoteTarget);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: MESSAGES.noteRequired });
      expect(await stateOf(doc.id)).toEqual(before);
      expect((await act(action, worker, doc, q.toNoteTarget, { [noteField]: 'Reviewed' })).statusCode).toBe(200);
      expect((await stateOf(doc.id)).queueId).toBe(q.noteTarget);
    }
  });

  it("refuses a workflow note over 4000 characters with 400 'Notes are limited to 4000 characters.'; 4000 are fine", async () => {
    const doc = await documentIn(q.plain);
    const before = await stateOf(doc.id);
    const refused = await act('approve', worker, doc, q.plain, { approvalNote: '😀'.repeat(4001) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: MESSAGES.noteTooLong });
    expect(await stateOf(doc.id)).toEqual(before);
    expect((await act('approve', worker, doc, q.plain, { approvalNote: 'n'.repeat(4000) })).statusCode).toBe(200);
    expect((await stateOf(doc.id)).queueId).toBe(q.plainTarget);
  });

  it("the OData data service moves a document only through the routing command (SECURITY row 13): PATCH Documents without the queue's Route flag → 403, nothing changes", async () => {
    const doc = await documentIn(q.plain);
    const before = await stateOf(doc.id);
    // The workflow privileges and the table, but on the source queue every flag except Route.
    const noRouteFlag = await createGroup(server(), unique('No route flag '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(server(), noRouteFlag, world.table.sitId);
    await grantGroupQueueAccess(server(), noRouteFlag, q.plain, [
      'BrowseToQueue',
      'AccessDocumentWithin',
      'ViewDocumentsWithin',
      'Approve',
      'Reject',
    ]);
    await grantGroupQueueAccess(server(), noRouteFlag, q.plainTarget);
    const flagless = await createUser(server(), unique('noflag'), { groups: [noRouteFlag] });
    for (const user of [flagless, world.manager]) {
      // TestServer.inject has no PATCH: send it with fetch to the listening server.
      const patch = await fetch(`${server().baseUrl}/odata/v1/Documents(${doc.id})`, {
        method: 'PATCH',
        headers: { ...server().authHeaders(user.username), 'content-type': 'application/json', 'if-match': `W/"${doc.rowVersion}"` },
        body: JSON.stringify({ WorkflowQueueId: q.plainTarget }),
      });
      expect(patch.status).toBe(403);
    }
    expect(await stateOf(doc.id)).toEqual(before);
  });

  it("refuses every action from a disabled queue with 400 and the action's refusal text, changing nothing", async () => {
    const refusal = { approve: MESSAGES.documentNotApproved, reject: MESSAGES.documentNotRejected, route: MESSAGES.noRoutesAvailable };
    const doc = await documentIn(q.disabled);
    const before = await stateOf(doc.id);
    for (const action of ['approve', 'reject', 'route'] as const) {
      const refused = await act(action, worker, doc, q.disabled);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: refusal[action] });
    }
    expect(await stateOf(doc.id)).toEqual(before);
  });
});
