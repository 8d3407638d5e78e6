import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeDocumentId } from '../../model';
import { MESSAGES } from '../../rules';
import { NOTE_FILTERS_KEY } from './noteFilters';
import { renderApp, testDocument, testNote } from '../test/renderApp';

const notesRoutes = () => {
  const notes = [testNote(1, 'system', 'Uploaded by clerk'), testNote(2, 'viewed', 'VIEWED')];
  return {
    'GET /api/options': () => [],
    'GET /api/documents/7': () => testDocument({ id: 7, name: 'invoice.pdf' }),
    'GET /api/documents/7/notes': () => notes,
    'POST /api/documents/7/notes': (request: { body: unknown }) => {
      const note = testNote(3, 'user', (request.body as { text: string }).text);
      notes.push(note);
      return note;
    },
  };
};

describe('NotesScreen', () => {
  it('lists the notes with author and text, and adds a user note', async () => {
    const app = renderApp(`/notes/${encodeDocumentId(7)}`, notesRoutes());
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Uploaded by clerk')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'Checked against PO 4711' } });
    expect(screen.getByText('23 / 4000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await within(list).findByText('Checked against PO 4711');
    expect(app.requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/documents/7/notes', body: { text: 'Checked against PO 4711' } }),
    ]);
  });

  it('refuses a note over 4000 characters with the limit message and sends nothing', async () => {
    const app = renderApp(`/notes/${encodeDocumentId(7)}`, notesRoutes());
    await screen.findByRole('list', { name: 'Notes' });
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'x'.repeat(4001) } });
    expect(screen.getByText(MESSAGES.noteTooLong)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByText('4001 / 4000')).toBeTruthy());
    expect(app.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('hides system and viewed notes by filter and remembers the filters', async () => {
    const app = renderApp(`/notes/${encodeDocumentId(7)}`, notesRoutes());
    const list = await screen.findByRole('list', { name: 'Notes' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'System notes' }));
    expect(within(list).queryByText('Uploaded by clerk')).toBeNull();
    expect(within(list).getByText(/^Viewed by .*, once, last /)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Viewed notes' }));
    expect(screen.queryByRole('list', { name: 'Notes' })).toBeNull();
    expect(JSON.parse(app.local.getItem(NOTE_FILTERS_KEY) ?? '{}')).toEqual({ user: true, system: false, viewed: false });
  });
});

describe('NotesScreen refresh', () => {
  it('reloads the notes from the server after adding one, so notes added meanwhile show with no manual reload', async () => {
    const notes = [testNote(1, 'system', 'Uploaded by clerk')];
    const app = renderApp(`/notes/${encodeDocumentId(7)}`, {
      ...notesRoutes(),
      'GET /api/documents/7/notes': () => notes,
      'POST /api/documents/7/notes': (request: { body: unknown }) => {
        // Someone else's note lands on the server before ours.
        notes.push(testNote(2, 'system', 'Routed by approver'));
        const note = testNote(3, 'user', (request.body as { text: string }).text);
        notes.push(note);
        return note;
      },
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'Checked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await within(list).findByText('Routed by approver');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Uploaded by clerk', 'Routed by approver', 'Checked']);
    expect(app.requests.filter((r) => r.method === 'GET' && r.path === '/api/documents/7/notes')).toHaveLength(2);
  });
});

describe('NotesScreen views', () => {
  it('folds five VIEWED entries of one user into one line, shows each with "Every view", and focuses a new note', async () => {
    const notes = [testNote(1, 'system', 'Uploaded by clerk'), ...[2, 3, 4, 5, 6].map((id) => testNote(id, 'viewed', 'VIEWED'))];
    renderApp(`/notes/${encodeDocumentId(7)}`, {
      ...notesRoutes(),
      'GET /api/documents/7/notes': () => notes,
      'POST /api/documents/7/notes': () => {
        // The server keeps the note: the list reloads from it after adding.
        const note = testNote(9, 'user', 'Looks right');
        notes.push(note);
        return note;
      },
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/^Viewed by .*, 5 times, last /)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Every view' }));
    expect(within(list).getAllByText('VIEWED')).toHaveLength(5);

    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'Looks right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const added = await within(list).findByText('Looks right');
    await waitFor(() => expect(document.activeElement).toBe(added.closest('li')));
  });
});

describe('NotesScreen Back', () => {
  it('goes to the folders when the notes page is the first screen of the app', async () => {
    renderApp(`/notes/${encodeDocumentId(7)}`, { ...notesRoutes(), 'GET /api/folder-structure': () => [] });
    await screen.findByRole('list', { name: 'Notes' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/folders'));
  });
});
