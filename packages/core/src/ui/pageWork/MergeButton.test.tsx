import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FolderEntry } from '../../model';
import { DOCUMENTS_TO_MERGE_KEY } from '../../state/MergeDocumentsStore';
import { renderApp, testDocument, testFolder } from '../test/renderApp';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23';

function doc(id: number, name: string): FolderEntry {
  return { type: 'document', id, name, document: testDocument({ id, name }) };
}

/** A click as a mouse makes it: the press (which focuses the item) before the click. */
function click(element: HTMLElement, modifiers: { ctrlKey?: boolean; shiftKey?: boolean } = {}): void {
  fireEvent.mouseDown(element, modifiers);
  fireEvent.click(element, modifiers);
}

describe('Merge from the folders toolbar', () => {
  it('builds a multi-selection with Ctrl-click and Shift-click and opens the merge screen in selection order', async () => {
    const structure = [testFolder('f1', 'Invoices', [doc(7, 'a.pdf'), doc(8, 'b.pdf'), doc(9, 'c.pdf')])];
    const app = renderApp(
      `/folders${CONTEXT}`,
      { 'GET /api/options': () => [], 'GET /api/folder-structure': () => structure, 'GET /api/documents': () => [] },
      { search: CONTEXT },
    );
    const merge = (): HTMLElement => screen.getByRole('button', { name: 'Merge' });
    click(await screen.findByRole('treeitem', { name: /^c\.pdf/ }));
    expect(merge().getAttribute('aria-disabled')).toBe('true');
    click(screen.getByRole('treeitem', { name: /^a\.pdf/ }), { ctrlKey: true });
    expect(screen.getByRole('treeitem', { name: /^c\.pdf/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('treeitem', { name: /^a\.pdf/ }).getAttribute('aria-selected')).toBe('true');
    // Ctrl-click again drops it; Shift-click selects from the first selected (c) up to a.
    click(screen.getByRole('treeitem', { name: /^a\.pdf/ }), { ctrlKey: true });
    expect(screen.getByRole('treeitem', { name: /^a\.pdf/ }).getAttribute('aria-selected')).toBe('false');
    click(screen.getByRole('treeitem', { name: /^a\.pdf/ }), { shiftKey: true });
    expect(screen.getAllByRole('treeitem').filter((item) => item.getAttribute('aria-selected') === 'true').length).toBe(3);
    await waitFor(() => expect(merge().getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(merge());
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/merge-documents?docIds=9,8,7'));
    expect(JSON.parse(app.local.getItem(DOCUMENTS_TO_MERGE_KEY) ?? '[]')).toEqual([9, 8, 7]);
  });
});
