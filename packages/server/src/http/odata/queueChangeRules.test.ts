import { MESSAGES } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { WORKFLOW_PRIVILEGES, createQueue, createQueueType, createRoute, documentRowVersion, grantGroupQueueAccess, placeInQueue } from '../../test/workflowFactories';

/**
 * A queue change through REST (routing a document on, with a note) and through OData (delegating
 * a queue, with a note) meets the same note rule of the commands: the same refusal, the same text,
 * and the same count of characters (code points, as the database counts them).
 */
describeOnEachDatabase('the same queue rule through REST and OData', (server) => {
  let world: World;
  let worker: { id: number; username: string };
  let manager: { id: number; username: string };
  let from: number;
  let to: number;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    from = await createQueue(s, type, { name: unique('Inbox ') });
    to = await createQueue(s, type, { name: unique('Coding ') });
    await createRoute(s, from, to);
    const workers = await createGroup(s, unique('Workers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, workers, world.table.sitId);
    for (const queue of [from, to]) await grantGroupQueueAccess(s, workers, queue);
    worker = await createUser(s, unique('worker'), { groups: [workers] });
    manager = await createUser(s, unique('qmanager'), { privileges: { 'Security: Manager': true } });
  });

  async function documentInQueue(): Promise<{ id: number; rowVersion: number }> {
    const id = await createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk, fileName: 'Invoice.pdf' });
    await placeInQueue(server(), id, from);
    return { id, rowVersion: await documentRowVersion(server(), id) };
  }

  /** REST: PUT /api/documents/route with `note`; answers status and error message (if any). */
  async function routeWithNote(note: string): Promise<{ status: number; message: string | null; queueId: number | null }> {
    const doc = await documentInQueue();
    const response = await server().inject({
      method: 'PUT',
      url: '/api/documents/route',
      headers: server().authHeaders(worker.username),
      payload: { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: from, to, note },
    });
    const row = await server().deps.db.selectFrom('documents').select('queue_id').where('id', '=', doc.id).executeTakeFirstOrThrow();
    const message = response.statusCode === 200 ? null : response.json<{ message: string }>().message;
    return { status: response.statusCode, message, queueId: row.queue_id };
  }

  /** OData: POST WorkflowDelegates with `NoteText`; answers status and error message (if any). */
  async function delegateWithNote(note: string): Promise<{ status: number; message: string | null; delegates: number }> {
    const response = await server().inject({
      method: 'POST',
      url: '/odata/v1/WorkflowDelegates',
      headers: server().authHeaders(manager.username),
      payload: { FromQueueId: from, ToQueueId: to, NoteText: note },
    });
    const rows = await server().deps.db.selectFrom('workflow_delegates').select('id').where('from_queue_id', '=', from).where('note_text', '=', note).execute();
    const message = response.statusCode === 201 ? null : response.json<{ error: { message: string } }>().error.message;
    return { status: response.statusCode, message, delegates: rows.length };
  }

  it('refuses a note of 4001 characters on both paths with the same 400 and message, changing nothing', async () => {
    const note = 'n'.repeat(4001);
    const rest = await routeWithNote(note);
    const odata = await delegateWithNote(note);
    expect(rest).toEqual({ status: 400, message: MESSAGES.noteTooLong, queueId: from });
    expect(odata).toEqual({ status: 400, message: MESSAGES.noteTooLong, delegates: 0 });
  });

  it('accepts 4000 characters outside the Basic Multilingual Plane on both paths (counted as characters, not UTF-16 units)', async () => {
    const note = '\u{1F4C4}'.repeat(4000);
    expect(note.length).toBe(8000);
    const rest = await routeWithNote(note);
    const odata = await delegateWithNote(note);
    expect(rest).toEqual({ status: 200, message: null, queueId: to });
    expect(odata).toEqual({ status: 201, message: null, delegates: 1 });
  });
});
