import { memoryStorage } from '../../host';
import type { Note } from '../../model';
import { DEFAULT_NOTE_FILTERS, NOTE_FILTERS_KEY, filterNotes, loadNoteFilters, saveNoteFilters } from './noteFilters';

const note = (id: number, kind: Note['kind']): Note => ({
  id,
  docId: 1,
  kind,
  text: kind === 'viewed' ? 'VIEWED' : `note ${id}`,
  author: 'clerk',
  createdAt: '2025-05-30T10:00:00Z',
});

describe('note filters', () => {
  it('show every kind until the user changes them, then remember the choice', () => {
    const storage = memoryStorage();
    expect(loadNoteFilters(storage)).toEqual(DEFAULT_NOTE_FILTERS);
    saveNoteFilters(storage, { user: true, system: false, viewed: false });
    expect(loadNoteFilters(storage)).toEqual({ user: true, system: false, viewed: false });
  });

  it('fall back to the default for unreadable stored values', () => {
    expect(loadNoteFilters(memoryStorage({ [NOTE_FILTERS_KEY]: '{not json' }))).toEqual(DEFAULT_NOTE_FILTERS);
    expect(loadNoteFilters(memoryStorage({ [NOTE_FILTERS_KEY]: '{"user":"no","viewed":false}' }))).toEqual({
      user: true,
      system: true,
      viewed: false,
    });
  });

  it('keep only the kinds switched on', () => {
    const notes = [note(1, 'user'), note(2, 'system'), note(3, 'viewed')];
    expect(filterNotes(notes, { user: true, system: false, viewed: true }).map((n) => n.id)).toEqual([1, 3]);
  });
});
