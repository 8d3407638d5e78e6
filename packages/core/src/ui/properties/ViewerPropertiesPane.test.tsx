import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeDocumentId } from '../../model';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument } from '../test/renderApp';

describe('properties pane in the viewer', () => {
  // jsdom has no object URLs; the image viewer needs them to show the page.
  beforeAll(() => Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined }));
  afterAll(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it("opens from the header's Properties toggle beside the page, and a rename there renames the viewer's heading", async () => {
    const link = { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 3 };
    const document = testDocument({ id: 7, name: 'scan-7.png', mediaType: 'image/png', link });
    const app = renderApp(`/viewer/${encodeDocumentId(7)}`, {
      'GET /api/options': () => [],
      'GET /api/documents/7/view': () => ({ document, dataUrl: '/api/documents/7/data', viewable: true }),
      'GET /api/documents/7/data': () => new FakeResponse('png', 200, 'image/png'),
      'GET /api/documents/7/access': () => ({ reapplyName: true, changeSubtype: false }),
      'GET /api/document/7/custom': () => ({ documentId: 7, categories: [], values: [] }),
      'PUT /api/documents/7': () => ({ ...document, name: 'V10000 2025-05-30.png', rowVersion: 2 }),
    });
    await import('../viewer/ViewerScreen');
    const toggle = await screen.findByRole('button', { name: 'Properties' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('complementary', { name: 'Document properties' })).toBeNull();
    fireEvent.click(toggle);
    const panel = await screen.findByRole('complementary', { name: 'Document properties' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Rename' }));
    // In jsdom, tabster (Fluent's focus manager) may mark the open modal dialog itself aria-hidden
    // (it sees no layout), so the queries inside it include hidden elements.
    const dialog = await screen.findByRole('dialog', { name: 'Rename document', hidden: true });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Apply automatic name', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'V10000 2025-05-30.png', level: 1 })).toBeTruthy();
    expect(app.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ autoname: true }]);
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Document properties' })).toBeNull());
  });
});
