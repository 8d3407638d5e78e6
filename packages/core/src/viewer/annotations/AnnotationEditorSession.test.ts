/**
 * No DOM: the session is plain TypeScript, so it runs in Node as it would under any view.
 * @jest-environment node
 */
import { ANNOTATION_GEOMETRY, ANNOTATION_TYPES, type Annotation, type AnnotationInput } from '../../model';
import { ANNOTATION_MESSAGES } from '../../rules';
import type { ViewerKey } from '../viewerKeys';
import { AnnotationEditorSession, type AnnotationPageStore, type AnnotationSaver } from './AnnotationEditorSession';
import type { PageView } from './annotationGeometry';

const DOC_ID = 7;
const OTHER_DOC_ID = 8;
/** Page 1 at 100 %, upright: a CSS pixel is 1 / 0.36 ≈ 2.78 annotation units. */
const UPRIGHT: PageView = { width: 612, height: 792, scale: 1, rotation: 0 };
const CONFLICT = new Error('The annotation was changed by someone else.');

function stored(fields: Partial<Annotation> = {}): Annotation {
  return {
    id: 'stored-1',
    docId: DOC_ID,
    type: ANNOTATION_TYPES.solidRectangle,
    page: 1,
    color: 0xed1c24,
    x: 100,
    y: 200,
    width: 300,
    height: 100,
    content: null,
    size: null,
    author: 'clerk',
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
    rowVersion: 1,
    canEdit: true,
    ...fields,
  };
}

/** What the server stores from a request's body (the session always sends the colour as a number). */
function answered(input: Partial<AnnotationInput>, fields: Partial<Annotation>): Annotation {
  const { color, content, size, rowVersion: _sent, ...box } = input;
  return stored({ ...box, ...(typeof color === 'number' ? { color } : {}), content: content ?? null, size: size ?? null, ...fields });
}

type Method = 'POST' | 'PUT' | 'DELETE';

/** The annotations resource as the server keeps it: fresh ids and row versions; answers can be held back or refused. */
class FakeAnnotationServer implements AnnotationSaver {
  /** Every request, as 'METHOD id body' lines. */
  readonly requests: string[] = [];
  readonly bodies: Partial<AnnotationInput>[] = [];
  private readonly refusals: Partial<Record<Method, Error>> = {};
  private gate: Promise<void> | null = null;
  private created = 0;

  /** The next request of `method` is refused with `error`. */
  refuseNext(method: Method, error: Error): void {
    this.refusals[method] = error;
  }

  /** Holds every answer back until the returned function is called. */
  hold(): () => void {
    let release = (): void => undefined;
    this.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.gate = null;
      release();
    };
  }

  async createAnnotation(docId: number, input: AnnotationInput): Promise<Annotation> {
    const id = `created-${++this.created}`;
    await this.answer('POST', '', input);
    return answered(input, { id, docId, rowVersion: 1 });
  }

  async updateAnnotation(id: string, input: Partial<AnnotationInput>): Promise<Annotation> {
    await this.answer('PUT', id, input);
    return answered(input, { id, rowVersion: (input.rowVersion ?? 0) + 1 });
  }

  async deleteAnnotation(id: string): Promise<void> {
    await this.answer('DELETE', id, null);
  }

  private async answer(method: Method, id: string, body: Partial<AnnotationInput> | null): Promise<void> {
    this.requests.push(`${method} ${id}`.trim());
    if (body) this.bodies.push(body);
    const refusal = this.refusals[method];
    delete this.refusals[method];
    if (this.gate) await this.gate;
    if (refusal) throw refusal;
  }
}

/** The pages' stored lists in memory, as the query cache holds them in the app. */
class MemoryPageStore implements AnnotationPageStore {
  readonly retried: string[] = [];
  private readonly lists = new Map<string, Annotation[]>();

  /** Sets what the server said of a page. */
  seed(docId: number, page: number, list: Annotation[]): void {
    this.lists.set(`${docId}:${page}`, list);
  }

  read(docId: number, page: number): readonly Annotation[] | undefined {
    return this.lists.get(`${docId}:${page}`);
  }

  retryFailed(docId: number, page: number): void {
    this.retried.push(`${docId}:${page}`);
  }

  write(docId: number, page: number, change: (list: readonly Annotation[]) => Annotation[]): void {
    const list = this.read(docId, page);
    if (list) this.lists.set(`${docId}:${page}`, change(list));
  }
}

/** A session on document 7 with page 1 loaded (holding `onPage`), shown upright, the user allowed everything. */
function openSession(onPage: Annotation[] = [stored()]) {
  const server = new FakeAnnotationServer();
  const pages = new MemoryPageStore();
  const failures: unknown[] = [];
  const invalid: string[] = [];
  let drafts = 0;
  const session = new AnnotationEditorSession({
    saver: server,
    pages,
    reportFailure: (error) => failures.push(error),
    reportInvalid: (message) => invalid.push(message),
    now: () => new Date('2030-06-01T12:00:00Z'),
    draftId: () => `draft-${++drafts}`,
  });
  pages.seed(DOC_ID, 1, onPage);
  session.open(DOC_ID, { editable: true, canAdd: true });
  session.loadPage(1);
  session.showPage(1, UPRIGHT);
  return { session, server, pages, failures, invalid };
}

function key(name: string, modifiers: Partial<ViewerKey> = {}): ViewerKey {
  return { key: name, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...modifiers };
}

/** Where each annotation of page 1 shows now. */
function boxes(session: AnnotationEditorSession): string[] {
  return session.annotationsFor(1).map(({ id, x, y, width, height }) => `${id} ${x},${y} ${width}×${height}`);
}

describe('AnnotationEditorSession', () => {
  it('shows a drawn rectangle under a draft id at once, then the stored one, selected and undoable', async () => {
    const { session, server, pages } = openSession([]);
    const release = server.hold();
    session.setTool(ANNOTATION_TYPES.solidRectangle);
    session.draw(1, { type: ANNOTATION_TYPES.solidRectangle, x: 10, y: 20, width: 30, height: 40 });
    expect(boxes(session)).toEqual(['draft-1 10,20 30×40']);
    expect(session.isEditable(session.annotationsFor(1)[0])).toBe(false);
    expect(session.canUndo()).toBe(false);

    release();
    await session.whenIdle();
    expect(boxes(session)).toEqual(['created-1 10,20 30×40']);
    expect(pages.read(DOC_ID, 1)?.map((annotation) => annotation.id)).toEqual(['created-1']);
    expect(session.selected()?.id).toBe('created-1');
    expect(session.canUndo()).toBe(true);
    expect(server.bodies).toEqual([
      { type: ANNOTATION_TYPES.solidRectangle, page: 1, color: 0xed1c24, x: 10, y: 20, width: 30, height: 40 },
    ]);
  });

  it('puts a refused move (409) back, reports it, keeps the selection; Undo then takes back the change before it', async () => {
    const { session, server, failures } = openSession();
    session.select('stored-1');
    session.reshape(stored(), { type: ANNOTATION_TYPES.solidRectangle, x: 150, y: 300, width: 300, height: 100 });
    await session.whenIdle();
    expect(boxes(session)).toEqual(['stored-1 150,300 300×100']);

    const release = server.hold();
    server.refuseNext('PUT', CONFLICT);
    session.reshape(session.annotationsFor(1)[0], { type: ANNOTATION_TYPES.solidRectangle, x: 500, y: 600, width: 300, height: 100 });
    // Shown moved while the save is under way, and not movable again until it settled.
    expect(boxes(session)).toEqual(['stored-1 500,600 300×100']);
    expect(session.isEditable(session.annotationsFor(1)[0])).toBe(false);
    release();
    await session.whenIdle();
    expect(boxes(session)).toEqual(['stored-1 150,300 300×100']);
    expect(failures).toEqual([CONFLICT]);
    expect(session.selected()?.id).toBe('stored-1');

    // The refused move is not in the history: Undo takes back the first move, from the row version its save returned.
    session.undo();
    await session.whenIdle();
    expect(server.bodies.at(-1)).toMatchObject({ x: 100, y: 200, rowVersion: 2 });
    expect(boxes(session)).toEqual(['stored-1 100,200 300×100']);
    expect(session.canUndo()).toBe(false);
    expect(session.canRedo()).toBe(true);
  });

  it('clears the selection as a delete starts; Undo creates it again and Redo deletes it under its new id', async () => {
    const { session, server } = openSession();
    session.select('stored-1');
    const release = server.hold();
    session.removeSelected();
    expect(session.getSnapshot().selectedId).toBeNull();
    expect(boxes(session)).toEqual([]);
    expect(session.getSnapshot().justRemoved).toBe(false);
    release();
    await session.whenIdle();
    expect(session.getSnapshot().justRemoved).toBe(true);

    session.undo();
    await session.whenIdle();
    expect(boxes(session)).toEqual(['created-1 100,200 300×100']);
    expect(session.getSnapshot().justRemoved).toBe(false);
    session.redo();
    await session.whenIdle();
    expect(server.requests).toEqual(['DELETE stored-1', 'POST', 'DELETE created-1']);
    expect(boxes(session)).toEqual([]);
  });

  it('shows a refused delete again in its place, with nothing to undo', async () => {
    const { session, server, failures } = openSession([stored(), stored({ id: 'stored-2', x: 900 })]);
    session.select('stored-1');
    server.refuseNext('DELETE', CONFLICT);
    session.removeSelected();
    await session.whenIdle();
    expect(boxes(session)).toEqual(['stored-1 100,200 300×100', 'stored-2 900,200 300×100']);
    expect(failures).toEqual([CONFLICT]);
    expect(session.getSnapshot().justRemoved).toBe(false);
    expect(session.canUndo()).toBe(false);
  });

  it('waits for a save under way before undoing, so Undo takes back the latest change', async () => {
    const { session, server } = openSession();
    session.reshape(stored(), { type: ANNOTATION_TYPES.solidRectangle, x: 150, y: 300, width: 300, height: 100 });
    await session.whenIdle();
    session.select('stored-1');
    const release = server.hold();
    session.removeSelected();
    session.undo();
    release();
    await session.whenIdle();
    expect(server.requests).toEqual(['PUT stored-1', 'DELETE stored-1', 'POST']);
    expect(boxes(session)).toEqual(['created-1 150,300 300×100']);
  });

  it('keeps a change undoable when its undo is refused, and offers no undo while one is being saved', async () => {
    const { session, server, failures } = openSession();
    session.select('stored-1');
    session.setColor(0x00ff00);
    await session.whenIdle();
    const release = server.hold();
    server.refuseNext('PUT', CONFLICT);
    session.undo();
    await new Promise<void>((resolve) => {
      const stop = session.subscribe(() => {
        if (session.getSnapshot().stepping) resolve(stop());
      });
    });
    expect(session.canUndo()).toBe(false);
    release();
    await session.whenIdle();
    expect(failures).toEqual([CONFLICT]);
    expect(session.canUndo()).toBe(true);
    expect(session.canRedo()).toBe(false);
    expect(session.annotationsFor(1)[0].color).toBe(0x00ff00);
  });

  it('stores a save answered after another document opened, but neither selects, records nor reports it', async () => {
    const { session, server, pages, failures } = openSession([]);
    const release = server.hold();
    session.draw(1, { type: ANNOTATION_TYPES.area, x: 10, y: 20, width: 30, height: 40 });
    session.open(OTHER_DOC_ID, { editable: true, canAdd: true });
    release();
    await session.whenIdle();
    // Document 7's page keeps the answer for its next opening.
    expect(pages.read(DOC_ID, 1)?.map((annotation) => annotation.id)).toEqual(['created-1']);
    expect(session.getSnapshot()).toMatchObject({ docId: OTHER_DOC_ID, selectedId: null, pending: new Map(), requestedPages: [] });
    expect(session.canUndo()).toBe(false);
    expect(failures).toEqual([]);
  });

  it('starts another document afresh, and does not report a refusal answered after it opened', async () => {
    const { session, server, failures } = openSession();
    session.select('stored-1');
    session.setColor(0x00ff00);
    await session.whenIdle();
    expect(session.canUndo()).toBe(true);
    const release = server.hold();
    server.refuseNext('PUT', CONFLICT);
    session.reshape(session.annotationsFor(1)[0], { type: ANNOTATION_TYPES.solidRectangle, x: 150, y: 300, width: 300, height: 100 });
    session.open(OTHER_DOC_ID, { editable: true, canAdd: true });
    expect(session.getSnapshot()).toMatchObject({ selectedId: null, history: { undo: [], redo: [] }, justRemoved: false });
    release();
    await session.whenIdle();
    expect(failures).toEqual([]);
    // The tool, colour and text size are the viewer's, not the document's.
    expect(session.getSnapshot().color).toBe(0x00ff00);
  });

  it('waits for a new text box’s text: empty drops it, over-long is refused without a round trip, typed is saved', async () => {
    const { session, server, invalid } = openSession([]);
    const box = { type: ANNOTATION_TYPES.textbox, x: 100, y: 1000, width: 400, height: 120 };
    session.setTextSize(20.4);
    session.draw(1, box);
    expect(session.getSnapshot().textEdit).toEqual({ page: 1, id: null, shape: box, color: 0xed1c24, size: 20, text: '' });
    session.commitText('   ');
    expect(session.getSnapshot().textEdit).toBeNull();

    session.draw(1, box);
    session.commitText('x'.repeat(4001));
    await session.whenIdle();
    expect(invalid).toEqual([ANNOTATION_MESSAGES.contentTooLong]);

    session.draw(1, box);
    session.commitText('Wrong VAT');
    await session.whenIdle();
    expect(server.bodies).toEqual([{ ...box, page: 1, color: 0xed1c24, content: 'Wrong VAT', size: 20 }]);
    expect(session.selected()).toMatchObject({ id: 'created-1', content: 'Wrong VAT' });

    session.editText(session.annotationsFor(1)[0]);
    session.commitText('Wrong VAT');
    session.editText(session.annotationsFor(1)[0]);
    session.commitText('VAT should be 19 %');
    await session.whenIdle();
    // The unchanged text was not sent again.
    expect(server.requests).toEqual(['POST', 'PUT created-1']);
    expect(server.bodies[1]).toMatchObject({ content: 'VAT should be 19 %', size: 20, rowVersion: 1 });
  });

  it('runs the keys: arrows in screen directions, Delete on an editable selection, Escape deselects, then drops the tool', async () => {
    const { session, server } = openSession();
    expect(session.handleKey(key('ArrowDown'))).toBe(false);
    expect(session.handleKey(key('Delete'))).toBe(false);

    session.select('stored-1');
    // 10 px down at 100 % is 10 / 0.36 ≈ 28 units down the page.
    expect(session.handleKey(key('ArrowDown', { ctrlKey: true }))).toBe(true);
    await session.whenIdle();
    expect(boxes(session)).toEqual(['stored-1 100,228 300×100']);
    // Turned a quarter clockwise, down on screen is along the page's x axis; Shift+→ widens what is wide on screen: its height.
    session.showPage(1, { ...UPRIGHT, rotation: 90 });
    session.handleKey(key('ArrowDown', { ctrlKey: true }));
    await session.whenIdle();
    session.handleKey(key('ArrowRight', { ctrlKey: true, shiftKey: true }));
    await session.whenIdle();
    expect(boxes(session)).toEqual(['stored-1 128,228 300×128']);

    expect(session.handleKey(key('z', { ctrlKey: true }))).toBe(true);
    await session.whenIdle();
    expect(boxes(session)).toEqual(['stored-1 128,228 300×100']);

    session.setTool(ANNOTATION_TYPES.line);
    session.select('stored-1');
    expect(session.handleKey(key('Escape'))).toBe(true);
    expect(session.getSnapshot()).toMatchObject({ selectedId: null, tool: ANNOTATION_TYPES.line });
    expect(session.handleKey(key('Escape'))).toBe(true);
    expect(session.getSnapshot().tool).toBe('select');
    expect(session.handleKey(key('Escape'))).toBe(false);

    session.select('stored-1');
    expect(session.handleKey(key('Delete'))).toBe(true);
    await session.whenIdle();
    expect(server.requests.at(-1)).toBe('DELETE stored-1');
  });

  it('changes nothing the document or the server does not allow', async () => {
    const { session, server } = openSession([stored(), stored({ id: 'theirs', canEdit: false })]);
    session.open(DOC_ID, { editable: true, canAdd: false });
    session.draw(1, { type: ANNOTATION_TYPES.area, x: 10, y: 20, width: 30, height: 40 });
    session.select('theirs');
    expect(session.handleKey(key('Delete'))).toBe(false);
    session.reshape(session.annotationsFor(1)[1], { type: ANNOTATION_TYPES.solidRectangle, x: 0, y: 0, width: 300, height: 100 });

    // Under another user's lock, say: the document allows no change even of the user's own annotations.
    session.open(DOC_ID, { editable: false, canAdd: false });
    session.select('stored-1');
    session.setColor(0x00ff00);
    session.removeSelected();
    await session.whenIdle();
    expect(server.requests).toEqual([]);
    expect(session.getSnapshot().color).toBe(0x00ff00);
  });

  it('gives the colour and size controls the selected annotation’s, and recolours and resizes the selection through them', async () => {
    const { session, server } = openSession([stored({ type: ANNOTATION_TYPES.textbox, content: 'Paid', size: 24, color: 0x0000ff })]);
    session.select('stored-1');
    expect(session.getSnapshot()).toMatchObject({ color: 0x0000ff, textSize: 24 });
    session.setColor(0x0000ff);
    // Past the largest size: the largest.
    session.setTextSize(400);
    await session.whenIdle();
    expect(server.bodies).toEqual([expect.objectContaining({ color: 0x0000ff, size: ANNOTATION_GEOMETRY.maxTextSize })]);
    session.select(null);
    session.setColor(0x00ff00);
    await session.whenIdle();
    expect(server.bodies).toHaveLength(1);
  });

  it('asks for each page once, and has the store ask again for a page whose load failed', () => {
    const { session, pages } = openSession();
    const seen: (readonly number[])[] = [];
    session.subscribe(() => seen.push(session.getSnapshot().requestedPages));
    session.loadPage(1);
    session.loadPage(2);
    session.loadPage(2);
    expect(seen).toEqual([[1, 2]]);
    expect(pages.retried).toEqual(['7:1', '7:1', '7:2', '7:2']);
    expect(session.annotationsFor(3)).toEqual([]);
  });
});
