import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { DmsDocument } from '@datahaven/core/model';
import sharp from 'sharp';
import { REPAIRED_PDF_KIND } from '../../renditions';
import {
  classicPdf,
  randomAfterHeader,
  truncatedMidStream,
  withBadStartxref,
  withShiftedOffsets,
  withoutTrailer,
} from '../../pdf/test/damagedPdfs';
import { createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { WORKFLOW_PRIVILEGES, createQueue, createQueueType, grantGroupQueueAccess } from '../../test/workflowFactories';
import { REPAIRED_PDF_NOTE } from '../commitArrivals';

const DAMAGED = 'The PDF is damaged and could not be read.';

interface User {
  id: number;
  username: string;
}

function form(name: string, content: Buffer, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return data;
}

async function encryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 2; page++) pdf.addPage([595, 842]).drawText(`Locked page ${page}`, { x: 50, y: 700, size: 18, font });
  pdf.encrypt({ userPassword: 'open-sesame', ownerPassword: 'open-sesame-owner' });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

describeOnEachDatabase('damaged PDFs at intake: refused in words, or repaired with a note', (server) => {
  let world: World;
  let worker: User;
  let inbox: number;

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    inbox = await createQueue(s, await createQueueType(s), { name: unique('Damaged inbox ') });
    const workers = await createGroup(s, unique('AP Workers '), ['Cabinet: Import Documents', 'Notes: View Only', ...WORKFLOW_PRIVILEGES]);
    await grantTableAccess(s, workers, world.table.sitId, { canUpload: true });
    worker = await createUser(s, unique('worker'), { groups: [workers] });
    await grantGroupQueueAccess(s, workers, inbox);
  });

  const as = (user: User) => server().authHeaders(user.username);
  const uploadOnRecord = (name: string, content: Buffer) =>
    server().inject({
      method: 'POST',
      url: `/api/documents?displayType=Default%20View&dataAreaId=CRONUS&sitId=${world.table.sitId}&recordId=${world.recordId}`,
      headers: as(world.clerk),
      payload: form(name, content),
    });
  const importIntoQueue = (name: string, content: Buffer) =>
    server().inject({ method: 'POST', url: `/api/queues/${inbox}/documents`, headers: as(worker), payload: form(name, content) });
  const fileFromMail = (name: string, content: Buffer) =>
    server().inject({
      method: 'POST',
      url: `/api/mail-import?queueId=${inbox}`,
      headers: as(worker),
      payload: form(name, content, { subject: unique('Invoice mail '), from: 'ap@vendor.example' }),
    });

  const notesOf = async (id: number): Promise<string[]> =>
    (
      await server()
        .deps.db.selectFrom('notes')
        .select('text')
        .where('document_id', '=', id)
        .where('kind', '=', 'system')
        .orderBy('id')
        .execute()
    ).map((note) => note.text);
  const shaOf = async (id: number): Promise<string> =>
    (await server().deps.db.selectFrom('documents').select('file_sha256').where('id', '=', id).executeTakeFirstOrThrow()).file_sha256;
  const repairedCopyOf = async (sha: string) =>
    server()
      .deps.db.selectFrom('derived_files')
      .select('derived_sha256')
      .where('source_sha256', '=', sha)
      .where('kind', '=', REPAIRED_PDF_KIND)
      .executeTakeFirst();

  /** Share of dark pixels of a page's thumbnail: above zero when the page's text was drawn. */
  async function thumbnailInk(id: number, page: number): Promise<number> {
    const response = await server().inject({ url: `/api/documents/${id}/pages/${page}/thumbnail?width=400`, headers: as(world.clerk) });
    expect(response.statusCode).toBe(200);
    const { data, info } = await sharp(response.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(400);
    let dark = 0;
    for (const value of data) if (value < 128) dark += 1;
    return dark / data.length;
  }

  it.each([
    ['a bad startxref', withBadStartxref],
    ['xref offsets that point into other objects', withShiftedOffsets],
    ['no xref table and no trailer (cut off after the last object)', withoutTrailer],
  ])('a PDF with %s is repaired: right page count, thumbnails drawn, a system note, the original kept as sent', async (_what, damage) => {
    const content = damage(await classicPdf(3, unique('Mended folio ')));
    const response = await uploadOnRecord('Damaged.pdf', content);
    expect(response.statusCode).toBe(201);
    const [document] = response.json<DmsDocument[]>();
    expect(document.totalPages).toBe(3);
    expect(await notesOf(document.id)).toEqual([`Uploaded by ${world.clerk.username}`, REPAIRED_PDF_NOTE]);

    const sha = await shaOf(document.id);
    const repaired = await repairedCopyOf(sha);
    expect(repaired).toBeDefined();
    expect(repaired?.derived_sha256).not.toBe(sha);
    for (const page of [1, 3]) expect(await thumbnailInk(document.id, page)).toBeGreaterThan(0.001);
    const data = await server().inject({ url: `/api/documents/${document.id}/data`, headers: as(world.clerk) });
    expect(Buffer.compare(data.rawPayload, content)).toBe(0);
  });

  it('a sound PDF gets no repair and no note', async () => {
    const response = await uploadOnRecord('Sound.pdf', await classicPdf(2, unique('Sound ')));
    expect(response.statusCode).toBe(201);
    const [document] = response.json<DmsDocument[]>();
    expect(document.totalPages).toBe(2);
    expect(await notesOf(document.id)).toEqual([`Uploaded by ${world.clerk.username}`]);
    expect(await repairedCopyOf(await shaOf(document.id))).toBeUndefined();
  });

  it('the same damaged file sent again is marked a duplicate of the first by its original bytes', async () => {
    const content = withShiftedOffsets(await classicPdf(1, unique('Twice ')));
    const first = (await uploadOnRecord('Twice.pdf', content)).json<DmsDocument[]>()[0];
    const second = (await uploadOnRecord('Twice again.pdf', content)).json<DmsDocument[]>()[0];
    expect(await shaOf(second.id)).toBe(await shaOf(first.id));
    const marks = await server()
      .deps.db.selectFrom('duplicate_marks')
      .select(['document_id', 'other_document_id'])
      .where('reason', '=', 'file')
      .where('document_id', 'in', [first.id, second.id])
      .orderBy('document_id')
      .execute();
    expect(marks).toEqual([
      { document_id: first.id, other_document_id: second.id },
      { document_id: second.id, other_document_id: first.id },
    ]);
  });

  it.each([
    ['cut off inside a content stream (its later pages lost)', async () => truncatedMidStream(await classicPdf(3, unique('Cut ')))],
    ['%PDF-1.7 followed by noise', async () => randomAfterHeader()],
  ])('a PDF %s is refused with 415 in words, nothing stored', async (_what, make) => {
    const before = await server()
      .deps.db.selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await uploadOnRecord('Broken.pdf', await make());
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ statusCode: 415, exceptionType: 'UnsupportedFileType', message: DAMAGED });
    const after = await server()
      .deps.db.selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("a PNG named .pdf keeps the type refusal: 415 'Unsupported file type!'", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const response = await uploadOnRecord('Scan.pdf', png);
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toBe('Unsupported file type!');
  });

  it('a password PDF is accepted as before: its pages counted, no repair, its thumbnail 409', async () => {
    const response = await uploadOnRecord('Locked.pdf', await encryptedPdf());
    expect(response.statusCode).toBe(201);
    const [document] = response.json<DmsDocument[]>();
    expect(document.totalPages).toBe(2);
    expect(await notesOf(document.id)).toEqual([`Uploaded by ${world.clerk.username}`]);
    expect(await repairedCopyOf(await shaOf(document.id))).toBeUndefined();
    const thumbnail = await server().inject({ url: `/api/documents/${document.id}/pages/1/thumbnail`, headers: as(world.clerk) });
    expect(thumbnail.statusCode).toBe(409);
  });

  it('a queue import and an e-mail filing say the same words, and repair the same way', async () => {
    const paths = [
      { send: importIntoQueue, idOf: (body: string) => (JSON.parse(body) as DmsDocument[])[0].id },
      { send: fileFromMail, idOf: (body: string) => (JSON.parse(body) as { documents: DmsDocument[] }).documents[0].id },
    ];
    for (const { send, idOf } of paths) {
      const refused = await send('Broken.pdf', randomAfterHeader());
      expect(refused.statusCode).toBe(415);
      expect(refused.json<{ message: string }>().message).toBe(DAMAGED);

      const accepted = await send('Damaged.pdf', withBadStartxref(await classicPdf(2, unique('Queue folio '))));
      expect(accepted.statusCode).toBe(201);
      const id = idOf(accepted.body);
      expect(await notesOf(id)).toContain(REPAIRED_PDF_NOTE);
      expect(await repairedCopyOf(await shaOf(id))).toBeDefined();
    }
  });
});
