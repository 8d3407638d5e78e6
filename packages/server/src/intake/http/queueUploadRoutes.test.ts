import { FEATURES1 } from '@datahaven/core/model';
import type { DmsDocument } from '@datahaven/core/model';
import { MESSAGES, queueRefusesImport } from '@datahaven/core/rules';
import { createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  grantGroupQueueAccess,
  placeInQueue,
  documentRowVersion,
} from '../../test/workflowFactories';

interface User {
  id: number;
  username: string;
}

function form(name: string, content: Buffer): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return data;
}

describeOnEachDatabase('queue intake: import, upload by import settings, submit', (server) => {
  let world: World;
  let worker: User;
  const q = { inbox: 0, closed: 0, approved: 0, smart: 0, autoSubmit: 0, promptSubmit: 0 };
  const names = { inbox: '', closed: '', approved: '', smart: '', autoSubmit: '' };

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    for (const key of Object.keys(names) as (keyof typeof names)[]) names[key] = unique(`Intake ${key} `);
    q.approved = await createQueue(s, type, { name: names.approved });
    q.inbox = await createQueue(s, type, { name: names.inbox, approveTo: q.approved });
    q.closed = await createQueue(s, type, { name: names.closed, features1: FEATURES1.NoImporting });
    q.smart = await createQueue(s, type, {
      name: names.smart,
      approveTo: q.approved,
      features1: FEATURES1.SmartQueue | FEATURES1.AutoApproveOnAutoLink,
    });
    q.autoSubmit = await createQueue(s, type, { name: names.autoSubmit, approveTo: q.approved, features1: FEATURES1.AutoApproveOnSubmit });
    q.promptSubmit = await createQueue(s, type, { approveTo: q.approved, features1: FEATURES1.PromptToApproveOnSubmit });
    // The worker imports, uploads and approves; the world's clerk imports but holds no workflow privilege.
    const workers = await createGroup(s, unique('AP Workers '), ['Cabinet: Import Documents', 'Notes: View Only', ...WORKFLOW_PRIVILEGES]);
    await grantTableAccess(s, workers, world.table.sitId, { canUpload: true });
    worker = await createUser(s, unique('worker'), { groups: [workers] });
    for (const queue of Object.values(q)) await grantGroupQueueAccess(s, workers, queue);
  });

  const as = (user: User) => server().authHeaders(user.username);
  // Each arrival is another scan (its own bytes): the same file twice would be a possible duplicate (issue 35), which no approval here is about.
  const freshPdf = () => makePdf(1, unique('Intake invoice '));
  const importInto = async (queueId: number, user: User) =>
    server().inject({
      method: 'POST',
      url: `/api/queues/${queueId}/documents`,
      headers: as(user),
      payload: form('Scan 0042.pdf', await freshPdf()),
    });
  const uploadOnRecord = async (user: User) =>
    server().inject({
      method: 'POST',
      url: `/api/documents?displayType=Default%20View&dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
      headers: as(user),
      payload: form('Invoice 7.pdf', await freshPdf()),
    });
  const submit = (user: User, payload: unknown) =>
    server().inject({ method: 'PUT', url: '/api/documents/submit', headers: as(user), payload });
  const notesOf = async (id: number): Promise<string[]> =>
    (await server().deps.db.selectFrom('notes').select(['kind', 'text']).where('document_id', '=', id).orderBy('id').execute()).map(
      (n) => `${n.kind}: ${n.text}`,
    );
  const historyOf = (id: number) =>
    server()
      .deps.db.selectFrom('workflow_history')
      .select(['action', 'from_queue_id', 'to_queue_id', 'user_id', 'note'])
      .where('document_id', '=', id)
      .orderBy('id')
      .execute();
  const queueOf = async (id: number) =>
    (await server().deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;
  const documentCount = async () =>
    Number(
      (
        await server()
          .deps.db.selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a NoImporting queue refuses dropped files in words, storing nothing; no workflow privilege, no import', async () => {
    const before = await documentCount();
    const refused = await importInto(q.closed, worker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(queueRefusesImport(names.closed));
    expect(refused.json<{ message: string }>().message).toMatch(/^Error: Cannot complete import! /);
    expect((await importInto(q.inbox, world.outsider)).statusCode).toBe(403);
    expect(await documentCount()).toBe(before);
  });

  it('files dropped on an importing queue land in it, unlinked, with the entry note and history', async () => {
    const response = await importInto(q.inbox, worker);
    expect(response.statusCode).toBe(201);
    const [doc] = response.json<DmsDocument[]>();
    expect(doc.name).toBe('Scan 0042.pdf');
    expect(doc.queue?.id).toBe(q.inbox);
    expect(doc.link).toBeNull();
    expect(await notesOf(doc.id)).toEqual([
      `system: Uploaded by ${worker.username}`,
      `system: Imported into '${names.inbox}' by ${worker.username}.`,
    ]);
    expect(await historyOf(doc.id)).toEqual([
      { action: 'import', from_queue_id: null, to_queue_id: q.inbox, user_id: worker.id, note: null },
    ]);
  });

  it("an upload on a record enters the queue its table's import settings name; a SmartQueue auto-approves it as the uploader may", async () => {
    const setImportQueue = (queueId: number | null) =>
      server().deps.db.updateTable('integrated_tables').set({ import_queue_id: queueId }).where('id', '=', world.table.sitId).execute();
    await setImportQueue(q.inbox);
    try {
      const settings = await server().inject({
        method: 'GET',
        url: `/api/sits/${world.table.sitId}/importSettings`,
        headers: as(world.clerk),
      });
      expect(settings.json<{ queueId: number | null }>().queueId).toBe(q.inbox);
      const uploaded = await uploadOnRecord(world.clerk);
      expect(uploaded.statusCode).toBe(201);
      const [doc] = uploaded.json<DmsDocument[]>();
      expect(await queueOf(doc.id)).toBe(q.inbox);
      expect((await notesOf(doc.id)).slice(-1)).toEqual([`system: Entered '${names.inbox}' on upload by ${world.clerk.username}.`]);
      expect(await historyOf(doc.id)).toEqual([
        { action: 'upload', from_queue_id: null, to_queue_id: q.inbox, user_id: world.clerk.id, note: null },
      ]);

      // SmartQueue + AutoApproveOnAutoLink: the linked arrival is approved in the uploader's name, under the approve rules.
      await setImportQueue(q.smart);
      const [byClerk] = (await uploadOnRecord(world.clerk)).json<DmsDocument[]>();
      expect(await queueOf(byClerk.id)).toBe(q.smart);
      expect((await notesOf(byClerk.id)).slice(-1)).toEqual([
        "system: Not approved automatically on auto-link: Approving documents needs the 'Workflow: Approve' privilege.",
      ]);
      const [byWorker] = (await uploadOnRecord(worker)).json<DmsDocument[]>();
      expect(await queueOf(byWorker.id)).toBe(q.approved);
      expect((await historyOf(byWorker.id)).map((h) => [h.action, h.from_queue_id, h.to_queue_id])).toEqual([
        ['upload', null, q.smart],
        ['approve', q.smart, q.approved],
      ]);
    } finally {
      await setImportQueue(null);
    }
  });

  it('submit needs a note; it writes history and notes; AutoApproveOnSubmit approves, PromptToApproveOnSubmit asks', async () => {
    const [doc] = (await importInto(q.inbox, worker)).json<DmsDocument[]>();
    const rowVersion = await documentRowVersion(server(), doc.id);
    const noNote = await submit(worker, { docId: [doc.id], rowConflictIds: [rowVersion], expectedQueueId: q.inbox, note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json<{ message: string }>().message).toBe(MESSAGES.noteRequired);

    const done = await submit(worker, { docId: [doc.id], rowConflictIds: [rowVersion], expectedQueueId: q.inbox, note: 'Coded to 6110' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      documents: [{ id: doc.id, queueId: q.inbox, rowVersion: rowVersion + 1 }],
      autoApproved: false,
      autoApproveRefusal: null,
      promptToApprove: false,
      launchRecord: false,
    });
    expect((await notesOf(doc.id)).slice(-2)).toEqual([
      `system: Submitted by ${worker.username} in '${names.inbox}'.`,
      'user: Coded to 6110',
    ]);
    expect((await historyOf(doc.id)).slice(-1)).toEqual([
      { action: 'submit', from_queue_id: q.inbox, to_queue_id: q.inbox, user_id: worker.id, note: 'Coded to 6110' },
    ]);
    // The window's row version is stale now.
    expect(
      (await submit(worker, { docId: [doc.id], rowConflictIds: [rowVersion], expectedQueueId: q.inbox, note: 'Again' })).statusCode,
    ).toBe(409);

    await placeInQueue(server(), doc.id, q.autoSubmit);
    const auto = await submit(worker, {
      docId: [doc.id],
      rowConflictIds: [await documentRowVersion(server(), doc.id)],
      expectedQueueId: q.autoSubmit,
      note: 'Ready',
    });
    expect(auto.json()).toMatchObject({ autoApproved: true, autoApproveRefusal: null, documents: [{ id: doc.id, queueId: q.approved }] });
    expect((await historyOf(doc.id)).slice(-2).map((h) => [h.action, h.from_queue_id, h.to_queue_id])).toEqual([
      ['submit', q.autoSubmit, q.autoSubmit],
      ['approve', q.autoSubmit, q.approved],
    ]);

    await placeInQueue(server(), doc.id, q.promptSubmit);
    const prompt = await submit(worker, {
      docId: [doc.id],
      rowConflictIds: [await documentRowVersion(server(), doc.id)],
      expectedQueueId: q.promptSubmit,
      note: 'Ready',
    });
    expect(prompt.json()).toMatchObject({
      autoApproved: false,
      promptToApprove: true,
      documents: [{ id: doc.id, queueId: q.promptSubmit }],
    });
  });
});
