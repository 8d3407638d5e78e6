import type { SearchTag, SearchTagKind } from '@datahaven/core/model';
import { createDocument, createWorld, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, placeInQueue } from '../test/workflowFactories';
import type { SearchAnswer } from './http/searchRoutes';

type TagInput = { type: SearchTagKind; key: string };
const tagParams = (tags: readonly TagInput[]) => tags.map((t) => `&tag[]=${encodeURIComponent(JSON.stringify(t))}`).join('');
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describeOnEachDatabase('search by queue, and queues that hide documents from search', (server) => {
  let world: World;
  let inbox: number;
  let approval: number;
  let secret: number;
  let inboxName: string;
  let secretName: string;
  let inInbox: number;
  let inApproval: number;
  let inSecret: number;

  beforeAll(async () => {
    world = await createWorld(server());
    const type = await createQueueType(server());
    const word = unique('Zq');
    inboxName = `${word} Inbox`;
    secretName = `${word} Payroll`;
    inbox = await createQueue(server(), type, { name: inboxName });
    approval = await createQueue(server(), type, { name: `${word} Approval` });
    secret = await createQueue(server(), type, { name: secretName });
    // The clerk may browse and search the inbox, approve in the approval queue, and has no access to the secret queue.
    await grantUserQueueAccess(server(), world.clerk.id, inbox, ['BrowseToQueue', 'SearchWithin', 'AccessDocumentWithin']);
    await grantUserQueueAccess(server(), world.clerk.id, approval, ['BrowseToQueue', 'SearchWithin', 'AccessDocumentWithin', 'Approve']);
    const upload = (fileName: string) =>
      createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, fileName, uploader: world.clerk });
    inInbox = await upload(`${word} inbox invoice.pdf`);
    inApproval = await upload(`${word} approval invoice.pdf`);
    inSecret = await upload(`${word} secret invoice.pdf`);
    await placeInQueue(server(), inInbox, inbox);
    await placeInQueue(server(), inApproval, approval);
    await placeInQueue(server(), inSecret, secret);
  });

  async function search(user: { username: string }, tags: readonly TagInput[], extra = ''): Promise<SearchAnswer> {
    const response = await server().inject({
      url: `/api/documents/search?take=100${tagParams(tags)}${extra}`,
      headers: server().authHeaders(user.username),
    });
    expect(response.statusCode).toBe(200);
    return response.json<SearchAnswer>();
  }
  const found = async (user: { username: string }, tags: readonly TagInput[], extra = '') => {
    const answer = await search(user, tags, extra);
    expect(answer.total).toBe(answer.documents.length);
    return sorted(answer.documents.map((d) => d.id));
  };
  async function suggestions(user: { username: string }, q: string): Promise<SearchTag[]> {
    const response = await server().inject({
      url: `/api/search-tags?q=${encodeURIComponent(q)}&take=100`,
      headers: server().authHeaders(user.username),
    });
    expect(response.statusCode).toBe(200);
    return response.json<SearchTag[]>();
  }

  it('queue matches the queue id; queueNameContains the queue name', async () => {
    expect(await found(world.clerk, [{ type: 'queue', key: String(inbox) }])).toEqual([inInbox]);
    expect(await found(world.clerk, [{ type: 'queueNameContains', key: inboxName.toUpperCase() }])).toEqual([inInbox]);
    expect(await found(world.manager, [{ type: 'queueNameContains', key: secretName }])).toEqual([inSecret]);
    const bad = await server().inject({
      url: `/api/documents/search?${tagParams([{ type: 'queue', key: 'inbox' }])}`,
      headers: server().authHeaders(world.clerk.username),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('inWorkflow keeps documents in a queue; inWorkflow false those in none', async () => {
    expect(await found(world.clerk, [{ type: 'inWorkflow', key: '' }])).toEqual(sorted([inInbox, inApproval]));
    expect(await found(world.clerk, [{ type: 'inWorkflow', key: 'false' }])).toEqual(sorted([world.pdfDocId, world.contractDocId]));
  });

  it('approval keeps documents waiting where the caller may approve', async () => {
    expect(await found(world.clerk, [{ type: 'approval', key: '' }])).toEqual([inApproval]);
    expect(await found(world.outsider, [{ type: 'approval', key: '' }])).toEqual([]);
  });

  it('a document in a queue the caller cannot browse never appears in results, counts or suggestions', async () => {
    const words = await search(world.clerk, [], '&q=secret');
    expect(words.documents.map((d) => d.id)).not.toContain(inSecret);
    expect(words.total).toBe(words.documents.length);
    expect(await found(world.clerk, [{ type: 'document', key: String(inSecret) }])).toEqual([]);
    expect(await found(world.clerk, [{ type: 'queue', key: String(secret) }])).toEqual([]);
    expect(await found(world.clerk, [{ type: 'inAllCompanies', key: '' }])).not.toContain(inSecret);
    const tags = await suggestions(world.clerk, 'secret');
    expect(tags.some((t) => t.text.includes('secret') || t.text.includes(secretName) || t.key === String(inSecret))).toBe(false);
    expect(await suggestions(world.clerk, String(inSecret))).toEqual([]);
    // The manager searches every queue, so the document exists and the filter is what hides it.
    expect(await found(world.manager, [{ type: 'document', key: String(inSecret) }])).toEqual([inSecret]);
  });

  it('suggests the queues the caller may search, by name, with the queue id as key', async () => {
    const word = inboxName.split(' ')[0];
    const queues = (await suggestions(world.clerk, word)).filter((t) => t.type === 'queue');
    expect(queues.map((t) => t.text).sort()).toEqual([inboxName, inboxName.replace('Inbox', 'Approval')].sort());
    expect(queues.find((t) => t.text === inboxName)).toEqual({ type: 'queue', key: String(inbox), text: inboxName, prefix: 'Queue' });
    const managerQueues = (await suggestions(world.manager, word)).filter((t) => t.type === 'queue');
    expect(managerQueues.map((t) => t.key)).toContain(String(secret));
  });
});
