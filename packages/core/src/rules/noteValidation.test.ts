import { MESSAGES } from './messages';
import { noteLength, validateNote } from './noteValidation';

describe('validateNote', () => {
  it('requires a note', () => {
    for (const text of ['', '   \n\t', null, undefined]) {
      expect(validateNote(text)).toEqual({ valid: false, message: 'A note is required to submit.' });
    }
  });

  it('accepts exactly 4000 characters and refuses 4001', () => {
    expect(validateNote('x'.repeat(4000))).toEqual({ valid: true });
    expect(validateNote('x'.repeat(4001))).toEqual({ valid: false, message: MESSAGES.noteTooLong });
    expect(MESSAGES.noteTooLong).toBe('Notes are limited to 4000 characters.');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(noteLength('😀😀')).toBe(2);
    expect(validateNote('😀'.repeat(4000))).toEqual({ valid: true });
    expect(validateNote('😀'.repeat(4001)).valid).toBe(false);
  });
});
