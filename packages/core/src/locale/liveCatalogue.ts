import { SHOWN_LANGUAGE } from './shownLanguage';
import type { ShownLanguage } from './shownLanguageOf';

type Node = Readonly<Record<PropertyKey, unknown>>;

/** A nested group of texts (not a text, a text function or a list), which the view follows by its path. */
function isGroup(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One catalogue in every language as a single object that reads the shown language's texts on
 * each access (SHOWN_LANGUAGE). Groups come back as views too, so a screen that keeps
 * `UI_TEXT.viewer` in a constant still follows the language; texts, text functions and lists are
 * the shown language's own values. Call sites stay `UI_TEXT.viewer.zoomIn` as they were.
 */
export function liveCatalogue<T extends object>(byLanguage: Readonly<Record<ShownLanguage, T>>): T {
  const views = new Map<string, Node>();
  const resolve = (path: readonly string[]): Node => {
    let node: unknown = byLanguage[SHOWN_LANGUAGE.current()];
    for (const key of path) node = isGroup(node) ? node[key] : undefined;
    // A translation has every group of the English one (TextsOf checks it); English stands in if not.
    if (isGroup(node)) return node;
    let english: unknown = byLanguage.en;
    for (const key of path) english = isGroup(english) ? english[key] : undefined;
    return isGroup(english) ? english : {};
  };
  const viewOf = (path: readonly string[]): Node => {
    const id = path.join('\u0000');
    const known = views.get(id);
    if (known) return known;
    // The English group is the proxy's target: the same keys in every language, all configurable.
    const view = new Proxy(resolve(path) as Record<PropertyKey, unknown>, {
      get: (_target, key) => {
        const value = resolve(path)[key];
        return typeof key === 'string' && isGroup(value) ? viewOf([...path, key]) : value;
      },
      has: (_target, key) => key in resolve(path),
      ownKeys: () => Reflect.ownKeys(resolve(path)),
      getOwnPropertyDescriptor: (_target, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(resolve(path), key);
        return descriptor ? { ...descriptor, configurable: true } : undefined;
      },
    });
    views.set(id, view);
    return view;
  };
  return viewOf([]) as T;
}
