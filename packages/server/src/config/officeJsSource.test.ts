import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './Config';
import { parseOfficeJsSource } from './officeJsSource';

describe('DATAHAVEN_OFFICE_JS', () => {
  it('reads the setting strictly: Microsoft’s hosted office.js unless it says `self`', () => {
    expect(parseOfficeJsSource(undefined)).toBe('hosted');
    expect(parseOfficeJsSource('')).toBe('hosted');
    expect(parseOfficeJsSource(' Hosted ')).toBe('hosted');
    expect(parseOfficeJsSource('SELF')).toBe('self');
    expect(() => parseOfficeJsSource('https://cdn.example/office.js')).toThrow("DATAHAVEN_OFFICE_JS is 'hosted'");
  });

  it('a deployment gets the hosted copy by default; `npm start` (the offline demo) chooses our copy unless told otherwise', () => {
    expect(loadConfig({}).officeJs).toBe('hosted');
    expect(loadConfig({ DATAHAVEN_DEMO: '1' }).officeJs).toBe('hosted');
    expect(loadConfig({ DATAHAVEN_OFFICE_JS: 'self' }).officeJs).toBe('self');
    const rootPackage = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(rootPackage.scripts.start).toContain('DATAHAVEN_OFFICE_JS=${DATAHAVEN_OFFICE_JS:-self} ');
  });
});
