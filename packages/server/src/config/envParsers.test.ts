import { parseList, parseOrigins, parsePlainUrl, parseWholeNumber } from './envParsers';

describe('envParsers', () => {
  it('reads a list split on commas and white space, an unset one as empty', () => {
    expect(parseList(undefined)).toEqual([]);
    expect(parseList(' a, b\tc,,d ')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('accepts origins (with a *. wildcard) and refuses anything else, naming the variable', () => {
    expect(parseOrigins('X_ORIGINS', 'https://*.contoso.example, http://localhost:3000')).toEqual([
      'https://*.contoso.example',
      'http://localhost:3000',
    ]);
    for (const text of ['https://a.example/path', "https://a.example'", 'ftp://a.example', 'a.example']) {
      expect(() => parseOrigins('X_ORIGINS', text)).toThrow(`X_ORIGINS has an invalid origin: ${text}`);
    }
  });

  it('accepts a plain http(s) URL without its trailing slash and refuses credentials, query, fragment or another scheme', () => {
    expect(parsePlainUrl('X_URL', 'https://graph.example/v1.0/')).toBe('https://graph.example/v1.0');
    expect(() => parsePlainUrl('X_URL', 'not a url')).toThrow('X_URL is not a URL: not a url');
    for (const text of ['https://u:p@graph.example', 'https://graph.example/?a=1', 'https://graph.example/#x', 'ftp://graph.example']) {
      expect(() => parsePlainUrl('X_URL', text)).toThrow(`X_URL must be a plain http(s) URL: ${text}`);
    }
  });

  it("accepts a whole number within the range and refuses anything else with the caller's words", () => {
    expect(parseWholeNumber('X_N', '1', 1, 10, 'a count (1–10)')).toBe(1);
    expect(parseWholeNumber('X_N', '10', 1, 10, 'a count (1–10)')).toBe(10);
    expect(parseWholeNumber('X_N', ' 7 ', 1, 10, 'a count (1–10)')).toBe(7);
    for (const text of ['0', '11', '1.5', 'ten', '-1', ' ', '1e1', '0x5', '+5'])
      expect(() => parseWholeNumber('X_N', text, 1, 10, 'a count (1–10)')).toThrow(`X_N is not a count (1–10): ${text}`);
  });
});
