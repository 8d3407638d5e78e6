import type { SearchTag } from '../../model';
import { readFlag, readSearchLink, searchLink } from './searchLink';
import { suggestionsFor, tagLabel, tagValue, textTag } from './searchTagOptions';

const NAME: SearchTag = { text: 'CS-88120.pdf', prefix: 'Name', type: 'documentName', key: 'CS-88120.pdf' };

describe('suggestionsFor', () => {
  it("puts the server's tags first, then a contains tag per kind, without duplicates or chosen tags", () => {
    const chosen = [textTag('documentDescription', 'Contoso')];
    const list = suggestionsFor(' Contoso ', [NAME, textTag('documentName', 'Contoso')], chosen, true);
    expect(list.map(tagLabel)).toEqual([
      'Name: CS-88120.pdf',
      'Name: Contoso',
      'Note: Contoso',
      'User string: Contoso',
      'Queue name: Contoso',
      'Custom index: Contoso',
    ]);
  });

  it('offers note tags only to users who may read notes, file id tags only for digits, nothing for blank text', () => {
    expect(suggestionsFor('88120', [], [], false).map((tag) => tag.type)).toEqual([
      'documentName',
      'documentDescription',
      'userString1Contains',
      'queueNameContains',
      'customIndex',
      'fileIdContains',
    ]);
    expect(suggestionsFor('  ', [NAME], [], true)).toEqual([NAME]);
  });

  it('identifies a tag by kind and key only', () => {
    expect(tagValue(NAME)).toBe(tagValue({ type: 'documentName', key: 'CS-88120.pdf' }));
    expect(tagValue(NAME)).not.toBe(tagValue({ ...NAME, type: 'documentDescription' }));
  });
});

describe('searchLink', () => {
  it('round-trips tags, words and sort through a /search URL', () => {
    const link = searchLink({ tags: [NAME], q: ' march ', sort: { key: 'FileSize', desc: true } }, { embedded: 'true' });
    expect(link.startsWith('/search?embedded=true&tag=')).toBe(true);
    const params = new URL(link, 'http://localhost').searchParams;
    expect(readSearchLink(params)).toEqual({ tags: [NAME], q: 'march', sort: { key: 'FileSize', desc: true } });
    expect(readFlag(params, 'embedded', false)).toBe(true);
    expect(readFlag(params, 'allowSave', true)).toBe(true);
    expect(searchLink({})).toBe('/search');
  });

  it('drops tags and sorts it cannot read', () => {
    const params = new URLSearchParams('tag=%7Bnot-json&tag=%7B%22type%22%3A%22bogus%22%2C%22key%22%3A%22x%22%7D&sort=size');
    expect(readSearchLink(params)).toEqual({ tags: [], q: '', sort: null });
  });
});
