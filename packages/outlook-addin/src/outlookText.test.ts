import { SHOWN_LANGUAGE } from '@datahaven/core';
import { OUTLOOK_TEXT_DE } from './de/outlookText';
import { OUTLOOK_TEXT, OUTLOOK_TEXT_EN } from './outlookText';

/** Every leaf of a catalogue by its path: a text, or a text function's arity. */
function shapeOf(node: unknown, path = ''): Map<string, string> {
  const shape = new Map<string, string>();
  if (typeof node === 'string') shape.set(path, 'text');
  else if (typeof node === 'function') shape.set(path, `function/${node.length}`);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) shapeOf(value, `${path}.${key}`).forEach((kind, at) => shape.set(at, kind));
  } else shape.set(path, typeof node);
  return shape;
}

/** The texts of a catalogue by path, text functions called with sample values. */
function wordsOf(node: unknown, path = ''): Map<string, string> {
  const words = new Map<string, string>();
  if (typeof node === 'string') words.set(path, node);
  else if (typeof node === 'function') words.set(path, String(node('A', 'B')));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) wordsOf(value, `${path}.${key}`).forEach((text, at) => words.set(at, text));
  }
  return words;
}

describe("the Outlook add-in's catalogue", () => {
  afterEach(() => SHOWN_LANGUAGE.show('en'));

  it('has every key of the English texts in German, with text functions of the same arity', () => {
    const english = shapeOf(OUTLOOK_TEXT_EN);
    expect(english.size).toBeGreaterThan(20);
    expect([...shapeOf(OUTLOOK_TEXT_DE).entries()].sort()).toEqual([...english.entries()].sort());
  });

  it('translates every text: only the product name in the title reads the same', () => {
    const english = wordsOf(OUTLOOK_TEXT_EN);
    const same = [...wordsOf(OUTLOOK_TEXT_DE).entries()].filter(([path, text]) => english.get(path) === text || text.trim() === '');
    expect(same).toEqual([['.home.title', 'Datahaven Documents in Outlook']]);
  });

  it('reads the shown language on every access, through groups kept in constants', () => {
    const signIn = OUTLOOK_TEXT.signIn;
    expect(signIn.dialogClosed).toBe(OUTLOOK_TEXT_EN.signIn.dialogClosed);
    SHOWN_LANGUAGE.show('de');
    expect(signIn.dialogClosed).toBe(OUTLOOK_TEXT_DE.signIn.dialogClosed);
    expect(OUTLOOK_TEXT.signInDialog.insecureAuthority('http://login.example')).toBe(
      'Die Anmeldestelle http://login.example ist keine https-Adresse.',
    );
  });
});
