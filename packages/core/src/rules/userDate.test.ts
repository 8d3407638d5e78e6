import { MESSAGES } from './messages';
import {
  formatUserDate,
  normalizeUserDateValue,
  parseUserDateText,
  todayUserDate,
  userDateDisplay,
  userDateFieldText,
  userDateMessage,
  userDateToStored,
} from './userDate';

describe('parseUserDateText (strict formats)', () => {
  it('accepts each listed format naming a real day', () => {
    expect(parseUserDateText('05/30/2025')).toEqual({ kind: 'date', date: '2025-05-30' });
    expect(parseUserDateText('5/3/2025')).toEqual({ kind: 'date', date: '2025-05-03' });
    expect(parseUserDateText('05-30-2025')).toEqual({ kind: 'date', date: '2025-05-30' });
    expect(parseUserDateText(' 2025-05-30 ')).toEqual({ kind: 'date', date: '2025-05-30' });
    expect(parseUserDateText('02/29/2024')).toEqual({ kind: 'date', date: '2024-02-29' });
  });

  it('refuses other formats, impossible days and trailing text', () => {
    for (const text of [
      '30/05/2025',
      '02/29/2025',
      '2025-5-30',
      '05/30/25',
      'May 30, 2025',
      '2025-05-30T10:00',
      '05/30/2025x',
      '13/01/2025',
      '00/10/2025',
      '2025/05/30',
    ]) {
      expect(parseUserDateText(text)).toEqual({ kind: 'invalid' });
    }
  });

  it('reads blank text and the 1900 placeholder as blank', () => {
    expect(parseUserDateText('  ')).toEqual({ kind: 'blank' });
    expect(parseUserDateText('01/01/1900')).toEqual({ kind: 'blank' });
  });
});

describe('userDateDisplay', () => {
  it('shows a date stored at 12:00 UTC as a date only', () => {
    expect(userDateDisplay('2025-05-30T12:00:00.000Z')).toEqual({ kind: 'date', date: '2025-05-30' });
    expect(userDateDisplay(userDateToStored('2024-12-31'))).toEqual({ kind: 'date', date: '2024-12-31' });
  });

  it('shows other instants with their time, and 1900, null and garbage as blank', () => {
    expect(userDateDisplay('2025-05-30T09:15:00.000Z')).toEqual({ kind: 'dateTime', instant: '2025-05-30T09:15:00.000Z' });
    expect(userDateDisplay('1900-01-01T12:00:00.000Z')).toEqual({ kind: 'blank' });
    expect(userDateDisplay(null)).toEqual({ kind: 'blank' });
    expect(userDateDisplay('not a date')).toEqual({ kind: 'blank' });
  });

  it('gives the field text in the default format', () => {
    expect(userDateFieldText('2025-05-30T12:00:00.000Z')).toBe('05/30/2025');
    expect(userDateFieldText('1900-01-01T12:00:00.000Z')).toBe('');
    expect(formatUserDate('2025-05-03', 'M/D/YYYY')).toBe('5/3/2025');
    expect(formatUserDate('2025-05-03', 'MM-DD-YYYY')).toBe('05-03-2025');
  });
});

describe('user date messages', () => {
  it('says the spec texts: while invalid, and after an invalid text was saved as blank', () => {
    expect(userDateMessage({ kind: 'invalid' }, false)).toBe('Enter a valid date (invalid dates will be saved as blank)');
    expect(userDateMessage({ kind: 'blank' }, true)).toBe('Re-enter a valid date');
    expect(userDateMessage({ kind: 'date', date: '2025-05-30' }, false)).toBeNull();
    expect(MESSAGES.enterValidDate).toBe('Enter a valid date (invalid dates will be saved as blank)');
  });
});

describe('todayUserDate', () => {
  it('is the local calendar day', () => {
    expect(todayUserDate(new Date(2025, 4, 30, 23, 59))).toBe('2025-05-30');
    expect(todayUserDate(new Date(2025, 0, 1, 0, 0))).toBe('2025-01-01');
  });
});

describe('normalizeUserDateValue (server)', () => {
  it('stores a bare date at 12:00 UTC and keeps instants', () => {
    expect(normalizeUserDateValue('2025-05-30')).toEqual({ value: '2025-05-30T12:00:00.000Z' });
    expect(normalizeUserDateValue('2025-05-30T09:15:00+02:00')).toEqual({ value: '2025-05-30T07:15:00.000Z' });
    expect(normalizeUserDateValue('2025-05-30T09:15Z')).toEqual({ value: '2025-05-30T09:15:00.000Z' });
  });

  it('blanks null, empty text and the 1900 placeholder', () => {
    expect(normalizeUserDateValue(null)).toEqual({ value: null });
    expect(normalizeUserDateValue('')).toEqual({ value: null });
    expect(normalizeUserDateValue('1900-01-01')).toEqual({ value: null });
    expect(normalizeUserDateValue('1900-01-01T12:00:00.000Z')).toEqual({ value: null });
  });

  it('refuses loose or impossible dates', () => {
    for (const value of [
      '2025-02-30',
      '05/30/2025',
      'May 30 2025',
      '2025-05-30T25:00:00Z',
      '2025-05-30T10:00:00',
      20250530,
      true,
      '2025-05-30 10:00',
    ]) {
      expect(normalizeUserDateValue(value)).toBeUndefined();
    }
  });
});
