import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { ANNOTATION_TYPES } from '@datahaven/core/model';
import type { Annotation } from '@datahaven/core/model';
import { ANNOTATION_MESSAGES } from '@datahaven/core/rules';
import { ANNOTATION_REFUSALS } from '../annotations/annotationPermissions';
import { centreOf, isNear, makeFramedPdf, pixelAtAnnotationPoint, renderPage } from '../annotations/test/pagePixels';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, placeInQueue } from '../../test/workflowFactories';
import { ANNOTATION_ROUTE_MESSAGES } from './annotationRoutes';

type User = { id: number; username: string };

const RECTANGLE = { type: ANNOTATION_TYPES.solidRectangle, page: 2, color: '#0000ff', x: 200, y: 300, width: 300, height: 200 };
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];

describeOnEachDatabase('annotations', (server) => {
  let world: World;
  let editor: User;
  let adder: User;
  let otherEditor: User;
  let tmp: string;

  beforeAll(async () => {
    world = await createWorld(server());
    const viewers = async (privileges: Parameters<typeof createGroup>[2]): Promise<number> => {
      const group = await createGroup(server(), unique('Annotators '), privileges);
      await grantTableAccess(server(), group, world.table.sitId);
      return group;
    };
    // The editors also export: the burn-in test downloads (download=true needs 'Cabinet: Export Documents').
    const editGroup = await viewers(['Cabinet: Annotations Edit', 'Cabinet: Export Documents']);
    const addGroup = await viewers(['Cabinet: Annotations Add Only']);
    editor = await createUser(server(), unique('editor'), { groups: [editGroup] });
    otherEditor = await createUser(server(), unique('editor'), { groups: [editGroup] });
    adder = await createUser(server(), unique('adder'), { groups: [addGroup] });
    tmp = await mkdtemp(join(tmpdir(), 'dh-annotations-'));
  });

  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  const as = (user: User) => server().authHeaders(user.username);

  async function post(user: User, docId: number, body: unknown) {
    return server().inject({ method: 'POST', url: `/api/documents/${docId}/annotations`, headers: as(user), payload: body });
  }

  async function added(user: User, docId: number, body: unknown = RECTANGLE): Promise<Annotation> {
    const response = await post(user, docId, body);
    expect(response.statusCode).toBe(201);
    return response.json<Annotation>();
  }

  async function newDocument(content?: Buffer, fileName = 'annotated.pdf'): Promise<number> {
    return createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk, content, fileName });
  }

  test('round trip: add, list (all and by page), read, change, delete', async () => {
    const docId = world.pdfDocId;
    const created = await added(editor, docId, { ...RECTANGLE, page: 1 });
    expect(created).toMatchObject({
      docId,
      type: 2,
      page: 1,
      color: 0x0000ff,
      x: 200,
      y: 300,
      width: 300,
      height: 200,
      content: null,
      size: null,
      author: editor.username,
      rowVersion: 1,
      canEdit: true,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const text = await added(editor, docId, {
      type: ANNOTATION_TYPES.textbox,
      page: 2,
      x: 10,
      y: 20,
      width: 400,
      height: 100,
      content: 'wrong VAT',
    });
    expect(text).toMatchObject({ color: 0xed1c24, size: 14, content: 'wrong VAT' });

    const all = await server().inject({ url: `/api/annotations?docId=${docId}`, headers: as(editor) });
    expect(all.statusCode).toBe(200);
    // Page order first; within a page, creation order (two adds in one millisecond may come either way).
    expect(all.json<Annotation[]>().map((a) => a.id)).toEqual([created.id, text.id]);
    const pageTwo = await server().inject({ url: `/api/annotations?docId=${docId}&page=2`, headers: as(editor) });
    expect(pageTwo.json<Annotation[]>().map((a) => a.id)).toEqual([text.id]);

    const one = await server().inject({ url: `/api/annotations/${created.id}`, headers: as(editor) });
    expect(one.statusCode).toBe(200);
    expect(one.json<Annotation>()).toEqual(created);

    const changed = await server().inject({
      method: 'PUT',
      url: `/api/annotations/${text.id}`,
      headers: as(editor),
      payload: { x: 50, content: 'VAT should be 19%', size: 20, color: 0x00ff00, rowVersion: 1 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Annotation>()).toMatchObject({
      id: text.id,
      x: 50,
      y: 20,
      content: 'VAT should be 19%',
      size: 20,
      color: 0x00ff00,
      rowVersion: 2,
    });
    const stale = await server().inject({
      method: 'PUT',
      url: `/api/annotations/${text.id}`,
      headers: as(editor),
      payload: { x: 60, rowVersion: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(ANNOTATION_ROUTE_MESSAGES.changedMeanwhile);

    const removed = await server().inject({ method: 'DELETE', url: `/api/annotations/${text.id}`, headers: as(editor) });
    expect(removed.statusCode).toBe(204);
    expect((await server().inject({ url: `/api/annotations/${text.id}`, headers: as(editor) })).statusCode).toBe(404);
    const left = await server().inject({ url: `/api/annotations?docId=${docId}`, headers: as(editor) });
    expect(left.json<Annotation[]>().map((a) => a.id)).toEqual([created.id]);
  });

  test("403 without an annotation privilege; Add Only changes only its own; Edit changes anyone's", async () => {
    const docId = world.contractDocId;
    // The clerk sees the document but holds neither annotation privilege.
    const refused = await post(world.clerk, docId, { ...RECTANGLE, page: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(ANNOTATION_REFUSALS.add);

    const byEditor = await added(editor, docId, { ...RECTANGLE, page: 1 });
    const byAdder = await added(adder, docId, { ...RECTANGLE, page: 1 });
    const forClerk = await server().inject({ url: `/api/annotations/${byEditor.id}`, headers: as(world.clerk) });
    expect(forClerk.statusCode).toBe(200);
    expect(forClerk.json<Annotation>().canEdit).toBe(false);
    const clerkChange = await server().inject({
      method: 'PUT',
      url: `/api/annotations/${byEditor.id}`,
      headers: as(world.clerk),
      payload: { x: 1 },
    });
    expect(clerkChange.statusCode).toBe(403);
    expect((await server().inject({ method: 'DELETE', url: `/api/annotations/${byEditor.id}`, headers: as(world.clerk) })).statusCode).toBe(
      403,
    );

    const list = await server().inject({ url: `/api/annotations?docId=${docId}`, headers: as(adder) });
    const canEdit = Object.fromEntries(list.json<Annotation[]>().map((a) => [a.id, a.canEdit]));
    expect(canEdit).toEqual({ [byEditor.id]: false, [byAdder.id]: true });
    const othersChange = await server().inject({
      method: 'PUT',
      url: `/api/annotations/${byEditor.id}`,
      headers: as(adder),
      payload: { x: 1 },
    });
    expect(othersChange.statusCode).toBe(403);
    expect(othersChange.json<{ message: string }>().message).toBe(ANNOTATION_REFUSALS.editOthers);
    const ownChange = await server().inject({
      method: 'PUT',
      url: `/api/annotations/${byAdder.id}`,
      headers: as(adder),
      payload: { x: 1 },
    });
    expect(ownChange.statusCode).toBe(200);

    const editorChange = await server().inject({
      method: 'PUT',
      url: `/api/annotations/${byAdder.id}`,
      headers: as(otherEditor),
      payload: { y: 5 },
    });
    expect(editorChange.statusCode).toBe(200);
    expect(editorChange.json<Annotation>()).toMatchObject({ x: 1, y: 5, author: adder.username, rowVersion: 3 });
    expect((await server().inject({ method: 'DELETE', url: `/api/annotations/${byEditor.id}`, headers: as(otherEditor) })).statusCode).toBe(
      204,
    );
  });

  test('in a queue, changes need ChangeAnnotations in the effective queue access (403 otherwise)', async () => {
    const docId = await newDocument();
    const queueId = await createQueue(server(), await createQueueType(server()));
    const annotation = await added(editor, docId);
    await placeInQueue(server(), docId, queueId);
    // No grant: the document stays visible through the integrated table, but the queue forbids.
    for (const response of [
      await post(editor, docId, RECTANGLE),
      await server().inject({ method: 'PUT', url: `/api/annotations/${annotation.id}`, headers: as(editor), payload: { x: 1 } }),
      await server().inject({ method: 'DELETE', url: `/api/annotations/${annotation.id}`, headers: as(editor) }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(ANNOTATION_REFUSALS.queue);
    }
    const listed = await server().inject({ url: `/api/annotations?docId=${docId}`, headers: as(editor) });
    expect(listed.json<Annotation[]>()[0].canEdit).toBe(false);

    await grantUserQueueAccess(server(), editor.id, queueId, ['BrowseToQueue', 'AccessDocumentWithin', 'ChangeAnnotations']);
    expect((await post(editor, docId, RECTANGLE)).statusCode).toBe(201);
    await grantUserQueueAccess(server(), otherEditor.id, queueId, ['BrowseToQueue', 'AccessDocumentWithin']);
    expect((await post(otherEditor, docId, RECTANGLE)).statusCode).toBe(403);
  });

  test("another user's live lock refuses changes with 409; an expired one does not", async () => {
    const docId = await newDocument();
    const annotation = await added(editor, docId);
    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
    await server()
      .deps.db.insertInto('document_locks')
      .values({ document_id: docId, user_id: otherEditor.id, queue_id: null, acquired_at: new Date().toISOString(), expires_at: expiresAt })
      .execute();
    const locked = await post(editor, docId, RECTANGLE);
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ message: string }>().message).toBe('The document has been locked by another user.');
    expect(
      (await server().inject({ method: 'PUT', url: `/api/annotations/${annotation.id}`, headers: as(editor), payload: { x: 1 } }))
        .statusCode,
    ).toBe(409);
    expect((await server().inject({ method: 'DELETE', url: `/api/annotations/${annotation.id}`, headers: as(editor) })).statusCode).toBe(
      409,
    );
    // The lock holder may change them.
    expect((await post(otherEditor, docId, RECTANGLE)).statusCode).toBe(201);
    server().advanceDatabaseClock(2 * 60 * 60_000);
    try {
      expect((await post(editor, docId, RECTANGLE)).statusCode).toBe(201);
    } finally {
      server().advanceDatabaseClock(-2 * 60 * 60_000);
    }
  });

  test('404 for a document or annotation the caller cannot see, the same as a missing one', async () => {
    const annotation = await added(editor, world.pdfDocId, { ...RECTANGLE, page: 3 });
    const outsider = as(world.outsider);
    const answers = [
      await server().inject({ url: `/api/annotations?docId=${world.pdfDocId}`, headers: outsider }),
      await server().inject({ url: `/api/annotations/${annotation.id}`, headers: outsider }),
      await server().inject({ method: 'PUT', url: `/api/annotations/${annotation.id}`, headers: outsider, payload: { x: 1 } }),
      await server().inject({ method: 'DELETE', url: `/api/annotations/${annotation.id}`, headers: outsider }),
      await post(world.outsider, world.pdfDocId, RECTANGLE),
      await server().inject({ url: `/api/annotations/00000000-0000-4000-8000-000000000000`, headers: as(editor) }),
      await server().inject({ url: `/api/annotations?docId=999999`, headers: as(editor) }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(answers[1].json<{ message: string }>().message).toBe(answers[5].json<{ message: string }>().message);
    // Unchanged for the owner.
    expect((await server().inject({ url: `/api/annotations/${annotation.id}`, headers: as(editor) })).json<Annotation>().x).toBe(200);
  });

  test('400 with a clear message for bad shapes and parameters', async () => {
    const docId = world.pdfDocId; // 3 pages
    const cases: [unknown, string][] = [
      [{ ...RECTANGLE, page: 4 }, ANNOTATION_MESSAGES.pageOutOfRange(4, 3)],
      [{ ...RECTANGLE, page: 0 }, ANNOTATION_MESSAGES.badPage],
      [{ ...RECTANGLE, type: 9 }, ANNOTATION_MESSAGES.badType],
      [{ ...RECTANGLE, x: 'left' }, ANNOTATION_MESSAGES.badCoordinate('x')],
      [{ ...RECTANGLE, y: 1e12 }, ANNOTATION_MESSAGES.badCoordinate('y')],
      [{ ...RECTANGLE, width: -10 }, ANNOTATION_MESSAGES.negativeSize('width')],
      [{ ...RECTANGLE, color: 'red' }, ANNOTATION_MESSAGES.badColor],
      [{ ...RECTANGLE, type: 1, content: 'x'.repeat(4001) }, ANNOTATION_MESSAGES.contentTooLong],
      [{ ...RECTANGLE, type: 7, size: 500 }, ANNOTATION_MESSAGES.badSize],
      // The request contract refuses a non-object before the annotation rules run.
      [[RECTANGLE], 'The body must be object.'],
      [{ ...RECTANGLE, colour: 'red' }, "Unknown field 'colour' in the body."],
      [{ ...RECTANGLE, rowVersion: '3' }, "The field 'rowVersion' must be integer."],
    ];
    for (const [body, message] of cases) {
      const response = await post(editor, docId, body);
      expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ status: 400, message });
    }
    const annotation = await added(editor, docId);
    const badPut = await server().inject({
      method: 'PUT',
      url: `/api/annotations/${annotation.id}`,
      headers: as(editor),
      payload: { page: 9 },
    });
    expect(badPut.statusCode).toBe(400);
    expect(badPut.json<{ message: string }>().message).toBe(ANNOTATION_MESSAGES.pageOutOfRange(9, 3));
    const badId = await server().inject({ url: '/api/annotations/not-a-uuid', headers: as(editor) });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ message: string }>().message).toBe(ANNOTATION_ROUTE_MESSAGES.badId);
    expect((await server().inject({ url: '/api/annotations', headers: as(editor) })).json<{ message: string }>().message).toBe(
      ANNOTATION_ROUTE_MESSAGES.docIdRequired,
    );
    expect((await server().inject({ url: `/api/annotations?docId=${docId}&page=0`, headers: as(editor) })).statusCode).toBe(400);
    const textDoc = await newDocument(Buffer.from('plain text\n'), 'readme.txt');
    const onText = await post(editor, textDoc, { ...RECTANGLE, page: 1 });
    expect(onText.statusCode).toBe(400);
    expect(onText.json<{ message: string }>().message).toBe(ANNOTATION_ROUTE_MESSAGES.notAnnotatable);
  });

  test('an annotation rectangle burned into page 2 shows its colour at its place when the page is rendered to pixels, and on a page rotated 90° too', async () => {
    const source = Buffer.from(
      await makeFramedPdf([{ mediaBox: [0, 0, 595, 842] }, { mediaBox: [0, 0, 595, 842] }, { mediaBox: [0, 0, 595, 842], rotate: 90 }]),
    );
    const docId = await newDocument(source, 'rotated.pdf');
    await added(editor, docId, RECTANGLE);
    await added(editor, docId, { ...RECTANGLE, page: 3 });

    // Embedding is off by default: the stored bytes.
    const plain = await server().inject({ url: `/api/documents/${docId}/data`, headers: as(editor) });
    expect(plain.rawPayload.equals(source)).toBe(true);
    const off = await server().inject({ url: `/api/documents/${docId}/data?embedAnnotations=false`, headers: as(editor) });
    expect(off.rawPayload.equals(source)).toBe(true);

    const burned = await server().inject({ url: `/api/documents/${docId}/data?embedAnnotations=true&download=true`, headers: as(editor) });
    expect(burned.statusCode).toBe(200);
    expect(burned.headers['content-type']).toBe('application/pdf');
    expect(burned.headers['content-disposition']).toContain('attachment');
    expect(burned.rawPayload.equals(source)).toBe(false);
    expect((await PDFDocument.load(burned.rawPayload)).getPageCount()).toBe(3);
    const path = join(tmp, `burned-${server().dialect}.pdf`);
    await writeFile(path, burned.rawPayload);

    for (const [page, displayedWidth] of [
      [2, 595],
      [3, 842],
    ] as const) {
      const bitmap = await renderPage(path, page, 600);
      expect(isNear(pixelAtAnnotationPoint(bitmap, displayedWidth, centreOf(RECTANGLE)), BLUE)).toBe(true);
      expect(isNear(pixelAtAnnotationPoint(bitmap, displayedWidth, { x: 210, y: 310 }), BLUE)).toBe(true);
      for (const outside of [
        { x: 180, y: 400 },
        { x: 520, y: 400 },
        { x: 350, y: 280 },
        { x: 350, y: 520 },
      ]) {
        expect(isNear(pixelAtAnnotationPoint(bitmap, displayedWidth, outside), WHITE)).toBe(true);
      }
    }
    const pageOne = await renderPage(path, 1, 600);
    expect(isNear(pixelAtAnnotationPoint(pageOne, 595, centreOf(RECTANGLE)), WHITE)).toBe(true);

    // The same output again (cached), and served by ranges like any stored file.
    const again = await server().inject({ url: `/api/documents/${docId}/data?embedAnnotations=true`, headers: as(editor) });
    expect(again.rawPayload.equals(burned.rawPayload)).toBe(true);
    const range = await server().inject({
      url: `/api/documents/${docId}/data?embedAnnotations=1`,
      headers: { ...as(editor), range: 'bytes=0-7' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-1.7');
  });

  test('an image is burned through its PDF conversion', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .png()
      .withMetadata({ density: 72 })
      .toBuffer();
    const docId = await newDocument(png, 'scan.png');
    const box = { x: 100, y: 100, width: 200, height: 200 };
    await added(editor, docId, { ...RECTANGLE, ...box, page: 1 });
    const burned = await server().inject({ url: `/api/documents/${docId}/data?embedAnnotations=true`, headers: as(editor) });
    expect(burned.headers['content-type']).toBe('application/pdf');
    expect(burned.headers['content-disposition']).toContain('scan.pdf');
    const path = join(tmp, `image-${server().dialect}.pdf`);
    await writeFile(path, burned.rawPayload);
    const bitmap = await renderPage(path, 1, 400);
    expect(isNear(pixelAtAnnotationPoint(bitmap, 400, centreOf(box)), BLUE)).toBe(true);
    expect(isNear(pixelAtAnnotationPoint(bitmap, 400, { x: 50, y: 50 }), WHITE)).toBe(true);
  });

  test('a 300 dpi PNG, shown by the viewer one pixel a point, gets its marks where they were drawn on the image', async () => {
    // Its PDF form is 96 × 72 points; the viewer showed it 400 × 300. The marks follow the image, not the points.
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .png()
      .withMetadata({ density: 300 })
      .toBuffer();
    const docId = await newDocument(png, 'fine scan.png');
    const box = { x: 600, y: 300, width: 200, height: 200 };
    await added(editor, docId, { ...RECTANGLE, ...box, page: 1 });
    const burned = await server().inject({ url: `/api/documents/${docId}/data?embedAnnotations=true`, headers: as(editor) });
    const path = join(tmp, `image300-${server().dialect}.pdf`);
    await writeFile(path, burned.rawPayload);
    const bitmap = await renderPage(path, 1, 400);
    expect(isNear(pixelAtAnnotationPoint(bitmap, 400, centreOf(box)), BLUE)).toBe(true);
    expect(isNear(pixelAtAnnotationPoint(bitmap, 400, { x: 100, y: 100 }), WHITE)).toBe(true);
    expect(isNear(pixelAtAnnotationPoint(bitmap, 400, { x: 1000, y: 700 }), WHITE)).toBe(true);
  });
});
