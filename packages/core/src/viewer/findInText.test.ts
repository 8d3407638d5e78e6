import { findInPage, findPattern, matchSegments } from './findInText';

describe('findInText', () => {
  const items = ['Fabrikam — Invoice INV-1001', 'Total', ' 1,250.00 USD', 'total due'];

  it('finds a phrase across items, case-insensitively, whatever the whitespace', () => {
    const pattern = findPattern('total   1,250', 'phrase');
    expect(pattern).not.toBeNull();
    const matches = findInPage(2, items, pattern as RegExp);
    expect(matches).toHaveLength(1);
    expect(matchSegments(items, matches[0])).toEqual([
      { item: 1, start: 0, end: 5 },
      { item: 2, start: 0, end: 6 },
    ]);
  });

  it('finds every word of a full-text search, and escapes what regular expressions would read', () => {
    const matches = findInPage(1, items, findPattern('total inv-1001 (x', 'words') as RegExp);
    expect(matches.map((match) => items.join('').slice(match.start, match.end))).toEqual(['INV-1001', 'Total', 'total']);
    expect(findPattern('   ', 'phrase')).toBeNull();
  });
});
