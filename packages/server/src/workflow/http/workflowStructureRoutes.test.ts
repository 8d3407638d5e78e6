import { FEATURES2 } from '@datahaven/core/model';
import type {
  DocumentWorkflowPerms,
  LinkToApprovalSetup,
  QueueDocumentsPage,
  RouteTargets,
  WorkflowQueue,
  WorkflowQueueType,
  WorkflowRoot,
} from '@datahaven/core/model';
import { MESSAGES, invalidQueueTypeId } from '@datahaven/core/rules';
import {
  createDocument,
  createGroup,
  createIntegratedTable,
  createErpRecord,
  createUser,
  createWorld,
  grantTableAccess,
  makePdf,
  unique,
} from '../../test/factories';
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
  grantWorkflowPrivileges,
  placeInQueue,
  workflowPrivilegeGrants,
} from '../../test/workflowFactories';
import { WORKFLOW_PERMS } from '@datahaven/core/model';

interface User {
  id: number;
  username: string;
}

/** A document stored in `queueId`, linked to the world's record; resolves to its id. */
async function documentIn(
  s: TestServer,
  world: World,
  queueId: number | null,
  name = 'invoice.pdf',
  description?: string,
): Promise<number> {
  const id = await createDocument(s, {
    sitId: world.table.sitId,
    recordId: world.recordId,
    fileName: name,
    content: await makePdf(1, name),
    uploader: world.clerk,
  });
  await placeInQueue(s, id, queueId);
  if (description !== undefined) await s.deps.db.updateTable('documents').set({ description }).where('id', '=', id).execute();
  return id;
}

async function lockDocument(s: TestServer, documentId: number, userId: number, expiresAt: string): Promise<void> {
  await s.deps.db.deleteFrom('document_locks').where('document_id', '=', documentId).execute();
  await s.deps.db
    .insertInto('document_locks')
    .values({ document_id: documentId, user_id: userId, queue_id: null, acquired_at: '2020-01-01T00:00:00.000Z', expires_at: expiresAt })
    .execute();
}

describeOnEachDatabase('workflow structure', (server) => {
  let world: World;
  /** Sees documents only through queue access: no integrated-table access at all. */
  let member: User;
  /** Sees the world's documents through the table; may browse the inbox but not look inside. */
  let browser: User;
  let stranger: User;
  const t = { ap: 0, other: 0, secret: 0 };
  const q = { inbox: 0, review: 0, empty: 0, hidden: 0, disabled: 0, other: 0, secret: 0, linkNoTarget: 0, linkWithTarget: 0 };
  const names = { inbox: '', review: '', empty: '', hidden: '', apType: '', otherType: '' };
  const docs = { inbox: [] as number[], review: 0, hidden: 0, secret: 0, unqueued: 0, invisibleInInbox: 0 };

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    names.apType = unique('AP Invoices ');
    names.otherType = unique('Contracts ');
    t.ap = await createQueueType(s, names.apType);
    t.other = await createQueueType(s, names.otherType);
    t.secret = await createQueueType(s, unique('Secret '));
    names.inbox = unique('Inbox ');
    names.review = unique('Review ');
    names.empty = unique('Empty ');
    names.hidden = unique('Hidden ');
    q.inbox = await createQueue(s, t.ap, { name: names.inbox });
    q.review = await createQueue(s, t.ap, { name: names.review });
    q.empty = await createQueue(s, t.ap, { name: names.empty });
    q.hidden = await createQueue(s, t.ap, { name: names.hidden });
    q.disabled = await createQueue(s, t.ap, { name: unique('Disabled '), enabled: false });
    q.linkNoTarget = await createQueue(s, t.ap, { name: unique('LinkNo '), features2: FEATURES2.LinkOnApprovalRequired });
    q.linkWithTarget = await createQueue(s, t.ap, {
      name: unique('LinkYes '),
      features2: FEATURES2.LinkOnApprovalRequired,
      approveTo: q.review,
    });
    q.other = await createQueue(s, t.other, { name: unique('Drafts ') });
    q.secret = await createQueue(s, t.secret, { name: unique('Vault ') });
    await createRoute(s, q.inbox, q.review);
    await createRoute(s, q.inbox, q.hidden);
    await createRoute(s, q.inbox, q.disabled);
    await createRoute(s, q.inbox, q.other);

    const members = await createGroup(s, unique('Queue members '), WORKFLOW_PRIVILEGES);
    member = await createUser(s, unique('member'), { groups: [members] });
    for (const queue of [q.inbox, q.review, q.empty, q.disabled, q.linkNoTarget, q.linkWithTarget, q.other]) {
      await grantGroupQueueAccess(s, members, queue, [
        'BrowseToQueue',
        'AccessDocumentWithin',
        'ViewDocumentsWithin',
        'Approve',
        'Route',
        'ChangeDescription',
      ]);
    }
    const viewers = await createGroup(s, unique('Table viewers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, viewers, world.table.sitId);
    browser = await createUser(s, unique('browser'), { groups: [viewers] });
    await grantUserQueueAccess(s, browser.id, q.inbox, ['BrowseToQueue']);
    stranger = await createUser(s, unique('stranger'), { privileges: workflowPrivilegeGrants() });
    await grantWorkflowPrivileges(s, world.clerk.id);

    for (const name of ['alpha.pdf', 'bravo.pdf', 'charlie.pdf']) docs.inbox.push(await documentIn(s, world, q.inbox, name));
    // A document of another table in the inbox: the browser cannot see it; the member can.
    const hiddenTable = await createIntegratedTable(s, 'Customer');
    const hiddenRecord = await createErpRecord(s, hiddenTable.sitId, unique('C'));
    docs.invisibleInInbox = await createDocument(s, {
      sitId: hiddenTable.sitId,
      recordId: hiddenRecord,
      fileName: 'delta.pdf',
      uploader: world.clerk,
    });
    await placeInQueue(s, docs.invisibleInInbox, q.inbox);
    docs.review = await documentIn(s, world, q.review, 'review.pdf');
    docs.hidden = await documentIn(s, world, q.hidden, 'hidden.pdf');
    docs.secret = await documentIn(s, world, q.secret, 'secret.pdf');
    docs.unqueued = await documentIn(s, world, null, 'loose.pdf');
  });

  function get(user: User, url: string) {
    return server().inject({ url: `/api${url}`, headers: server().authHeaders(user.username) });
  }

  function typeOf(root: WorkflowRoot, id: number): WorkflowQueueType | undefined {
    return root.queueTypes.find((type) => type.id === id);
  }

  it('GET /workflow-root lists the browsable queues by type, with counts of the documents the caller can see', async () => {
    const response = await get(member, '/workflow-root');
    expect(response.statusCode).toBe(200);
    const root = response.json<WorkflowRoot>();
    expect(root.queueTypes.map((type) => type.id)).toEqual([t.ap, t.other]);
    const ap = typeOf(root, t.ap);
    expect(ap?.name).toBe(names.apType);
    expect(ap?.queues.map((queue) => queue.id)).toEqual([q.disabled, q.empty, q.inbox, q.linkNoTarget, q.linkWithTarget, q.review]);
    const inbox = ap?.queues.find((queue) => queue.id === q.inbox);
    expect(inbox).toEqual<WorkflowQueue>({
      id: q.inbox,
      name: names.inbox,
      enabled: true,
      queueTypeId: t.ap,
      queueTypeName: names.apType,
      documentCount: 4,
      features1: 0,
      features2: 0,
      defaultApproveRequiresNote: false,
      defaultRejectRequiresNote: false,
      approveToQueueId: null,
      rejectToQueueId: null,
      workflowPerms:
        WORKFLOW_PERMS.accessDocs |
        WORKFLOW_PERMS.viewDocsWithin |
        WORKFLOW_PERMS.approve |
        WORKFLOW_PERMS.route |
        WORKFLOW_PERMS.editDocData,
      // The root counts documents due within 3 days (none here: no linked record has a due date).
      dueSoonCount: 0,
      overdueCount: 0,
      // The member holds no Paste there (access/queueActionPolicy: importing needs it).
      importRefusal: `Your access to the queue ${names.inbox} does not allow importing documents into it (it needs Paste).`,
      // Segregation of duties (issue 35): off unless an administrator turns it on.
      approverNotPreparer: false,
      oneLevelPerApprover: false,
    });
    expect(ap?.documentCount).toBe(5);
    expect(ap?.queues.find((queue) => queue.id === q.disabled)?.enabled).toBe(false);
  });

  it('never lists a queue the caller may not browse, nor counts its documents', async () => {
    const root = (await get(member, '/workflow-root')).json<WorkflowRoot>();
    const listed = root.queueTypes.flatMap((type) => type.queues.map((queue) => queue.id));
    expect(listed).not.toContain(q.hidden);
    expect(listed).not.toContain(q.secret);
    expect(typeOf(root, t.secret)).toBeUndefined();
    expect(typeOf(root, t.ap)?.documentCount).toBe(typeOf(root, t.ap)?.queues.reduce((sum, queue) => sum + queue.documentCount, 0));
    for (const url of [
      `/queues/${q.hidden}`,
      `/queues/${q.hidden}/workflow`,
      `/queues/${q.hidden}/link-to-approval`,
      `/workflow-structure?queueID=${q.hidden}`,
    ]) {
      const answer = await get(member, url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ statusCode: 404, exceptionType: 'NotFound', message: MESSAGES.queueNotFound });
    }
    for (const url of [
      `/queue-types/${t.secret}/queues`,
      `/queue-types/${t.secret}/workflow`,
      `/workflow-structure/${t.secret}`,
      `/workflow-structure?qid=${t.secret}`,
    ]) {
      const answer = await get(member, url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ message: MESSAGES.queueTypeNotFound });
    }
    expect((await get(member, '/queues/99999999')).statusCode).toBe(404);
    expect((await get(stranger, '/workflow-root')).json<WorkflowRoot>()).toEqual({ queueTypes: [] });
  });

  it('counts for a caller who may browse but not look inside only the documents they can see otherwise', async () => {
    const root = (await get(browser, '/workflow-root')).json<WorkflowRoot>();
    expect(root.queueTypes.map((type) => type.id)).toEqual([t.ap]);
    const ap = typeOf(root, t.ap);
    expect(ap?.queues.map((queue) => queue.id)).toEqual([q.inbox]);
    // Three of the world's record (visible through the table), not the other table's one.
    expect(ap?.queues[0].documentCount).toBe(3);
    expect(ap?.queues[0].workflowPerms).toBe(0);
    const page = (await get(browser, `/queues/${q.inbox}/workflow`)).json<QueueDocumentsPage>();
    expect(page.total).toBe(3);
    expect(page.documents.map((d) => d.id)).not.toContain(docs.invisibleInInbox);
  });

  it('filters by q (queue name contains, any case) and hideEmpty, dropping types left with no queue', async () => {
    const byName = (await get(member, `/workflow-root?q=${encodeURIComponent(names.inbox.toUpperCase())}`)).json<WorkflowRoot>();
    expect(byName.queueTypes.map((type) => type.id)).toEqual([t.ap]);
    expect(byName.queueTypes[0].queues.map((queue) => queue.id)).toEqual([q.inbox]);
    const hideEmpty = (await get(member, '/workflow-root?hideEmpty=true')).json<WorkflowRoot>();
    expect(hideEmpty.queueTypes.map((type) => type.id)).toEqual([t.ap]);
    expect(hideEmpty.queueTypes[0].queues.map((queue) => queue.id)).toEqual([q.inbox, q.review]);
    const none = (await get(member, '/workflow-root?q=no-such-queue-name')).json<WorkflowRoot>();
    expect(none.queueTypes).toEqual([]);
  });

  it('GET /workflow-structure by qid, by queueID and by path; a document’s queue', async () => {
    const byType = (await get(member, `/workflow-structure?qid=${t.ap}&hideEmpty=true`)).json<WorkflowRoot>();
    expect(byType.queueTypes.map((type) => [type.id, type.queues.map((queue) => queue.id)])).toEqual([[t.ap, [q.inbox, q.review]]]);
    const byQueue = (await get(member, `/workflow-structure?queueID=${q.other}`)).json<WorkflowRoot>();
    expect(byQueue.queueTypes.map((type) => type.id)).toEqual([t.other]);
    const all = (await get(member, '/workflow-structure')).json<WorkflowRoot>();
    expect(all.queueTypes.map((type) => type.id)).toEqual([t.ap, t.other]);
    const path = (await get(member, `/workflow-structure/${t.other}`)).json<WorkflowQueueType>();
    expect(path).toMatchObject({ id: t.other, name: names.otherType, enabled: true, documentCount: 0 });
    expect(path.queues.map((queue) => queue.id)).toEqual([q.other]);

    const queueOfDoc = await get(member, `/workflow-structure/${docs.review}/queue`);
    expect(queueOfDoc.statusCode).toBe(200);
    expect(queueOfDoc.json<WorkflowQueue>()).toMatchObject({ id: q.review, name: names.review, documentCount: 1 });
    expect((await get(world.clerk, `/workflow-structure/${docs.unqueued}/queue`)).body).toBe('null');
    // Visible through the table, but in a queue the clerk may not browse: the queue is not named.
    expect((await get(world.clerk, `/workflow-structure/${docs.hidden}/queue`)).body).toBe('null');
    expect((await get(stranger, `/workflow-structure/${docs.review}/queue`)).statusCode).toBe(404);
  });

  it('GET /queue-types/{id}/queues and /workflow; a non-numeric id is refused with the spec’s text', async () => {
    const queues = (await get(member, `/queue-types/${t.ap}/queues?q=${encodeURIComponent(names.review.toLowerCase())}`)).json<
      WorkflowQueue[]
    >();
    expect(queues.map((queue) => queue.id)).toEqual([q.review]);
    const type = (await get(member, `/queue-types/${t.ap}/workflow?hideEmpty=true`)).json<WorkflowQueueType>();
    expect(type.queues.map((queue) => queue.id)).toEqual([q.inbox, q.review]);
    expect(type.documentCount).toBe(5);
    for (const value of ['abc', '1.5', '0']) {
      const refused = await get(member, `/queue-types/${value}/queues`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: invalidQueueTypeId(value) });
    }
    expect((await get(member, '/queue-types/abc/queues')).json()).toMatchObject({
      message: "'abc'is not a valid Queue Type ID.  Refusing to load its queues.",
    });
  });

  it('GET /queues/{id} and /link-to-approval', async () => {
    expect((await get(member, `/queues/${q.review}`)).json<WorkflowQueue>()).toMatchObject({ id: q.review, documentCount: 1 });
    expect((await get(member, '/queues/abc')).statusCode).toBe(400);
    expect((await get(member, `/queues/${q.linkNoTarget}/link-to-approval`)).json<LinkToApprovalSetup>()).toEqual({
      queueId: q.linkNoTarget,
      linkOnApprovalRequired: true,
      approveToQueueId: null,
      configured: false,
    });
    expect((await get(member, `/queues/${q.linkWithTarget}/link-to-approval`)).json<LinkToApprovalSetup>()).toEqual({
      queueId: q.linkWithTarget,
      linkOnApprovalRequired: true,
      approveToQueueId: q.review,
      configured: true,
    });
    expect((await get(member, `/queues/${q.inbox}/link-to-approval`)).json<LinkToApprovalSetup>()).toMatchObject({
      linkOnApprovalRequired: false,
      configured: true,
    });
  });

  it('GET /workflow/perms names the caller’s workflowPerms on the document’s queue', async () => {
    expect((await get(member, `/workflow/perms?docId=${docs.review}`)).json<DocumentWorkflowPerms>()).toEqual({
      docId: docs.review,
      queueId: q.review,
      workflowPerms:
        WORKFLOW_PERMS.accessDocs |
        WORKFLOW_PERMS.viewDocsWithin |
        WORKFLOW_PERMS.approve |
        WORKFLOW_PERMS.route |
        WORKFLOW_PERMS.editDocData,
    });
    expect((await get(world.clerk, `/workflow/perms?docId=${docs.unqueued}`)).json<DocumentWorkflowPerms>()).toEqual({
      docId: docs.unqueued,
      queueId: null,
      workflowPerms: 0,
    });
    expect((await get(stranger, `/workflow/perms?docId=${docs.review}`)).statusCode).toBe(404);
    expect((await get(member, '/workflow/perms?docId=x')).statusCode).toBe(400);
  });

  it('route targets: enabled queues a route leads to that the caller may browse; one common queue', async () => {
    const one = (await get(member, `/documents/${docs.inbox[0]}/routes`)).json<RouteTargets>();
    expect(one.queues.map((queue) => queue.id)).toEqual([q.review, q.other]);
    expect(one.queueTypes).toEqual([
      { id: t.ap, name: names.apType },
      { id: t.other, name: names.otherType },
    ]);
    const ofType = (await get(member, `/documents/${docs.inbox[0]}/routes?queueTypeId=${t.other}`)).json<RouteTargets>();
    expect(ofType.queues.map((queue) => queue.id)).toEqual([q.other]);
    const byName = (await get(member, `/documents/${docs.inbox[0]}/routes?q=${encodeURIComponent(names.review)}`)).json<RouteTargets>();
    expect(byName.queues.map((queue) => queue.id)).toEqual([q.review]);

    const many = await get(member, `/documents/routes?docId[]=${docs.inbox[0]}&docId[]=${docs.inbox[1]}`);
    expect(many.json<RouteTargets>().queues.map((queue) => queue.id)).toEqual([q.review, q.other]);
    const typesOnly = (await get(member, `/documents/routes?docId[]=${docs.inbox[0]}&includeQueues=false`)).json<RouteTargets>();
    expect(typesOnly).toEqual({
      queues: [],
      queueTypes: [
        { id: t.ap, name: names.apType },
        { id: t.other, name: names.otherType },
      ],
    });
    const mixed = await get(member, `/documents/routes?docId[]=${docs.inbox[0]}&docId[]=${docs.review}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ message: MESSAGES.documentsInDifferentQueues });
    expect((await get(member, `/documents/${docs.review}/routes`)).json<RouteTargets>()).toEqual({ queues: [], queueTypes: [] });
    expect((await get(stranger, `/documents/routes?docId[]=${docs.inbox[0]}`)).statusCode).toBe(404);
  });

  it('GET /documents/{id}/readonly: no edit flag on the queue, or another user’s live lock', async () => {
    const s = server();
    const doc = await documentIn(s, world, q.review, 'editable.pdf');
    expect((await get(member, `/documents/${doc}/readonly`)).json()).toEqual({ readonly: false });
    expect((await get(member, `/documents/${doc}/readonly?queueId=${q.hidden}`)).json()).toEqual({ readonly: true });
    expect((await get(world.clerk, `/documents/${doc}/readonly`)).json()).toEqual({ readonly: true });
    await lockDocument(s, doc, world.clerk.id, '2999-01-01T00:00:00.000Z');
    expect((await get(member, `/documents/${doc}/readonly`)).json()).toEqual({ readonly: true });
    await lockDocument(s, doc, member.id, '2999-01-01T00:00:00.000Z');
    expect((await get(member, `/documents/${doc}/readonly`)).json()).toEqual({ readonly: false });
    // An expired lock of someone else no longer makes it read-only.
    await lockDocument(s, doc, world.clerk.id, '2000-01-01T00:00:00.000Z');
    expect((await get(member, `/documents/${doc}/readonly`)).json()).toEqual({ readonly: false });
    expect((await get(world.clerk, `/documents/${docs.unqueued}/readonly`)).json()).toEqual({ readonly: false });
  });

  describe('GET /queues/{id}/workflow', () => {
    const pageQueue = { id: 0 };
    const byName: number[] = [];
    const words = ['golf', 'echo', 'alpha', 'foxtrot', 'charlie', 'delta', 'bravo'];

    beforeAll(async () => {
      const s = server();
      pageQueue.id = await createQueue(s, t.ap, { name: unique('Paged ') });
      await grantUserQueueAccess(s, member.id, pageQueue.id, ['BrowseToQueue', 'ViewDocumentsWithin']);
      const ids = new Map<string, number>();
      for (const [index, word] of words.entries()) {
        ids.set(word, await documentIn(s, world, pageQueue.id, `${word}.pdf`, index % 2 === 0 ? `needle ${word}` : word));
      }
      byName.push(...[...words].sort().map((word) => ids.get(word) ?? 0));
    });

    async function page(query: string): Promise<QueueDocumentsPage> {
      const response = await get(member, `/queues/${pageQueue.id}/workflow${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<QueueDocumentsPage>();
    }

    it('pages return each document once, in a total order (default: created, then id)', async () => {
      const seen: number[] = [];
      for (let skip = 0; skip < 9; skip += 3) {
        const p = await page(`?skip=${skip}&take=3`);
        expect(p.total).toBe(7);
        expect(p.skip).toBe(skip);
        expect(p.take).toBe(3);
        expect(p.queue.id).toBe(pageQueue.id);
        seen.push(...p.documents.map((d) => d.id));
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
      // Created in this order within the same millisecond or later: ids ascend with creation.
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    });

    it('sorts by name either way, and filters by q on name or description', async () => {
      expect((await page('?sort=name')).documents.map((d) => d.id)).toEqual(byName);
      expect((await page('?sort=name&desc=true')).documents.map((d) => d.id)).toEqual([...byName].reverse());
      const desc = (await page('?sort=createdAt&desc=true')).documents.map((d) => d.id);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      const filtered = await page('?q=NEEDLE&sort=name');
      expect(filtered.total).toBe(4);
      expect(filtered.documents.map((d) => d.name)).toEqual(['alpha.pdf', 'charlie.pdf', 'golf.pdf', 'bravo.pdf'].sort());
      expect((await page('?q=foxtrot')).documents.map((d) => d.name)).toEqual(['foxtrot.pdf']);
      expect((await page('?q=100%25')).total).toBe(0);
      for (const key of ['modifiedAt', 'FileSize', 'description', 'userString', 'userDate', 'type']) {
        const sorted = await page(`?sort=${key}&take=200`);
        expect(sorted.documents).toHaveLength(7);
      }
    });

    it('refuses a bad page, sort or direction with 400', async () => {
      for (const query of ['?take=201', '?take=0', '?skip=-1', '?sort=size', '?desc=maybe', '?skip=x']) {
        expect((await get(member, `/queues/${pageQueue.id}/workflow${query}`)).statusCode).toBe(400);
      }
    });
  });
});
