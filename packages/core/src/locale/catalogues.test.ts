import { MESSAGES as MESSAGES_EN, messagesFor } from '../rules';
import { UI_TEXT_DE } from './de/uiText';
import { SHOWN_LANGUAGES } from './shownLanguageOf';
import { UI_TEXT_EN } from './uiText';

/** Every leaf of a catalogue by its path: a text, a text function's arity, or a list's length. */
function shapeOf(node: unknown, path = ''): Map<string, string> {
  const shape = new Map<string, string>();
  if (typeof node === 'string') shape.set(path, 'text');
  else if (typeof node === 'function') shape.set(path, `function/${node.length}`);
  else if (Array.isArray(node)) {
    shape.set(path, `list/${node.length}`);
    node.forEach((item, index) => shapeOf(item, `${path}[${index}]`).forEach((kind, key) => shape.set(key, kind)));
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node))
      shapeOf(value, path === '' ? key : `${path}.${key}`).forEach((kind, at) => shape.set(at, kind));
  } else shape.set(path, typeof node);
  return shape;
}

/** The texts (not functions) of a catalogue by path. */
function textsOf(node: unknown, path = ''): Map<string, string> {
  const texts = new Map<string, string>();
  if (typeof node === 'string') texts.set(path, node);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) textsOf(value, `${path}.${key}`).forEach((text, at) => texts.set(at, text));
  }
  return texts;
}

/** Words German writes as English does (names, loan words), the only texts allowed to stay the same. */
const SAME_IN_GERMAN = new Set([
  'Name',
  'Workflow',
  'Ellipse',
  'Filter',
  'Uploads',
  'System',
  'E-Mail',
  // Format names (the export menu).
  'Excel (.xlsx)',
  'CSV',
  'Esc',
  'r',
  'p, k, ←',
  'Name (optional)',
]);

describe('the catalogues in every language', () => {
  it('lists the languages shown, English first as the fallback', () => {
    expect(SHOWN_LANGUAGES).toEqual(['en', 'de']);
  });

  it('has every key of the English UI catalogue in German, with text functions of the same arity and lists of the same length', () => {
    const english = shapeOf(UI_TEXT_EN);
    const german = shapeOf(UI_TEXT_DE);
    expect(english.size).toBeGreaterThan(600);
    expect([...german.entries()].sort()).toEqual([...english.entries()].sort());
  });

  it("has every key of the spec's messages in German, with the same shape", () => {
    expect([...shapeOf(messagesFor('de-DE')).entries()].sort()).toEqual([...shapeOf(MESSAGES_EN).entries()].sort());
  });

  it('translates the UI texts: none is left empty, and only names and loan words read the same in German', () => {
    const english = textsOf(UI_TEXT_EN);
    const german = textsOf(UI_TEXT_DE);
    expect([...german.entries()].filter(([, text]) => text.trim() === '')).toEqual([]);
    const same = [...german.entries()].filter(([path, text]) => english.get(path) === text && !SAME_IN_GERMAN.has(text));
    expect(same).toEqual([]);
  });

  it('picks plural forms through Intl.PluralRules: German 1 Beleg, 2 Belege, 0 Belege', () => {
    const select = jest.spyOn(Intl.PluralRules.prototype, 'select');
    try {
      expect([0, 1, 2].map((count) => UI_TEXT_DE.workflow.documentCount(count))).toEqual(['0 Belege', '1 Beleg', '2 Belege']);
      expect(select.mock.calls.map(([count]) => count)).toEqual([0, 1, 2]);
      expect(select.mock.contexts.every((rules) => rules instanceof Intl.PluralRules && rules.resolvedOptions().locale === 'de')).toBe(
        true,
      );
      expect(UI_TEXT_DE.search.documentsFound(1)).toBe('1 Beleg gefunden');
      expect(UI_TEXT_DE.pageWork.mergeTotal(2, 1, '12 KB')).toBe('2 Belege, 1 Seite, 12 KB');
      expect(UI_TEXT_DE.decision.days(1)).toBe('1 Tag');
      expect(UI_TEXT_EN.workflow.documentCount(1)).toBe('1 document');
      expect(UI_TEXT_EN.workflow.documentCount(2)).toBe('2 documents');
    } finally {
      select.mockRestore();
    }
  });
});
