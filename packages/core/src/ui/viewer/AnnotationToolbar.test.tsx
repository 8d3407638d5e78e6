import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WORKFLOW_PERMS, encodeDocumentId, type Annotation, type DmsDocument } from '../../model';
import { ANNOTATION_MESSAGES } from '../../rules';
import { FakeResponse } from '../test/FakeResponse';
import { installTestPointerEvent } from '../test/installTestPointerEvent';
import { renderApp, testDocument, type FakeRoute, type RecordedRequest } from '../test/renderApp';

const DOC_ID = 7;
const QUEUE = { id: 12, name: 'Approval L1', queueTypeName: 'AP Invoices', features1: 0, features2: 0 };
const STORED_ID = '0b5e7c8a-1111-4222-8333-944455556666';

installTestPointerEvent();

beforeAll(() => {
  // jsdom has no object URLs; the image viewer needs them to show the page.
  Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined });
});
afterAll(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function stored(fields: Partial<Annotation> = {}): Annotation {
  return {
    id: STORED_ID,
    docId: DOC_ID,
    type: 2,
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

/** The fake web services of a PNG document whose page 1 holds `annotations`; POSTs store with fresh ids. */
function routes(
  annotations: Annotation[],
  privileges: string[] = ['Cabinet: Annotations Edit'],
  overrides: Record<string, FakeRoute> = {},
  document: Partial<DmsDocument> = {},
): Record<string, FakeRoute> {
  let created = 0;
  return {
    'GET /api/options': () => [],
    'GET /api/documents/7/view': () => ({
      document: testDocument({ id: DOC_ID, name: 'scan.png', mediaType: 'image/png', ...document }),
      dataUrl: '/api/documents/7/data',
      viewable: true,
    }),
    'GET /api/documents/7/data': () => new FakeResponse('png', 200, 'image/png'),
    'GET /api/can/actions': (request) =>
      request.search.getAll('action[]').map((action) => ({ action, value: privileges.includes(action) })),
    'GET /api/annotations': (request) => (request.search.get('page') === '1' ? annotations : []),
    'POST /api/documents/7/annotations': (request) => {
      created++;
      const body = request.body as Partial<Annotation>;
      return stored({
        ...body,
        id: `00000000-0000-4000-8000-00000000000${created}`,
        content: body.content ?? null,
        size: body.size ?? null,
      });
    },
    [`PUT /api/annotations/${STORED_ID}`]: (request) => stored({ ...(request.body as Partial<Annotation>), rowVersion: 2 }),
    [`DELETE /api/annotations/${STORED_ID}`]: () => new FakeResponse('', 204),
    ...overrides,
  };
}

/** Opens the viewer on the PNG and gives the image its natural size (jsdom does not decode images). */
async function openViewer(serverRoutes: Record<string, FakeRoute>): Promise<RecordedRequest[]> {
  await import('./ViewerScreen');
  const app = renderApp(`/viewer/${encodeDocumentId(DOC_ID)}`, serverRoutes);
  const image = await screen.findByRole('img', { name: 'scan.png' });
  Object.defineProperty(image, 'naturalWidth', { value: 850 });
  Object.defineProperty(image, 'naturalHeight', { value: 1100 });
  fireEvent.load(image);
  await screen.findByRole('group', { name: 'Annotations on page 1' });
  return app.requests;
}

function layer(): HTMLElement {
  return screen.getByRole('group', { name: 'Annotations on page 1' });
}

/** A drag on the page from one CSS-pixel point to another (jsdom puts the page at 0,0). */
function drag(from: { x: number; y: number }, to: { x: number; y: number }, target: Element = layer()): void {
  fireEvent.pointerDown(target, { clientX: from.x, clientY: from.y, button: 0, pointerId: 1 });
  fireEvent.pointerMove(target, { clientX: to.x, clientY: to.y, pointerId: 1 });
  fireEvent.pointerUp(target, { clientX: to.x, clientY: to.y, pointerId: 1 });
}

function toolbar(): HTMLElement {
  return screen.getByRole('toolbar', { name: 'Annotations' });
}

function mutations(requests: RecordedRequest[]): string[] {
  return requests
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.path} ${JSON.stringify(request.body ?? null)}`);
}

describe('annotations in the viewer', () => {
  it('draws a rectangle with a drag and a text box with a click and its text; both are saved in annotation units', async () => {
    const requests = await openViewer(routes([]));
    const rectangle = within(toolbar()).getByRole('button', { name: 'Rectangle' });
    await waitFor(() => expect(rectangle.getAttribute('disabled')).toBeNull());
    fireEvent.click(rectangle);
    expect(rectangle.getAttribute('aria-pressed')).toBe('true');
    // At 100 % a unit is 0.36 px: 36,72 → 144,108 px is the box 100,200 300×100.
    drag({ x: 36, y: 72 }, { x: 144, y: 108 });
    await screen.findByRole('img', { name: 'Rectangle annotation' });

    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Text box' }));
    drag({ x: 36, y: 360 }, { x: 36, y: 360 });
    const text = await screen.findByRole('textbox', { name: 'Annotation text' });
    fireEvent.change(text, { target: { value: 'Wrong VAT' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    await screen.findByRole('img', { name: 'Text box annotation: Wrong VAT' });

    expect(mutations(requests)).toEqual([
      'POST /api/documents/7/annotations {"type":2,"page":1,"color":15539236,"x":100,"y":200,"width":300,"height":100}',
      'POST /api/documents/7/annotations {"type":1,"page":1,"color":15539236,"x":100,"y":1000,"width":400,"height":120,"content":"Wrong VAT","size":14}',
    ]);
  });

  it('takes a refused drawing back and shows the server reason', async () => {
    const refusal = () =>
      FakeResponse.json({ statusCode: 403, exceptionType: 'Forbidden', message: 'You may not annotate this document.' }, 403);
    await openViewer(routes([], ['Cabinet: Annotations Add Only'], { 'POST /api/documents/7/annotations': refusal }));
    const ellipse = within(toolbar()).getByRole('button', { name: 'Ellipse' });
    await waitFor(() => expect(ellipse.getAttribute('disabled')).toBeNull());
    fireEvent.click(ellipse);
    drag({ x: 36, y: 72 }, { x: 144, y: 108 });
    expect(await screen.findByText('You may not annotate this document.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Ellipse annotation' })).toBeNull();
  });

  it('refuses a text over the limit with the shared rule, without asking the server', async () => {
    const requests = await openViewer(routes([]));
    const note = within(toolbar()).getByRole('button', { name: 'Note' });
    await waitFor(() => expect(note.getAttribute('disabled')).toBeNull());
    fireEvent.click(note);
    drag({ x: 36, y: 36 }, { x: 36, y: 36 });
    const text = await screen.findByRole('textbox', { name: 'Annotation text' });
    fireEvent.change(text, { target: { value: 'x'.repeat(4001) } });
    fireEvent.keyDown(text, { key: 'Enter' });
    expect(await screen.findByText(ANNOTATION_MESSAGES.contentTooLong)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Note annotation/ })).toBeNull();
    expect(mutations(requests)).toEqual([]);
  });

  it('cancels a drawing with Escape', async () => {
    const requests = await openViewer(routes([]));
    const line = within(toolbar()).getByRole('button', { name: 'Line' });
    await waitFor(() => expect(line.getAttribute('disabled')).toBeNull());
    fireEvent.click(line);
    fireEvent.pointerDown(layer(), { clientX: 10, clientY: 10, button: 0, pointerId: 1 });
    fireEvent.pointerMove(layer(), { clientX: 200, clientY: 200, pointerId: 1 });
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.pointerUp(layer(), { clientX: 200, clientY: 200, pointerId: 1 });
    expect(screen.queryByRole('img', { name: 'Line annotation' })).toBeNull();
    expect(mutations(requests)).toEqual([]);
  });

  it('moves a stored annotation by dragging it, sending its row version', async () => {
    const requests = await openViewer(routes([stored()]));
    await screen.findByRole('img', { name: 'Rectangle annotation' });
    // 18 px right and 36 px down at 100 % is 50 and 100 units.
    drag({ x: 72, y: 90 }, { x: 90, y: 126 });
    // Picking it with the pointer also focuses it, so its keys reach the viewer.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Rectangle annotation');
    await waitFor(() => expect(mutations(requests)).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      type: 2,
      page: 1,
      color: 0xed1c24,
      x: 150,
      y: 300,
      width: 300,
      height: 100,
      content: null,
      size: null,
      rowVersion: 1,
    });
  });

  it('resizes the selected annotation by its corner handle, keeping the opposite corner', async () => {
    const requests = await openViewer(routes([stored()]));
    fireEvent.focus(await screen.findByRole('img', { name: 'Rectangle annotation' }));
    // The bottom-right handle of 100,200 300×100 sits at 400,300 units = 144,108 px; drag it 36 px right and down.
    drag({ x: 144, y: 108 }, { x: 180, y: 144 });
    await waitFor(() => expect(mutations(requests)).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ x: 100, y: 200, width: 400, height: 200 });
  });

  it('retypes a text box from the keyboard and changes its text size; Ctrl+Y redoes an undone change', async () => {
    const textBox = stored({ type: 1, content: 'Wrong VAT', size: 14 });
    const requests = await openViewer(routes([textBox]));
    const annotation = await screen.findByRole('img', { name: 'Text box annotation: Wrong VAT' });
    fireEvent.focus(annotation);
    fireEvent.keyDown(annotation, { key: 'Enter' });
    const text = await screen.findByRole('textbox', { name: 'Annotation text' });
    expect((text as HTMLTextAreaElement).value).toBe('Wrong VAT');
    fireEvent.change(text, { target: { value: 'VAT should be 19 %' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    await waitFor(() => expect(mutations(requests)).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      type: 1,
      content: 'VAT should be 19 %',
      size: 14,
      rowVersion: 1,
    });

    const size = within(toolbar()).getByRole('spinbutton', { name: 'Text size' });
    await waitFor(() => expect(size.getAttribute('disabled')).toBeNull());
    fireEvent.change(size, { target: { value: '20' } });
    fireEvent.blur(size);
    await waitFor(() => expect(mutations(requests)).toHaveLength(2));
    expect(requests.filter((request) => request.method === 'PUT')[1].body).toMatchObject({ size: 20 });

    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Undo' }).getAttribute('disabled')).toBeNull());
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(mutations(requests)).toHaveLength(3));
    expect(requests.filter((request) => request.method === 'PUT')[2].body).toMatchObject({ size: 14 });
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Redo' }).getAttribute('disabled')).toBeNull());
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    await waitFor(() => expect(mutations(requests)).toHaveLength(4));
    expect(requests.filter((request) => request.method === 'PUT')[3].body).toMatchObject({ size: 20 });
  });

  it('nudges the selected annotation 10 px with Ctrl+arrow, in annotation units', async () => {
    const requests = await openViewer(routes([stored()]));
    const annotation = await screen.findByRole('img', { name: 'Rectangle annotation' });
    fireEvent.focus(annotation);
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Delete annotation' }).getAttribute('disabled')).toBeNull());
    fireEvent.keyDown(annotation, { key: 'ArrowDown', ctrlKey: true });
    await waitFor(() => expect(mutations(requests)).toHaveLength(1));
    // 10 px at 100 % is 10 / 0.36 ≈ 28 units.
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ x: 100, y: 228 });
  });

  it('places a shape from the keyboard with Enter on the page, then sizes it with Shift+arrows', async () => {
    const createdId = '00000000-0000-4000-8000-000000000001';
    const requests = await openViewer(
      routes([], undefined, {
        [`PUT /api/annotations/${createdId}`]: (request) =>
          stored({ ...(request.body as Partial<Annotation>), id: createdId, rowVersion: 2 }),
      }),
    );
    const area = within(toolbar()).getByRole('button', { name: 'Area' });
    await waitFor(() => expect(area.getAttribute('disabled')).toBeNull());
    fireEvent.click(area);
    expect(layer().getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(layer(), { key: 'Enter' });
    await screen.findByRole('img', { name: 'Area annotation' });
    // The 850 × 1100 px image is 2361 × 3056 units; a 400 × 200 box in its middle.
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      type: 3,
      page: 1,
      color: 0xed1c24,
      x: 981,
      y: 1428,
      width: 400,
      height: 200,
    });
    // Once stored it is selected, and Ctrl+Shift+→ makes it 10 px (28 units) wider.
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Delete annotation' }).getAttribute('disabled')).toBeNull());
    fireEvent.keyDown(layer(), { key: 'ArrowRight', shiftKey: true, ctrlKey: true });
    await waitFor(() => expect(mutations(requests)).toHaveLength(2));
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: `/api/annotations/${createdId}`,
      body: { x: 981, y: 1428, width: 428, height: 200 },
    });
  });

  it('deletes the selected annotation with the Delete key and brings it back with Ctrl+Z', async () => {
    const requests = await openViewer(routes([stored()]));
    const annotation = await screen.findByRole('img', { name: 'Rectangle annotation' });
    fireEvent.focus(annotation);
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Delete annotation' }).getAttribute('disabled')).toBeNull());
    fireEvent.keyDown(annotation, { key: 'Delete' });
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Rectangle annotation' })).toBeNull());
    expect(await screen.findByText('Annotation removed')).toBeTruthy();
    const undo = within(toolbar()).getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo.getAttribute('disabled')).toBeNull());
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await screen.findByRole('img', { name: 'Rectangle annotation' });
    expect(mutations(requests)).toEqual([
      `DELETE /api/annotations/${STORED_ID} null`,
      'POST /api/documents/7/annotations {"type":2,"page":1,"color":15539236,"x":100,"y":200,"width":300,"height":100}',
    ]);
  });

  it('undoes the latest change even when Ctrl+Z comes before its save finished', async () => {
    const requests = await openViewer(routes([stored()]));
    await screen.findByRole('img', { name: 'Rectangle annotation' });
    drag({ x: 72, y: 90 }, { x: 90, y: 126 });
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Undo' }).getAttribute('disabled')).toBeNull());
    const annotation = screen.getByRole('img', { name: 'Rectangle annotation' });
    fireEvent.focus(annotation);
    // Delete and, at once, Ctrl+Z: the undo must take back the delete, not the move before it.
    fireEvent.keyDown(annotation, { key: 'Delete' });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await screen.findByRole('img', { name: 'Rectangle annotation' });
    await waitFor(() => expect(mutations(requests)).toHaveLength(3));
    expect(mutations(requests).map((line) => line.split(' ')[0])).toEqual(['PUT', 'DELETE', 'POST']);
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ x: 150, y: 300 });
  });

  it('recolours the selected annotation from the colour control, and undo restores the colour', async () => {
    const requests = await openViewer(routes([stored()]));
    fireEvent.focus(await screen.findByRole('img', { name: 'Rectangle annotation' }));
    const colour = within(toolbar()).getByLabelText('Annotation colour') as HTMLInputElement;
    await waitFor(() => expect(colour.disabled).toBe(false));
    fireEvent.change(colour, { target: { value: '#00ff00' } });
    await waitFor(() => expect(mutations(requests)).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ color: 0x00ff00, rowVersion: 1 });
    const undo = within(toolbar()).getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo.getAttribute('disabled')).toBeNull());
    fireEvent.click(undo);
    await waitFor(() => expect(mutations(requests)).toHaveLength(2));
    expect(requests.filter((request) => request.method === 'PUT')[1].body).toMatchObject({ color: 0xed1c24, rowVersion: 2 });
  });

  it('puts a refused move back where it was', async () => {
    const refusal = () =>
      FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: 'The annotation was changed by someone else.' }, 409);
    await openViewer(routes([stored()], undefined, { [`PUT /api/annotations/${STORED_ID}`]: refusal }));
    const annotation = await screen.findByRole('img', { name: 'Rectangle annotation' });
    drag({ x: 72, y: 90 }, { x: 90, y: 126 });
    expect(await screen.findByText('The annotation was changed by someone else.')).toBeTruthy();
    expect(annotation.querySelector('rect')?.getAttribute('x')).toBe('100');
    expect(annotation.querySelector('rect')?.getAttribute('y')).toBe('200');
  });

  it('leaves the drawing tools off without an annotation privilege, and stored annotations read-only', async () => {
    await openViewer(routes([stored({ canEdit: false })], []));
    const annotation = await screen.findByRole('img', { name: 'Rectangle annotation' });
    await act(async () => undefined);
    for (const name of ['Rectangle', 'Text box', 'Area', 'Filled ellipse', 'Ellipse', 'Line', 'Note', 'Highlight']) {
      expect(within(toolbar()).getByRole('button', { name }).getAttribute('disabled')).not.toBeNull();
    }
    fireEvent.focus(annotation);
    expect(within(toolbar()).getByRole('button', { name: 'Delete annotation' }).getAttribute('disabled')).not.toBeNull();
  });

  it.each([
    ['another user holds the lock', { userLock: 'other' as const }],
    ['the queue gives no editing of document data', { queue: QUEUE, workflowPerms: WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.approve }],
    [
      'the queue edits document data but not annotations',
      { queue: QUEUE, workflowPerms: WORKFLOW_PERMS.editDocData, changeAnnotations: false },
    ],
  ])('leaves the drawing tools off when %s, even with the privilege', async (_case, document) => {
    await openViewer(routes([stored()], ['Cabinet: Annotations Edit'], {}, document));
    const annotation = await screen.findByRole('img', { name: 'Rectangle annotation' });
    await act(async () => undefined);
    expect(within(toolbar()).getByRole('button', { name: 'Rectangle' }).getAttribute('disabled')).not.toBeNull();
    fireEvent.focus(annotation);
    expect(within(toolbar()).getByRole('button', { name: 'Delete annotation' }).getAttribute('disabled')).not.toBeNull();
  });

  it('offers the drawing tools on a queue document whose queue allows editing document data', async () => {
    await openViewer(routes([], ['Cabinet: Annotations Add Only'], {}, { queue: QUEUE, workflowPerms: WORKFLOW_PERMS.editDocData }));
    await waitFor(() => expect(within(toolbar()).getByRole('button', { name: 'Rectangle' }).getAttribute('disabled')).toBeNull());
  });

  it('turns the annotations with the page: after r the layer draws through a quarter-turn transform', async () => {
    await openViewer(routes([stored()]));
    const annotation = await screen.findByRole('img', { name: 'Rectangle annotation' });
    expect(annotation.parentElement?.getAttribute('transform')).toBe('matrix(0.36 0 0 0.36 0 0)');
    fireEvent.keyDown(window, { key: 'r' });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Rectangle annotation' }).parentElement?.getAttribute('transform')).toBe(
        'matrix(0 0.36 -0.36 0 1100 0)',
      ),
    );
  });
});
