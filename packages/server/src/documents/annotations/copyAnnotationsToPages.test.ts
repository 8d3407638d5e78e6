import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANNOTATION_TYPES } from '@datahaven/core/model';
import type { Annotation, DmsDocument } from '@datahaven/core/model';
import { makeTextPdf } from '../../pdf/test/makeTextPdf';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { centreOf, isNear, pixelAtAnnotationPoint, renderPage } from './test/pagePixels';

type User = { id: number; username: string };

/** Clear of the "Page n" text makeTextPdf draws near the top-left corner. */
const BLUE_BOX = { type: ANNOTATION_TYPES.solidRectangle, color: '#0000ff', x: 800, y: 1200, width: 300, height: 200 };
const VAT_NOTE = {
  type: ANNOTATION_TYPES.textbox,
  color: '#ff0000',
  x: 100,
  y: 900,
  width: 600,
  height: 120,
  content: 'wrong VAT',
  size: 20,
};
/** A line drawn up and to the left: negative width and height must survive the copy. */
const BACK_LINE = { type: ANNOTATION_TYPES.line, color: '#00aa00', x: 1000, y: 1500, width: -400, height: -250 };
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];
/** When the first mark was drawn: long before the split, so a kept created_at is told from a new one. */
const DRAWN_AT = Date.parse('2026-03-02T09:15:00.000Z');

/** What a copy must keep of its source (everything but id, document, page and row version). */
function drawn(annotation: Annotation) {
  const { type, color, x, y, width, height, content, size, author, createdAt, updatedAt } = annotation;
  return { type, color, x, y, width, height, content, size, author, createdAt, updatedAt };
}

describeOnEachDatabase('annotations follow their pages through split, recombination and merge', (server) => {
  let world: World;
  let annotator: User;
  let pageWorker: User;
  let tmp: string;

  beforeAll(async () => {
    world = await createWorld(server());
    const annotators = await createGroup(server(), unique('Annotators '), ['Cabinet: Annotations Edit']);
    await grantTableAccess(server(), annotators, world.table.sitId);
    const pageWorkers = await createGroup(server(), unique('Page workers '), [
      'Cabinet: Split Document',
      'Cabinet: Delete',
      'Cabinet: Annotations Edit',
    ]);
    await grantTableAccess(server(), pageWorkers, world.table.sitId);
    annotator = await createUser(server(), unique('approver'), { groups: [annotators] });
    pageWorker = await createUser(server(), unique('pageworker'), { groups: [pageWorkers] });
    tmp = await mkdtemp(join(tmpdir(), 'dh-copied-annotations-'));
  });

  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  afterEach(() => {
    server().setNow(null);
  });

  const as = (user: User) => server().authHeaders(user.username);

  async function textDocument(name: string, pages: number): Promise<number> {
    return createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      subtypeId: world.table.subtypeIds.invoice,
      fileName: name,
      content: Buffer.from(await makeTextPdf(Array.from({ length: pages }, (_, i) => `Page ${i + 1}`))),
      uploader: world.clerk,
    });
  }

  let drawings = 0;

  /** The annotator draws a mark, each a minute after the last from DRAWN_AT on (the drawing order). */
  async function draw(docId: number, page: number, mark: object): Promise<Annotation> {
    drawings += 1;
    server().setNow(new Date(DRAWN_AT + drawings * 60_000));
    const response = await server().inject({
      method: 'POST',
      url: `/api/documents/${docId}/annotations`,
      headers: as(annotator),
      payload: { ...mark, page },
    });
    server().setNow(null);
    expect(response.statusCode).toBe(201);
    return response.json<Annotation>();
  }

  async function annotationsOf(docId: number): Promise<Annotation[]> {
    const response = await server().inject({ url: `/api/annotations?docId=${docId}`, headers: as(annotator) });
    expect(response.statusCode).toBe(200);
    return response.json<Annotation[]>();
  }

  /** A derived document's annotations as (page, what was drawn), checking each is a fresh row of its own. */
  async function copiesOn(docId: number, sources: readonly Annotation[]): Promise<Array<[number, ReturnType<typeof drawn>]>> {
    const copies = await annotationsOf(docId);
    for (const copy of copies) {
      expect(copy.docId).toBe(docId);
      expect(copy.rowVersion).toBe(1);
      expect(sources.map((source) => source.id)).not.toContain(copy.id);
    }
    return copies.map((copy) => [copy.page, drawn(copy)]);
  }

  test('split 1-3;4;5-10: the page-2, page-4 and page-7 marks land on page 2 of part 1, page 1 of part 2 and page 3 of part 3, and part 3 burns its mark in', async () => {
    const docId = await textDocument('Scan 10.pdf', 10);
    const vat = await draw(docId, 2, VAT_NOTE);
    const line = await draw(docId, 4, BACK_LINE);
    const box = await draw(docId, 7, BLUE_BOX);

    const response = await server().inject({
      method: 'POST',
      url: `/api/documents/${docId}/split`,
      headers: as(pageWorker),
      payload: { ranges: '1-3;4;5-10', deleteOriginal: false },
    });
    expect(response.statusCode).toBe(201);
    const [first, second, third] = response.json<DmsDocument[]>();
    const sources = [vat, line, box];
    expect(await copiesOn(first.id, sources)).toEqual([[2, drawn(vat)]]);
    expect(await copiesOn(second.id, sources)).toEqual([[1, drawn(line)]]);
    expect(await copiesOn(third.id, sources)).toEqual([[3, drawn(box)]]);
    // The marks keep their author (not whoever split) and when they were drawn.
    expect(drawn(vat)).toMatchObject({ author: annotator.username, content: 'wrong VAT', size: 20 });
    expect(Date.parse(vat.createdAt)).toBeLessThan(Date.parse(first.createdAt));
    expect(drawn(line)).toMatchObject({ width: -400, height: -250 });
    // The kept original still has its own marks, untouched.
    expect((await annotationsOf(docId)).map((a) => [a.id, a.page, a.rowVersion])).toEqual([
      [vat.id, 2, 1],
      [line.id, 4, 1],
      [box.id, 7, 1],
    ]);

    const burned = await server().inject({ url: `/api/documents/${third.id}/data?embedAnnotations=true`, headers: as(annotator) });
    expect(burned.statusCode).toBe(200);
    expect(burned.headers['content-type']).toBe('application/pdf');
    const path = join(tmp, `part-${server().dialect}.pdf`);
    await writeFile(path, burned.rawPayload);
    const markedPage = await renderPage(path, 3, 600);
    expect(isNear(pixelAtAnnotationPoint(markedPage, 595, centreOf(BLUE_BOX)), BLUE)).toBe(true);
    expect(isNear(pixelAtAnnotationPoint(markedPage, 595, { x: 780, y: 1300 }), WHITE)).toBe(true);
    const pageWithout = await renderPage(path, 1, 600);
    expect(isNear(pixelAtAnnotationPoint(pageWithout, 595, centreOf(BLUE_BOX)), WHITE)).toBe(true);
  });

  test('recombination maps pages in the given order, a page taken twice carries its mark twice, and deleting the sources takes their own marks out of sight', async () => {
    const a = await textDocument('A.pdf', 3);
    const b = await textDocument('B.pdf', 2);
    const aOne = await draw(a, 1, BLUE_BOX);
    const aThreeFirst = await draw(a, 3, VAT_NOTE);
    const aThreeSecond = await draw(a, 3, BACK_LINE);
    const bTwo = await draw(b, 2, BACK_LINE);
    const bOne = await draw(b, 1, VAT_NOTE);

    const response = await server().inject({
      method: 'POST',
      url: '/api/documents/recombination',
      headers: as(pageWorker),
      payload: {
        documents: [
          {
            parts: [
              { documentId: b, firstPage: 2, lastPage: 2 },
              { documentId: a, firstPage: 1, lastPage: 3 },
            ],
          },
          { parts: [{ documentId: a, firstPage: 3, lastPage: 3 }] },
        ],
        delete: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const [mixed, single] = response.json<DmsDocument[]>();
    expect(mixed.totalPages).toBe(4);
    const sources = [aOne, aThreeFirst, aThreeSecond, bTwo, bOne];
    // B's page 2 is page 1, A's pages 1-3 are pages 2-4; B's page 1 was not taken. Page 4 keeps the drawing order.
    expect(await copiesOn(mixed.id, sources)).toEqual([
      [1, drawn(bTwo)],
      [2, drawn(aOne)],
      [4, drawn(aThreeFirst)],
      [4, drawn(aThreeSecond)],
    ]);
    expect(await copiesOn(single.id, sources)).toEqual([
      [1, drawn(aThreeFirst)],
      [1, drawn(aThreeSecond)],
    ]);
    // The deleted sources' marks go with them: neither the documents nor their annotations are served.
    for (const source of [a, b]) {
      expect((await server().inject({ url: `/api/annotations?docId=${source}`, headers: as(annotator) })).statusCode).toBe(404);
    }
    expect((await server().inject({ url: `/api/annotations/${aOne.id}`, headers: as(annotator) })).statusCode).toBe(404);
  });

  test("merge puts the second document's page-1 mark on page (pages of the first + 1)", async () => {
    const first = await textDocument('First.pdf', 3);
    const second = await textDocument('Second.pdf', 2);
    const firstMark = await draw(first, 3, BACK_LINE);
    const secondMark = await draw(second, 1, BLUE_BOX);

    const response = await server().inject({
      method: 'POST',
      url: '/api/documents/merge',
      headers: as(pageWorker),
      payload: { docIds: [first, second] },
    });
    expect(response.statusCode).toBe(201);
    const merged = response.json<DmsDocument>();
    expect(merged.totalPages).toBe(5);
    expect(await copiesOn(merged.id, [firstMark, secondMark])).toEqual([
      [3, drawn(firstMark)],
      [4, drawn(secondMark)],
    ]);
    // The originals were kept, and so were their marks.
    expect((await annotationsOf(second)).map((a) => a.id)).toEqual([secondMark.id]);
  });
});
