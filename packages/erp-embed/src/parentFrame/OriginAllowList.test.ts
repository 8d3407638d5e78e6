import { OriginAllowList } from './OriginAllowList';

describe('OriginAllowList', () => {
  it('allows exact origins, case-insensitively, and nothing else', () => {
    const list = new OriginAllowList(['https://businesscentral.dynamics.com', 'http://localhost:3000/']);
    expect(list.allows('https://businesscentral.dynamics.com')).toBe(true);
    expect(list.allows('https://BusinessCentral.Dynamics.com')).toBe(true);
    expect(list.allows('http://localhost:3000')).toBe(true);
    expect(list.allows('http://localhost:3001')).toBe(false);
    expect(list.allows('https://businesscentral.dynamics.com.evil.example')).toBe(false);
    expect(list.allows('null')).toBe(false);
    expect(list.allows('')).toBe(false);
  });

  it('understands a leading wildcard host for sub-domains only', () => {
    const list = new OriginAllowList(['https://*.contoso.com']);
    expect(list.allows('https://bc.contoso.com')).toBe(true);
    expect(list.allows('https://a.b.contoso.com')).toBe(true);
    expect(list.allows('https://contoso.com')).toBe(false);
    expect(list.allows('https://evilcontoso.com')).toBe(false);
    expect(list.allows('http://bc.contoso.com')).toBe(false);
  });

  it("refuses '*' and malformed entries", () => {
    const list = new OriginAllowList(['*', 'not a url', 'https://*']);
    expect(list.allows('https://anyone.example')).toBe(false);
    expect(list.exactOrigins()).toEqual([]);
  });
});
