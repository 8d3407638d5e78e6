import { pluralFor } from './plural';

describe('pluralFor', () => {
  it("picks English 'one' for 1 only, 'other' for 0 and many", () => {
    const plural = pluralFor('en');
    const forms = { one: 'document', other: 'documents' };
    expect([0, 1, 2, 21].map((count) => plural(count, forms))).toEqual(['documents', 'document', 'documents', 'documents']);
  });

  it("follows the language's own categories and falls back to 'other' where a form is missing", () => {
    const plural = pluralFor('pl');
    const forms = { one: 'dokument', few: 'dokumenty', other: 'dokumentów' };
    expect([1, 3, 5, 22].map((count) => plural(count, forms))).toEqual(['dokument', 'dokumenty', 'dokumentów', 'dokumenty']);
    expect(plural(1, { other: 'x' })).toBe('x');
  });
});
