import { SHOWN_LANGUAGE } from '@datahaven/core';
import { TEAMS_HOME } from './createTeamsHostAdapter';
import { TEAMS_TEXT_DE } from './de/teamsText';
import { TEAMS_TEXT, TEAMS_TEXT_EN } from './teamsText';

jest.mock('@microsoft/teams-js', () => jest.requireActual<typeof import('./test/teamsJsMock')>('./test/teamsJsMock').teamsJsMock());

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

/** The texts of a catalogue by path, text functions called with a sample value. */
function wordsOf(node: unknown, path = ''): Map<string, string> {
  const words = new Map<string, string>();
  if (typeof node === 'string') words.set(path, node);
  else if (typeof node === 'function') words.set(path, String(node('A')));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) wordsOf(value, `${path}.${key}`).forEach((text, at) => words.set(at, text));
  }
  return words;
}

describe("the Teams tab's catalogue", () => {
  afterEach(() => SHOWN_LANGUAGE.show('en'));

  it('has every key of the English texts in German, with text functions of the same arity', () => {
    const english = shapeOf(TEAMS_TEXT_EN);
    expect(english.size).toBeGreaterThan(15);
    expect([...shapeOf(TEAMS_TEXT_DE).entries()].sort()).toEqual([...english.entries()].sort());
  });

  it('translates every text: only the product name (and its name in Teams) reads the same', () => {
    const english = wordsOf(TEAMS_TEXT_EN);
    const same = [...wordsOf(TEAMS_TEXT_DE).entries()].filter(([path, text]) => english.get(path) === text || text.trim() === '');
    expect(same).toEqual([
      ['.app.title', 'Datahaven Documents'],
      ['.home.title', 'Datahaven Documents in Teams'],
    ]);
  });

  it("the tab's home notice follows the shown language where the core reads it", () => {
    expect(TEAMS_HOME).toEqual({ kind: 'notice', title: TEAMS_TEXT_EN.home.title, body: TEAMS_TEXT_EN.home.body });
    SHOWN_LANGUAGE.show('de');
    expect(TEAMS_HOME).toMatchObject({ kind: 'notice', body: expect.stringContaining('„Einstellungen“') });
    expect(TEAMS_TEXT.configure.allQueuesOf('Eingangsrechnungen')).toBe('Alle Warteschlangen von Eingangsrechnungen');
  });
});
