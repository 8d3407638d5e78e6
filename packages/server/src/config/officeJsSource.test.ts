import { parseOfficeJsSource } from './officeJsSource';

describe('DATAHAVEN_OFFICE_JS', () => {
  it('reads the setting strictly', () => {
    expect(parseOfficeJsSource(undefined)).toBe('self');
    expect(parseOfficeJsSource(' Hosted ')).toBe('hosted');
    expect(() => parseOfficeJsSource('https://cdn.example/office.js')).toThrow("DATAHAVEN_OFFICE_JS is 'self'");
  });
});
