import { useState, type ReactElement } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { browserHost, memoryStorage } from '../../host';
import type { Annotation, DmsDocument } from '../../model';
import { DatahavenServicesProvider, createDatahavenServices, type DatahavenServices } from '../app/DatahavenServices';
import { installTestPointerEvent } from '../test/installTestPointerEvent';
import { fakeApiFetch, testDocument, testToken, type FakeRoute, type RecordedRequest } from '../test/renderApp';
import { AnnotationPageLayer } from './AnnotationPageLayer';
import { AnnotationToolbar } from './AnnotationToolbar';
import { useAnnotationEditor } from './useAnnotationEditor';

const DOC_ID = 7;
const DOCUMENT: DmsDocument = testDocument({ id: DOC_ID, name: 'contract.pdf', totalPages: 2 });
/** Page 2 at 100 %, as pdf.js would hand it to the page's layer (a unit is 0.36 px). */
const PAGE_VIEW = { width: 612, height: 792, scale: 1, rotation: 0 };

installTestPointerEvent();

/** Web services that keep the annotations they are sent, as the real server does. */
function storingRoutes(store: Annotation[]): Record<string, FakeRoute> {
  return {
    'GET /api/can/actions': (request) =>
      request.search.getAll('action[]').map((action) => ({ action, value: action === 'Cabinet: Annotations Edit' })),
    'GET /api/annotations': (request) => store.filter((annotation) => annotation.page === Number(request.search.get('page'))),
    'POST /api/documents/7/annotations': (request) => {
      const body = request.body as Annotation;
      const saved: Annotation = {
        ...body,
        id: `00000000-0000-4000-8000-00000000000${store.length + 1}`,
        docId: DOC_ID,
        content: body.content ?? null,
        size: body.size ?? null,
        author: 'clerk',
        createdAt: '2030-01-01T00:00:00Z',
        updatedAt: '2030-01-01T00:00:00Z',
        rowVersion: 1,
        canEdit: true,
      };
      store.push(saved);
      return saved;
    },
  };
}

/** Page 2 of the open document: its annotation toolbar and layer, wired to one editor. */
function OpenPageTwo(): ReactElement {
  const editor = useAnnotationEditor(DOCUMENT);
  return (
    <>
      <AnnotationToolbar editor={editor} disabled={false} />
      <AnnotationPageLayer editor={editor} page={2} view={PAGE_VIEW} />
    </>
  );
}

/** One mount of the app's services; the document opens and closes inside it, as the viewer screen does. */
function Viewer({ services }: { services: DatahavenServices }): ReactElement {
  const [open, setOpen] = useState(true);
  return (
    <DatahavenServicesProvider host={services.host} services={services}>
      <button type="button" onClick={() => setOpen((current) => !current)}>
        {open ? 'Close document' : 'Open document'}
      </button>
      {open ? <OpenPageTwo /> : null}
    </DatahavenServicesProvider>
  );
}

/** Holds back page 2's GETs while `held` is set, so a test can see what shows before the server answers. */
function holdingFetch(inner: typeof fetch, gate: { held: boolean; release: () => void }): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (gate.held && (init?.method ?? 'GET') === 'GET' && url.pathname === '/api/annotations' && url.searchParams.get('page') === '2') {
      await new Promise<void>((resolve) => {
        gate.release = resolve;
      });
    }
    return inner(input, init);
  };
}

describe('annotations through the query cache', () => {
  it('shows an annotation drawn on page 2 when the document is opened again, before and after the page is read again', async () => {
    const store: Annotation[] = [];
    const requests: RecordedRequest[] = [];
    const gate = { held: false, release: () => undefined };
    const fetchApi = holdingFetch(fakeApiFetch(storingRoutes(store), requests), gate);
    const host = browserHost({
      token: testToken(),
      search: () => '',
      storage: { local: memoryStorage(), session: memoryStorage() },
      fetch: fetchApi,
    });
    const services = createDatahavenServices(host, { fetch: fetchApi });
    render(<Viewer services={services} />);

    const rectangle = within(await screen.findByRole('toolbar', { name: 'Annotations' })).getByRole('button', { name: 'Rectangle' });
    await waitFor(() => expect(rectangle.getAttribute('disabled')).toBeNull());
    fireEvent.click(rectangle);
    const layer = screen.getByRole('group', { name: 'Annotations on page 2' });
    // 36,72 → 144,108 px at 100 % is the box 100,200 300×100 in annotation units.
    fireEvent.pointerDown(layer, { clientX: 36, clientY: 72, button: 0, pointerId: 1 });
    fireEvent.pointerMove(layer, { clientX: 144, clientY: 108, pointerId: 1 });
    fireEvent.pointerUp(layer, { clientX: 144, clientY: 108, pointerId: 1 });
    await screen.findByRole('img', { name: 'Rectangle annotation' });
    // The draft gives way to the stored annotation once the server answered.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Rectangle annotation' }).getAttribute('data-annotation-id')).toBe(
        '00000000-0000-4000-8000-000000000001',
      ),
    );
    expect(store.map(({ page, x, y, width, height }) => ({ page, x, y, width, height }))).toEqual([
      { page: 2, x: 100, y: 200, width: 300, height: 100 },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Close document' }));
    expect(screen.queryByRole('group', { name: 'Annotations on page 2' })).toBeNull();

    // Opened again while the server has not answered page 2 yet: the saved annotation is already in the page's query.
    gate.held = true;
    const pageTwoReads = (): number =>
      requests.filter((request) => request.path === '/api/annotations' && request.search.get('page') === '2').length;
    const readsBefore = pageTwoReads();
    fireEvent.click(screen.getByRole('button', { name: 'Open document' }));
    const reopened = within(await screen.findByRole('group', { name: 'Annotations on page 2' }));
    expect(reopened.getByRole('img', { name: 'Rectangle annotation' }).getAttribute('data-annotation-id')).toBe(
      '00000000-0000-4000-8000-000000000001',
    );

    // The opening still reads the page again (no manual reload needed); the server's answer leaves exactly that one annotation.
    gate.held = false;
    await act(async () => gate.release());
    await waitFor(() => expect(pageTwoReads()).toBe(readsBefore + 1));
    await waitFor(() => expect(reopened.getAllByRole('img', { name: 'Rectangle annotation' })).toHaveLength(1));
  });
});
