import type { Note } from '../../model';
import { foldViewedNotes, viewsText } from './foldViewedNotes';

function note(id: number, kind: Note['kind'], author: string, minute: number): Note {
  return {
    id,
    docId: 1,
    kind,
    text: kind === 'viewed' ? 'VIEWED' : `note ${id}`,
    author,
    authorName: author === 'pat' ? 'Pat Approver' : author,
    createdAt: `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`,
  };
}

describe('foldViewedNotes', () => {
  it('folds each user’s VIEWED entries into one line at their last view, keeping other notes in order', () => {
    const notes = [
      note(1, 'system', 'kim', 0),
      note(2, 'viewed', 'pat', 1),
      note(3, 'user', 'kim', 2),
      note(4, 'viewed', 'pat', 3),
      note(5, 'viewed', 'kim', 4),
      note(6, 'viewed', 'pat', 42),
    ];
    expect(foldViewedNotes(notes)).toEqual([
      { kind: 'note', note: notes[0] },
      { kind: 'note', note: notes[2] },
      { kind: 'views', author: 'kim', authorName: 'kim', count: 1, lastAt: notes[4].createdAt },
      { kind: 'views', author: 'pat', authorName: 'Pat Approver', count: 3, lastAt: notes[5].createdAt },
    ]);
  });

  it('says the line in words', () => {
    expect(viewsText('Pat Approver', 3, '10:42')).toBe('Viewed by Pat Approver, 3 times, last 10:42');
    expect(viewsText('Pat Approver', 1, '10:42')).toBe('Viewed by Pat Approver, once, last 10:42');
  });
});
