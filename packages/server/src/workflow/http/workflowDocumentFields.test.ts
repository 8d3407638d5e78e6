import { FEATURES1, WORKFLOW_PERMS } from '@datahaven/core/model';
import type { DmsDocument, DocumentAccess } from '@datahaven/core/model';
import { sql } from 'kysely';
import { QUEUE_ACCESS_FLAGS } from '../../access/queueAccessFlags';
import { createDocument, createGroup, createUser, createWorld, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  grantGroupQueueAccess,
  grantUserQueueAccess,
  placeInQueue,
  workflowPrivilegeGrants,
} from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

async function documentIn(s: TestServer, world: World, queueId: number | null): Promise<number> {
  const id = await createDocument(s, {
    sitId: world.table.sitId,
    recordId: world.recordId,
    fileName: 'invoice.pdf',
    content: await makePdf(2),
    uploader: world.clerk,
  });
  await placeInQueue(s, id, queueId);
  return id;
}

async function lockDocument(s: TestServer, documentId: number, userId: number, expiresAt: string): Promise<void> {
  await s.deps.db.deleteFrom('document_locks').where('document_id', '=', documentId).execute();
  await s.deps.db
    .insertInto('document_locks')
    .values({ document_id: documentId, user_id: userId, queue_id: null, acquired_at: '2020-01-01T00:00:00.000Z', expires_at: expiresAt })
    .execute();
}

const FOREVER = '2999-01-01T00:00:00.000Z';

describeOnEachDatabase('workflow fields of documents and access', (server) => {
  let world: World;
  /** No integrated-table access: sees documents through queue access only. */
  let member: User;
  let viewOnly: User;
  let stranger: User;
  const q = { featured: 0, target: 0, hidden: 0, plain: 0 };
  let typeId = 0;
  let typeName = '';
  let featuredName = '';

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    typeName = unique('AP Invoices ');
    typeId = await createQueueType(s, typeName);
    featuredName = unique('Approval ');
    q.target = await createQueue(s, typeId, { name: unique('Approved ') });
    q.featured = await createQueue(s, typeId, {
      name: featuredName,
      approveTo: q.target,
      features1:
        FEATURES1.WorkflowRoute |
        FEATURES1.WorkflowRouteRequired |
        FEATURES1.BlockApproveUnlinked |
        FEATURES1.BlockRouteUnlinked |
        FEATURES1.WarnRouteUnlinked,
      defaultApproveRequiresNote: true,
    });
    q.hidden = await createQueue(s, typeId, { name: unique('Hidden ') });
    q.plain = await createQueue(s, typeId, { name: unique('Plain ') });
    await createRoute(s, q.featured, q.target);
    await createRoute(s, q.plain, q.hidden);

    const members = await createGroup(s, unique('Approvers '), ['Cabinet: Delete', 'Cabinet: Split Document', ...WORKFLOW_PRIVILEGES]);
    member = await createUser(s, unique('member'), { groups: [members] });
    for (const queue of [q.featured, q.target, q.plain]) {
      await grantGroupQueueAccess(s, members, queue, [
        'BrowseToQueue',
        'AccessDocumentWithin',
        'ViewDocumentsWithin',
        'Approve',
        'Reject',
        'Route',
      ]);
    }
    viewOnly = await createUser(s, unique('viewer'), { privileges: workflowPrivilegeGrants() });
    await grantUserQueueAccess(s, viewOnly.id, q.featured, ['BrowseToQueue', 'ViewDocumentsWithin']);
    stranger = await createUser(s, unique('stranger'), { privileges: workflowPrivilegeGrants() });
  });

  function get(user: User, url: string) {
    return server().inject({ url: `/api${url}`, headers: server().authHeaders(user.username) });
  }

  async function documentAs(user: User, id: number): Promise<DmsDocument> {
    const response = await get(user, `/documents/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json<DmsDocument>();
  }

  async function accessAs(user: User, id: number): Promise<DocumentAccess> {
    const response = await get(user, `/documents/${id}/access`);
    expect(response.statusCode).toBe(200);
    return response.json<DocumentAccess>();
  }

  it('shows queue documents to a caller with queue access only, and to no one else', async () => {
    const s = server();
    const inQueue = await documentIn(s, world, q.featured);
    const inHidden = await documentIn(s, world, q.hidden);
    const outside = await documentIn(s, world, null);
    expect((await get(member, `/documents/${inQueue}`)).statusCode).toBe(200);
    expect((await get(viewOnly, `/documents/${inQueue}`)).statusCode).toBe(200);
    for (const [user, id] of [
      [member, inHidden],
      [member, outside],
      [stranger, inQueue],
    ] as const) {
      const response = await get(user, `/documents/${id}`);
      expect(response.statusCode).toBe(404);
    }
    const listed = (await get(member, `/documents?docId[]=${inQueue}&docId[]=${inHidden}&docId[]=${outside}`)).json<DmsDocument[]>();
    expect(listed.map((d) => d.id)).toEqual([inQueue]);
    // Through the integrated table the clerk still sees all three.
    expect(
      (await get(world.clerk, `/documents?docId[]=${inQueue}&docId[]=${inHidden}&docId[]=${outside}`)).json<DmsDocument[]>(),
    ).toHaveLength(3);
  });

  it('presents the queue, perms, modifiers from its features, routes and the approval list', async () => {
    const s = server();
    const id = await documentIn(s, world, q.featured);
    const document = await documentAs(member, id);
    expect(document.queue).toEqual({
      id: q.featured,
      name: featuredName,
      queueTypeId: typeId,
      queueTypeName: typeName,
      features1:
        FEATURES1.WorkflowRoute |
        FEATURES1.WorkflowRouteRequired |
        FEATURES1.BlockApproveUnlinked |
        FEATURES1.BlockRouteUnlinked |
        FEATURES1.WarnRouteUnlinked,
      features2: 0,
      defaultApproveRequiresNote: true,
      defaultRejectRequiresNote: false,
    });
    expect(document.queueName).toBe(featuredName);
    expect(document.workflowPerms).toBe(
      WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.viewDocsWithin | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject | WORKFLOW_PERMS.route,
    );
    expect(document.workflowModifiers).toEqual({
      approvalRouteRequired: true,
      blockApproveUnlinked: true,
      noRoutes: false,
      blockRouteUnlinked: true,
      warnRouteUnlinked: true,
      quickLink: false,
    });
    expect(document.hasAvailableRoutes).toBe(true);
    expect(document.hasApprovalRoutes).toBe(false);
    expect(document.canApprovalRoutes).toBe(true);
    expect(document.lock).toBeNull();
    expect(document.userLock).toBe('none');
    // The members' grant has no ChangeAnnotations; outside a queue nothing in the queue forbids it.
    expect(document.changeAnnotations).toBe(false);
    await s.deps.db
      .updateTable('queue_group_access')
      .set({ access: sql`access | ${QUEUE_ACCESS_FLAGS.ChangeAnnotations}` })
      .where('queue_id', '=', q.featured)
      .execute();
    expect((await documentAs(member, id)).changeAnnotations).toBe(true);
    await s.deps.db
      .updateTable('queue_group_access')
      .set({ access: sql`access - ${QUEUE_ACCESS_FLAGS.ChangeAnnotations}` })
      .where('queue_id', '=', q.featured)
      .execute();

    const viewed = await documentAs(viewOnly, id);
    expect(viewed.workflowPerms).toBe(WORKFLOW_PERMS.viewDocsWithin);
    expect(viewed.canApprovalRoutes).toBe(false);
    // The only route leads to a queue the view-only caller may not browse.
    expect(viewed.hasAvailableRoutes).toBe(false);
    expect(viewed.workflowModifiers.noRoutes).toBe(false);

    await s.deps.db
      .insertInto('document_approvals')
      .values({ document_id: id, step: 1, queue_id: q.target, added_by_user_id: member.id, approved_by_user_id: null, approved_at: null })
      .execute();
    expect((await documentAs(member, id)).hasApprovalRoutes).toBe(true);

    const target = await documentAs(member, await documentIn(s, world, q.target));
    expect(target.workflowModifiers).toEqual({
      approvalRouteRequired: false,
      blockApproveUnlinked: false,
      noRoutes: true,
      blockRouteUnlinked: false,
      warnRouteUnlinked: false,
      quickLink: false,
    });
    expect(target.hasAvailableRoutes).toBe(false);
    expect(target.canApprovalRoutes).toBe(false);

    const plain = await documentAs(world.clerk, await documentIn(s, world, null));
    expect(plain).toMatchObject({
      queue: null,
      queueName: null,
      workflowPerms: 0,
      lock: null,
      userLock: 'none',
      hasAvailableRoutes: false,
      hasApprovalRoutes: false,
      canApprovalRoutes: false,
      changeAnnotations: true,
    });
    expect(plain.workflowModifiers.noRoutes).toBe(true);
  });

  it('shows a live lock as self to its holder and as other to everyone else; an expired one not at all', async () => {
    const s = server();
    const id = await documentIn(s, world, q.featured);
    await lockDocument(s, id, member.id, FOREVER);
    expect(await documentAs(member, id)).toMatchObject({
      userLock: 'self',
      lock: { lockExpiration: FOREVER, ownLock: true, holder: member.username },
    });
    expect(await documentAs(viewOnly, id)).toMatchObject({
      userLock: 'other',
      lock: { lockExpiration: FOREVER, ownLock: false, holder: member.username },
    });
    await lockDocument(s, id, member.id, '2000-01-01T00:00:00.000Z');
    expect(await documentAs(member, id)).toMatchObject({ userLock: 'none', lock: null });
  });

  it("turns approve, reject and route off without 'Workflow: Approve', 'Workflow: Reject', 'Workflow Route: OK', whatever the queue grants", async () => {
    const s = server();
    const id = await documentIn(s, world, q.featured);
    const members = await createGroup(s, unique('Flag holders '), ['Workflow Queues: OK']);
    await grantGroupQueueAccess(s, members, q.featured);
    const flagsOnly = await createUser(s, unique('flagsonly'), { groups: [members] });
    expect(await accessAs(flagsOnly, id)).toMatchObject({ route: false, approve: false, reject: false, createLock: true });
    const approveOnly = await createUser(s, unique('approveonly'), { groups: [members], privileges: { 'Workflow: Approve': true } });
    expect(await accessAs(approveOnly, id)).toMatchObject({ route: false, approve: true, reject: false });
  });

  it('answers the workflow access flags from the queue flags and the lock state', async () => {
    const s = server();
    // In a queue, delete and split also need the queue's Delete / Split / SplitAdvanced flags.
    await grantUserQueueAccess(s, member.id, q.featured, ['Delete', 'Split', 'SplitAdvanced']);
    const id = await documentIn(s, world, q.featured);
    expect(await accessAs(member, id)).toMatchObject({
      route: true,
      approve: true,
      reject: true,
      createLock: true,
      renewLock: false,
      unlock: false,
      delete: true,
      split: true,
    });
    expect(await accessAs(viewOnly, id)).toMatchObject({
      route: false,
      approve: false,
      reject: false,
      createLock: false,
      renewLock: false,
      unlock: false,
    });

    await lockDocument(s, id, member.id, FOREVER);
    expect(await accessAs(member, id)).toMatchObject({
      route: true,
      approve: true,
      reject: true,
      createLock: false,
      renewLock: true,
      unlock: true,
      delete: true,
      split: true,
    });

    await lockDocument(s, id, world.clerk.id, FOREVER);
    expect(await accessAs(member, id)).toMatchObject({
      route: false,
      approve: false,
      reject: false,
      createLock: false,
      renewLock: false,
      unlock: false,
      delete: false,
      split: false,
      changeSubtype: false,
      link: false,
      unlink: false,
    });
    // A security manager may release another user's lock (when the queue lets them in).
    await grantUserQueueAccess(s, world.manager.id, q.featured, ['AccessDocumentWithin']);
    expect(await accessAs(world.manager, id)).toMatchObject({ unlock: true, createLock: false, renewLock: false });

    await lockDocument(s, id, world.clerk.id, '2000-01-01T00:00:00.000Z');
    expect(await accessAs(member, id)).toMatchObject({ approve: true, createLock: true, unlock: false, delete: true });

    const outside = await documentIn(s, world, null);
    expect(await accessAs(world.clerk, outside)).toMatchObject({
      route: false,
      approve: false,
      reject: false,
      createLock: false,
      renewLock: false,
      unlock: false,
      delete: true,
    });
  });
});
