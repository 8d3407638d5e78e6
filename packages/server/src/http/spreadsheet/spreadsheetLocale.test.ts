import { spreadsheetLocale } from './spreadsheetLocale';

describe('spreadsheetLocale', () => {
  it.each([
    ['de-DE', 'dd.mm.yyyy', 'dd.mm.yyyy hh:mm', ';', '#,##0.00 "€"', '1234,50 €', '22.11.2025'],
    ['en-US', 'mm/dd/yyyy', 'mm/dd/yyyy h:mm AM/PM', ',', '"$"#,##0.00', '$1234.50', '11/22/2025'],
    ['en-GB', 'dd/mm/yyyy', 'dd/mm/yyyy hh:mm', ',', '"€"#,##0.00', '€1234.50', '22/11/2025'],
  ])('%s writes days %s, instants %s, lists with %s and amounts %s', (tag, date, dateTime, list, amountFormat, amountText, day) => {
    const locale = spreadsheetLocale(tag);
    const currency = tag === 'en-US' ? 'USD' : 'EUR';
    expect([
      locale.dateFormat,
      locale.dateTimeFormat,
      locale.listSeparator,
      locale.amountFormat(currency),
      locale.amountText(1234.5, currency),
      locale.dayText('2025-11-22'),
    ]).toEqual([date, dateTime, list, amountFormat, amountText, day]);
  });

  it('keeps decimals as the currency has them, writes an unknown code after the number, and falls back to en-US and UTC', () => {
    const locale = spreadsheetLocale('xx-unknown-tag', 'Nowhere/City');
    expect([locale.locale, locale.timeZone, locale.amountFormat('JPY'), locale.amountFormat(null)]).toEqual([
      'en-US',
      'UTC',
      '"¥"#,##0',
      '#,##0.00',
    ]);
  });

  it("stores an instant as the wall-clock time of the user's time zone", () => {
    expect(spreadsheetLocale('de-DE', 'Europe/Berlin').wallClock('2026-07-01T10:00:00.000Z').toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
  });
});
