import { FEATURES1 } from '@datahaven/core/model';
import { MESSAGES, noteRequiredToRouteTo } from '@datahaven/core/rules';
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
  placeInQueue,
} from '../../test/workflowFactories';

/** How a change went: the status, the refusal's message (null on success) and where the document is afterwards. */
interface Outcome {
  status: number;
  message: string | null;
  queueId: number | null;
}

/** What one attempt asks: who moves which document (seen at `version`) to which queue, with which note. */
interface Move {
  username: string;
  docId: number;
  version: number;
  to: number;
  note?: string;
}

/**
 * The same queue change — one document from queue A to queue B — through REST (PUT
 * /api/documents/route) and through OData (PATCH /odata/v1/Documents(id) with WorkflowQueueId,
 * the row version in If-Match) meets the same rule of the same routing command: the same refusal
 * with the same message, nothing moved; and the same success.
 */
describeOnEachDatabase('the same queue change through REST and OData', (server) => {
  let world: World;
  let worker: { id: number; username: string };
  let withoutRoutePrivilege: { id: number; username: string };
  let from: number;
  let to: number;
  let unrouted: number;
  let noteRequired: number;
  let noteRequiredName: string;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    from = await createQueue(s, type, { name: unique('Inbox ') });
    to = await createQueue(s, type, { name: unique('Coding ') });
    unrouted = await createQueue(s, type, { name: unique('Elsewhere ') });
    noteRequiredName = unique('Review ');
    noteRequired = await createQueue(s, type, { name: noteRequiredName, features1: FEATURES1.RouteToNoteRequired });
    await createRoute(s, from, to);
    await createRoute(s, from, noteRequired);
    const workers = await createGroup(s, unique('Workers '), WORKFLOW_PRIVILEGES);
    const lookers = await createGroup(s, unique('Lookers '), ['Workflow Queues: OK', 'Workflow: Approve']);
    for (const group of [workers, lookers]) {
      await grantTableAccess(s, group, world.table.sitId);
      for (const queue of [from, to, unrouted, noteRequired]) await grantGroupQueueAccess(s, group, queue);
    }
    worker = await createUser(s, unique('worker'), { groups: [workers] });
    withoutRoutePrivilege = await createUser(s, unique('looker'), { groups: [lookers] });
  });

  async function documentInQueueA(): Promise<{ id: number; version: number }> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      uploader: world.clerk,
      fileName: 'Invoice.pdf',
    });
    await placeInQueue(server(), id, from);
    return { id, version: await documentRowVersion(server(), id) };
  }

  async function queueOf(docId: number): Promise<number | null> {
    return (await server().deps.db.selectFrom('documents').select('queue_id').where('id', '=', docId).executeTakeFirstOrThrow()).queue_id;
  }

  /** REST: PUT /api/documents/route, the window's row version in rowConflictIds. */
  async function throughRest(move: Move): Promise<Outcome> {
    const response = await server().inject({
      method: 'PUT',
      url: '/api/documents/route',
      headers: server().authHeaders(move.username),
      payload: {
        docId: [move.docId],
        rowConflictIds: [move.version],
        expectedQueueId: from,
        to: move.to,
        ...(move.note === undefined ? {} : { note: move.note }),
      },
    });
    const message = response.statusCode === 200 ? null : response.json<{ message: string }>().message;
    return { status: response.statusCode, message, queueId: await queueOf(move.docId) };
  }

  /** OData: PATCH Documents(id) `{ WorkflowQueueId, NoteText }`, the row version as the If-Match ETag (TestServer.inject has no PATCH). */
  async function throughOData(move: Move): Promise<Outcome> {
    const response = await fetch(`${server().baseUrl}/odata/v1/Documents(${move.docId})`, {
      method: 'PATCH',
      headers: { ...server().authHeaders(move.username), 'content-type': 'application/json', 'if-match': `W/"${move.version}"` },
      body: JSON.stringify({ WorkflowQueueId: move.to, ...(move.note === undefined ? {} : { NoteText: move.note }) }),
    });
    const message = response.status === 204 ? null : ((await response.json()) as { error: { message: string } }).error.message;
    return { status: response.status, message, queueId: await queueOf(move.docId) };
  }

  /** The same move on two fresh documents in queue A, one per path. */
  async function bothPaths(move: Omit<Move, 'docId' | 'version'> & { stale?: boolean }): Promise<{ rest: Outcome; odata: Outcome }> {
    const outcomes: Outcome[] = [];
    for (const path of [throughRest, throughOData]) {
      const doc = await documentInQueueA();
      if (move.stale === true) {
        // Someone else changed the document after the caller read it: the row version moved on.
        await server()
          .deps.db.updateTable('documents')
          .set({ row_version: doc.version + 1 })
          .where('id', '=', doc.id)
          .execute();
      }
      outcomes.push(await path({ ...move, docId: doc.id, version: doc.version }));
    }
    const [rest, odata] = outcomes;
    return { rest, odata };
  }

  it('moves the document from A to B on both paths', async () => {
    const { rest, odata } = await bothPaths({ username: worker.username, to });
    expect(rest).toEqual({ status: 200, message: null, queueId: to });
    expect(odata).toEqual({ status: 204, message: null, queueId: to });
  });

  it('refuses a queue no route from A leads to with the same 400 and message', async () => {
    const { rest, odata } = await bothPaths({ username: worker.username, to: unrouted });
    expect(rest).toEqual({ status: 400, message: MESSAGES.noRoutesAvailable, queueId: from });
    expect(odata).toEqual(rest);
  });

  it("refuses a caller without the 'Workflow Route: OK' privilege with the same 403 and message", async () => {
    const { rest, odata } = await bothPaths({ username: withoutRoutePrivilege.username, to });
    expect(rest).toEqual({ status: 403, message: "Routing documents needs the 'Workflow Route: OK' privilege.", queueId: from });
    expect(odata).toEqual(rest);
  });

  it('refuses a move to a queue that requires a note, without one, with the same 400 and message', async () => {
    const { rest, odata } = await bothPaths({ username: worker.username, to: noteRequired });
    expect(rest).toEqual({ status: 400, message: noteRequiredToRouteTo(noteRequiredName), queueId: from });
    expect(odata).toEqual(rest);
    const withNote = await bothPaths({ username: worker.username, to: noteRequired, note: 'Checked the totals.' });
    expect(withNote.rest).toEqual({ status: 200, message: null, queueId: noteRequired });
    expect(withNote.odata).toEqual({ status: 204, message: null, queueId: noteRequired });
  });

  it('refuses a stale row version (rowConflictIds / If-Match) with the same 409 and message', async () => {
    const { rest, odata } = await bothPaths({ username: worker.username, to, stale: true });
    expect(rest).toEqual({ status: 409, message: MESSAGES.queueOutOfSync, queueId: from });
    expect(odata).toEqual(rest);
  });

  it('refuses a note of 4001 characters on both paths with the same 400 and message', async () => {
    const { rest, odata } = await bothPaths({ username: worker.username, to, note: 'n'.repeat(4001) });
    expect(rest).toEqual({ status: 400, message: MESSAGES.noteTooLong, queueId: from });
    expect(odata).toEqual(rest);
  });

  it('accepts 4000 characters outside the Basic Multilingual Plane on both paths (counted as characters, not UTF-16 units)', async () => {
    const note = '\u{1F4C4}'.repeat(4000);
    expect(note.length).toBe(8000);
    const { rest, odata } = await bothPaths({ username: worker.username, to, note });
    expect(rest).toEqual({ status: 200, message: null, queueId: to });
    expect(odata).toEqual({ status: 204, message: null, queueId: to });
  });
});
