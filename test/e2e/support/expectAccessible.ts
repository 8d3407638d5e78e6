import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts that fail a screen (docs/ACCESSIBILITY.md): axe's minor and moderate findings are left to review. */
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/** How many offending elements of one rule are named in the failure (the rest are counted). */
const TARGETS_SHOWN = 5;

/**
 * Findings that are not faults, each rule by rule and element by element (never a rule turned
 * off): Fluent's focus management (Tabster) puts `<i tabindex="0" aria-hidden="true"
 * data-tabster-dummy>` at the edges of toolbars, tab lists and dialogs. They are there to catch
 * Tab and hand the focus on at once, and hidden so that screen readers do not announce them;
 * Tabster and Accessibility Insights treat them as by design (microsoft/tabster#288,
 * microsoft/accessibility-insights-web#7605). Every other aria-hidden-focus finding still fails.
 */
const NOT_FAULTS: readonly { rule: string; html: RegExp }[] = [{ rule: 'aria-hidden-focus', html: /^<i [^>]*data-tabster-dummy=/ }];

/** Whether axe's finding on one element is a known non-fault of NOT_FAULTS. */
function isNotFault(rule: string, html: string): boolean {
  return NOT_FAULTS.some((entry) => entry.rule === rule && entry.html.test(html));
}

/** Where on a page axe looks and what the failure calls the screen. */
export interface AccessibilityScope {
  /** The screen in words, e.g. "Teams tab, Approval L1 queue at 375 px": the failure starts with it. */
  what: string;
  /**
   * CSS selectors of the parts that are ours, e.g. our iframe in a host simulator (axe analyses
   * the frame's document through it); without them the whole page and all its frames.
   */
  include?: readonly string[];
}

/** One serious or critical axe finding, in words a reader of a failed run can act on. */
export interface AccessibilityViolation {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** The offending elements as axe's selectors (a frame's selector first, then the element's inside it) with what to fix on each. */
  targets: string[];
}

/** Axe's selector path of one node: frames and shadow roots joined by " >>> ". */
function targetText(target: unknown): string {
  if (!Array.isArray(target)) return String(target);
  return target.map((part) => (Array.isArray(part) ? part.join(' ⟩ ') : String(part))).join(' >>> ');
}

/** The "Fix any of the following" text of a node on one line, without axe's headings. */
function fixText(summary: string | undefined): string {
  if (summary === undefined) return '';
  return summary
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^Fix (any|all) of the following:$/.test(line))
    .join(' / ');
}

/** Runs axe-core on the page (and, through their iframes, the frames in scope) and answers its serious and critical findings. */
export async function accessibilityViolations(page: Page, scope: AccessibilityScope): Promise<AccessibilityViolation[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !isNotFault(violation.id, node.html)) }))
    .filter((violation) => violation.nodes.length > 0)
    .map((violation) => {
      const shown = violation.nodes.slice(0, TARGETS_SHOWN).map((node) => `${targetText(node.target)} — ${fixText(node.failureSummary)}`);
      const rest = violation.nodes.length - shown.length;
      return {
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        helpUrl: violation.helpUrl,
        targets: rest > 0 ? [...shown, `… and ${rest} more`] : shown,
      };
    });
}

/**
 * Expects no serious or critical axe-core violation on the page in scope; a failure lists each
 * rule with its impact, help text and link, and the offending elements with what to fix.
 */
export async function expectAccessible(page: Page, scope: AccessibilityScope): Promise<void> {
  const violations = await accessibilityViolations(page, scope);
  // The screen's name inside the compared value, so the diff of a failure says where it was.
  expect({ screen: scope.what, violations }).toEqual({ screen: scope.what, violations: [] });
}
