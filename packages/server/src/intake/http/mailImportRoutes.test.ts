import type { MailImport } from '@datahaven/core/contract';
import { Readable } from 'node:stream';
import { createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { WORKFLOW_PRIVILEGES, createQueue, createQueueType, grantGroupQueueAccess } from '../../test/workflowFactories';
import { writeEmlDraft } from '../../mail/writeEmlDraft';

interface User {
  id: number;
  username: string;
}

interface MailPart {
  field: 'file' | 'message';
  name: string;
  type: string;
  content: Buffer;
}

async function emlOf(subject: string, attachment: { name: string; content: Buffer }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = writeEmlDraft({
    from: { name: 'Müller GmbH', address: 'ap@mueller.example' },
    subject,
    text: 'Anbei die Rechnung.',
    date: new Date('2025-05-30T09:00:00Z'),
    attachments: [{ name: attachment.name, mediaType: 'application/pdf', open: () => Readable.from([attachment.content]) }],
  });
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function mailForm(fields: Record<string, string>, parts: readonly MailPart[]): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const part of parts) data.append(part.field, new Blob([new Uint8Array(part.content)], { type: part.type }), part.name);
  return data;
}

describeOnEachDatabase("e-mail import: an e-mail's attachments into a queue or a record's folder", (server) => {
  let world: World;
  let worker: User;
  let inbox: number;
  let inboxName: string;
  let closedQueue: number;
  let invoice: Buffer;
  let delivery: Buffer;
  const subject = 'Rechnung März 2025 — Bestellung 4711';
  const from = 'Müller GmbH <ap@mueller.example>';

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    invoice = await makePdf(1, 'Rechnung März');
    delivery = await makePdf(2, 'Lieferschein');
    const type = await createQueueType(s);
    inboxName = unique('AP Inbox ');
    inbox = await createQueue(s, type, { name: inboxName });
    closedQueue = await createQueue(s, type);
    const workers = await createGroup(s, unique('AP Workers '), ['Cabinet: Import Documents', 'Notes: View Only', ...WORKFLOW_PRIVILEGES]);
    await grantTableAccess(s, workers, world.table.sitId, { canUpload: true });
    worker = await createUser(s, unique('worker'), { groups: [workers] });
    await grantGroupQueueAccess(s, workers, inbox);
  });

  const post = (url: string, user: User, form: FormData) =>
    server().inject({ method: 'POST', url, headers: server().authHeaders(user.username), payload: form });
  const intoQueue = (queueId: number, user: User, form: FormData) => post(`/api/mail-import?queueId=${queueId}`, user, form);
  const intoRecord = (recordId: string, user: User, form: FormData) =>
    post(`/api/mail-import?dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${recordId}`, user, form);
  const notesOf = async (id: number): Promise<string[]> =>
    (await server().deps.db.selectFrom('notes').select(['kind', 'text']).where('document_id', '=', id).orderBy('id').execute()).map(
      (n) => `${n.kind}: ${n.text}`,
    );
  const documentCount = async () =>
    Number(
      (
        await server()
          .deps.db.selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('files the attachments and the kept .eml into the queue with subject and sender as description, the note and the user note', async () => {
    const eml = await emlOf(subject, { name: 'Rechnung März.pdf', content: invoice });
    const response = await intoQueue(
      inbox,
      worker,
      mailForm({ subject, from, note: 'Bitte bis Freitag prüfen.' }, [
        { field: 'file', name: 'Rechnung März.pdf', type: 'application/pdf', content: invoice },
        { field: 'message', name: 'Rechnung März 2025.eml', type: 'message/rfc822', content: eml },
      ]),
    );
    expect(response.statusCode).toBe(201);
    const answer = response.json<MailImport>();
    expect(answer.duplicates).toEqual([]);
    expect(answer.documents.map((document) => [document.name, document.queue?.id, document.link])).toEqual([
      ['Rechnung März.pdf', inbox, null],
      ['Rechnung März 2025.eml', inbox, null],
    ]);
    for (const document of answer.documents) {
      expect(document.description).toBe(`${subject} — ${from}`);
      const notes = await notesOf(document.id);
      expect(notes).toEqual(
        expect.arrayContaining([`system: Imported from the e-mail '${subject}' from ${from}.`, 'user: Bitte bis Freitag prüfen.']),
      );
    }
    // The queue list shows them, as any import.
    const listed = await server().inject({ url: `/api/queues/${inbox}/workflow`, headers: server().authHeaders(worker.username) });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('Rechnung März.pdf');
  });

  it('says in words that a file already in the queue is not imported again; all duplicates → 409 storing nothing', async () => {
    const before = await documentCount();
    const again = await intoQueue(
      inbox,
      worker,
      mailForm({ subject, from }, [{ field: 'file', name: 'Rechnung März.pdf', type: 'application/pdf', content: invoice }]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      exceptionType: 'Conflict',
      message: `'Rechnung März.pdf' is already in the queue ${inboxName}; it was not imported again.`,
    });
    expect(await documentCount()).toBe(before);
    // A new file beside it is imported; the duplicate (under another name, too) is named with its document.
    const mixed = await intoQueue(
      inbox,
      worker,
      mailForm({ subject: 'Nachtrag', from }, [
        { field: 'file', name: 'Kopie.pdf', type: 'application/pdf', content: invoice },
        { field: 'file', name: 'Lieferschein.pdf', type: 'application/pdf', content: delivery },
        { field: 'file', name: 'Lieferschein (1).pdf', type: 'application/pdf', content: delivery },
      ]),
    );
    expect(mixed.statusCode).toBe(201);
    const answer = mixed.json<MailImport>();
    expect(answer.documents.map((document) => document.name)).toEqual(['Lieferschein.pdf']);
    expect(answer.documents[0].description).toBe(`Nachtrag — ${from}`);
    expect(answer.duplicates).toEqual([
      {
        fileName: 'Kopie.pdf',
        documentId: expect.any(Number) as number,
        message: `'Kopie.pdf' is already in the queue ${inboxName}; it was not imported again.`,
      },
      {
        fileName: 'Lieferschein (1).pdf',
        documentId: null,
        message: "'Lieferschein (1).pdf' is the same file as 'Lieferschein.pdf' of this e-mail; it was imported once.",
      },
    ]);
    expect(await documentCount()).toBe(before + 1);
  });

  it('SECURITY row 25: the same e-mail sent again with its Idempotency-Key gets the first answer, not a 409; another form under that key → 422', async () => {
    const scan = await makePdf(1, unique('Retry '));
    const key = unique('mail');
    const send = (fields: Record<string, string>) =>
      server().inject({
        method: 'POST',
        url: `/api/mail-import?queueId=${inbox}`,
        headers: { ...server().authHeaders(worker.username), 'idempotency-key': key },
        payload: mailForm(fields, [{ field: 'file', name: 'Retry.pdf', type: 'application/pdf', content: scan }]),
      });
    const before = await documentCount();
    const first = await send({ subject, from });
    expect(first.statusCode).toBe(201);
    const again = await send({ subject, from });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<MailImport>()).toEqual(first.json<MailImport>());
    expect(await documentCount()).toBe(before + 1);
    // The same file under another subject is another request: refused, nothing made.
    const other = await send({ subject: 'Another e-mail', from });
    expect(other.statusCode).toBe(422);
    expect(await documentCount()).toBe(before + 1);
  });

  it("files into a record's folder as the upload does; the same file on another record is no duplicate", async () => {
    const scan = await makePdf(1, unique('Scan '));
    const first = await intoRecord(
      world.recordId,
      worker,
      mailForm({ subject: '', from }, [{ field: 'file', name: 'Scan.pdf', type: 'application/pdf', content: scan }]),
    );
    expect(first.statusCode).toBe(201);
    const [document] = first.json<MailImport>().documents;
    expect(document.description).toBe(from);
    expect(document.link).toMatchObject({ dataAreaId: 'CRONUS' });
    expect(await notesOf(document.id)).toEqual(expect.arrayContaining([`system: Imported from the e-mail '(no subject)' from ${from}.`]));
    const again = await intoRecord(
      world.recordId,
      worker,
      mailForm({ subject: 'S', from }, [{ field: 'file', name: 'Scan.pdf', type: 'application/pdf', content: scan }]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/^'Scan\.pdf' is already in .+; it was not imported again\.$/);
    const elsewhere = await intoRecord(
      world.otherRecordId,
      worker,
      mailForm({ subject: 'S', from }, [{ field: 'file', name: 'Scan.pdf', type: 'application/pdf', content: scan }]),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('checks access before storing: no queue access → 404, no upload right → 403, a too long note → 400, no place → 400', async () => {
    const before = await documentCount();
    const file: MailPart = { field: 'file', name: 'x.pdf', type: 'application/pdf', content: await makePdf(1, unique('X ')) };
    expect((await intoQueue(closedQueue, worker, mailForm({ subject, from }, [file]))).statusCode).toBe(404);
    expect((await intoQueue(inbox, world.outsider, mailForm({ subject, from }, [file]))).statusCode).toBe(403);
    expect((await intoRecord(world.recordId, world.outsider, mailForm({ subject, from }, [file]))).statusCode).toBe(403);
    const long = await intoQueue(inbox, worker, mailForm({ subject, from, note: 'n'.repeat(4001) }, [file]));
    expect(long.statusCode).toBe(400);
    expect((await post('/api/mail-import', worker, mailForm({ subject, from }, [file]))).statusCode).toBe(400);
    expect(await documentCount()).toBe(before);
  });
});
