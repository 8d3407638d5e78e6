/**
 * jsdom leaves out a few globals every browser we support has (TextEncoder, TextDecoder);
 * give the jsdom test environment Node's implementations so code under test sees a real browser's API.
 */
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

/**
 * Only style rules that can hide or disable an element reach jsdom. Fluent's styles arrive as
 * thousands of atomic CSS rules (Griffel inserts one per class), and jsdom's getComputedStyle
 * matches every rule of every sheet against the element on each call; testing-library's role and
 * accessible-name queries call it for each node they visit, so a jsdom test spent about half its
 * CPU there (profile of ApprovalLimitBar.test: 48 of 107 s in getComputedStyle). jsdom lays
 * nothing out, so the declarations a test can observe are the ones that hide an element or make
 * it ignore the pointer (display, visibility, pointer-events) and the theme's CSS variables (one
 * rule per theme, which theme tests read): rules declaring one of those are kept, the rest never
 * enter the sheet. Griffel appends at `cssRules.length`, so a skipped rule
 * disturbs no index.
 */
const OBSERVABLE_IN_JSDOM = /(display|visibility|pointer-events|--[\w-]+)\s*:/i;
// Suites that ask for the node environment (`@jest-environment node`) have no style sheets.
if (typeof CSSStyleSheet !== 'undefined') {
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function insertObservableRule(this: CSSStyleSheet, rule: string, index?: number): number {
    if (!OBSERVABLE_IN_JSDOM.test(rule)) return index ?? this.cssRules.length;
    return insertRule.call(this, rule, index);
  };
}
