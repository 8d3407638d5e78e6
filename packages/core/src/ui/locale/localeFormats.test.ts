import { createLocaleFormats, numericDatePattern } from './localeFormats';

const de = createLocaleFormats({ language: 'de-DE', region: 'de-DE' });
const us = createLocaleFormats({ language: 'en-US', region: 'en-US' });

describe('locale formats', () => {
  it('reads the numeric date pattern of a locale from Intl', () => {
    expect(numericDatePattern('de-DE').text).toBe('DD.MM.YYYY');
    expect(numericDatePattern('en-US').text).toBe('MM/DD/YYYY');
    expect(numericDatePattern('en-GB').text).toBe('DD/MM/YYYY');
    expect(numericDatePattern('ja-JP').text).toBe('YYYY/MM/DD');
  });

  it('takes 30.05.2025 in de-DE and 05/30/2025 in en-US, and ISO in both', () => {
    expect(de.parseDateInput('30.05.2025')).toEqual({ kind: 'date', date: '2025-05-30' });
    expect(de.parseDateInput('1.5.2025')).toEqual({ kind: 'date', date: '2025-05-01' });
    expect(de.parseDateInput('2025-05-30')).toEqual({ kind: 'date', date: '2025-05-30' });
    expect(us.parseDateInput('05/30/2025')).toEqual({ kind: 'date', date: '2025-05-30' });
    expect(us.parseDateInput('2025-05-30')).toEqual({ kind: 'date', date: '2025-05-30' });
  });

  it('refuses what is not the locale form or not a real day', () => {
    expect(de.parseDateInput('05/30/2025')).toEqual({ kind: 'invalid' });
    expect(de.parseDateInput('31.02.2025')).toEqual({ kind: 'invalid' });
    expect(us.parseDateInput('30.05.2025')).toEqual({ kind: 'invalid' });
    expect(de.parseDateInput('30.05.25')).toEqual({ kind: 'invalid' });
    expect(de.parseDateInput('  ')).toEqual({ kind: 'blank' });
  });

  it('writes days, dates, numbers and sizes in the locale', () => {
    expect(de.formatDateInput('2025-05-30')).toBe('30.05.2025');
    expect(us.formatDateInput('2025-05-30')).toBe('05/30/2025');
    expect(de.userDateFieldText('2025-05-30T12:00:00.000Z')).toBe('30.05.2025');
    expect(de.formatFileSize(12_600)).toBe('12,3 KB');
    expect(us.formatFileSize(12_600)).toBe('12.3 KB');
    expect(de.formatNumber(1234.5, 1)).toBe('1.234,5');
    expect(de.formatDate('2025-05-30T10:00:00Z')).toBe('30. Mai 2025');
    expect(us.formatDate('2025-05-30T10:00:00Z')).toBe('May 30, 2025');
  });

  it('falls back to en-US for a tag Intl does not know', () => {
    expect(createLocaleFormats({ language: 'xx', region: 'not a tag' }).region).toBe('en-US');
  });
});
