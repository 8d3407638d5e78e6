import fs from 'node:fs';
import path from 'node:path';
import { findHardCodedUiText, type HardCodedUiTextOptions } from './findHardCodedUiText';

/**
 * Issue 9, locale: every user-visible English text not in the spec's message list lives in one
 * catalogue (packages/core/src/locale/uiText.ts, UI_TEXT), ready for translation. This guard
 * reads every source of the core layers that show or name things — ui/, viewer/, state/,
 * services/, host/ and api/ (tests and test harnesses aside) — with the TypeScript compiler API and
 * fails, naming file:line, on
 * - JSX text holding a letter, and string literals written as JSX children (`{'Save'}`);
 * - string literals given to a prop a user reads or hears — label, title, placeholder, alt,
 *   aria-label, aria-description, Tooltip's content, Field's hint and validationMessage, and our
 *   components' `…Label`/`…Text`/`…Title` props — directly, in either branch of a condition,
 *   beside `||`/`??`/`+` or as the fixed part of a template;
 * - the same props one step removed in object literals (`{ key: 'name', title: 'Name' }`);
 * - literals handed to the known text sinks, in .ts files too: `notify(…)`, `showBanner(…)`
 *   (each property of an object given there: the banner's `exceptionType` fallback),
 *   `alerts.push(text, level)`, a DOM element's `title`/`textContent`/`alt`/… assigned, and
 *   `setAttribute('aria-label' | 'title' | …, text)`;
 * - in services/ only, `new Error(text)`: the flows the screens call, whose failure messages the
 *   screens show (the E-mail menu shows why a draft failed). Elsewhere an Error's message is a
 *   diagnostic (a missing provider, a server that ignored a range request, pdf.js failing) and
 *   the screen shows a catalogue or spec text in its place; console.warn/error texts are for
 *   developers and stay English.
 *
 * What is allowed, and why: a text without any letter (×, …, ·, —, ✂, "1 / 4000") is not
 * language, nor a theme variable's `var(--name)`. Nothing else with a letter is allowed — not
 * even keyboard key names such as "Ctrl+P": keyboards name their keys in the user's language
 * (German "Strg+P"), so those live in the catalogue too (UI_TEXT.export.printTitle). Key names
 * the code compares with `event.key` ('Enter', 'Escape') are not shown to anyone and are not
 * props or sinks, so the guard never sees them. What a syntax check cannot tell from data — a
 * literal stored in a field and shown later (a saved search's default name), a text passed
 * through a function of our own — the catalogue holds by review.
 */

const repoRoot = path.resolve(__dirname, '..', '..');
const coreRoot = path.join(repoRoot, 'packages', 'core', 'src');
/** The core layers that show or name things; model/, rules/ (the spec's MESSAGES) and contract/ hold no texts of ours. */
const SCANNED_LAYERS = ['ui', 'viewer', 'state', 'services', 'host', 'api'] as const;

/** Every source of a core layer, tests and test harnesses aside. */
function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** "file:line [where] text" for every finding, as a failure names them. */
function describeFindings(file: string, source: string, options: HardCodedUiTextOptions = {}): string[] {
  return findHardCodedUiText(file, source, options).map(({ line, where, text }) => `${file}:${line} [${where}] ${text}`);
}

/** Proof fixture: each line a way English gets into a component. */
const HARD_CODED = `import { Button, Field, Input, Tooltip } from '@fluentui/react-components';
export function Probe({ count, name }: { count: number; name: string }) {
  const columns = [{ key: 'name', title: 'Name' }];
  return (
    <div aria-label="Document actions">
      <Button title={count > 1 ? \`Merge \${count} documents\` : undefined}>Merge</Button>
      <Tooltip content="Annotation colour" relationship="label"><span /></Tooltip>
      <Field label={'Subtype'} hint={name || 'Filled from another source'} validationMessage="Too long">
        <Input placeholder={\`Name of \${name}\`} />
      </Field>
      {count === 0 ? 'No notes yet.' : null}
      <SearchNameForm confirmLabel="Rename" />
      {columns.length}
    </div>
  );
}
`;

/** The same screen written against the catalogue, with the texts that are not language. */
const CLEAN = `import { Button, Field, Input, Tooltip } from '@fluentui/react-components';
import { MESSAGES } from '../../rules';
import { UI_TEXT } from '../../locale/uiText';
export function Probe({ count, name }: { count: number; name: string }) {
  const columns = [{ key: 'name', title: UI_TEXT.workflow.columns.name }];
  return (
    <div aria-label={UI_TEXT.folders.documentActions} className="toolbar" data-testid="probe">
      <Button title={count > 1 ? UI_TEXT.pageWork.mergeCount(count) : undefined}>{UI_TEXT.pageWork.merge}</Button>
      <Tooltip content={MESSAGES.mergeNeedsTwoDocuments} relationship="description"><span>×</span></Tooltip>
      <Field label={UI_TEXT.properties.subtype} hint={\`\${count} / 4000\`} validationMessage={MESSAGES.noteTooLong}>
        <Input placeholder="1-2;3-10" name="route-target" value="columns" />
      </Field>
      {count === 0 ? '—' : '…'}{' '}·
      <SearchNameForm confirmLabel={UI_TEXT.search.rename} onEditText={() => 'ignored'} />
      {columns.length}
    </div>
  );
}
`;

/** Proof fixture for .ts code: each line a text handed to a sink the user reads. */
const SINKS = `export function probe(notify: (text: string) => void, alerts: AlertStore, frame: HTMLIFrameElement, error: ApiError): void {
  notify('Saved');
  alerts.push('Upload failed', 'error');
  this.showBanner({ exceptionType: error.exceptionType ?? 'Error', message: error.message, status: error.status });
  frame.title = 'Document to print';
  frame.setAttribute('aria-label', 'Pages');
  throw new Error('This host has no mailbox sign-in.');
}
`;

/** The same code with the catalogue's and the spec's texts; levels and data attributes are not words. */
const CLEAN_SINKS = `export function probe(notify: (text: string, level: string) => void, alerts: AlertStore, frame: HTMLIFrameElement, error: ApiError): void {
  notify(UI_TEXT.search.savedSearch(name), 'success');
  alerts.push(MESSAGES.fileTooBigToView, 'warning');
  this.showBanner({ exceptionType: error.exceptionType ?? UI_TEXT.shell.errorType, message: error.message, status: error.status });
  frame.title = UI_TEXT.export.printFrameTitle;
  frame.setAttribute('data-datahaven-print', '');
  frame.setAttribute('aria-hidden', 'true');
  frame.className = 'printFrame';
  throw new Error(UI_TEXT.export.noMailboxSignIn);
}
`;

describe('the UI text catalogue guard', () => {
  it('fires on JSX text and on literals in user-facing props, naming file and line (proof)', () => {
    expect(describeFindings('Probe.tsx', HARD_CODED)).toEqual([
      'Probe.tsx:3 [title] Name',
      'Probe.tsx:5 [aria-label] Document actions',
      'Probe.tsx:6 [title] Merge',
      'Probe.tsx:6 [title] documents',
      'Probe.tsx:6 [JSX text] Merge',
      'Probe.tsx:7 [content] Annotation colour',
      'Probe.tsx:8 [label] Subtype',
      'Probe.tsx:8 [hint] Filled from another source',
      'Probe.tsx:8 [validationMessage] Too long',
      'Probe.tsx:9 [placeholder] Name of',
      'Probe.tsx:11 [JSX text] No notes yet.',
      'Probe.tsx:12 [confirmLabel] Rename',
    ]);
  });

  it('accepts the catalogue, the spec messages, symbols, data props and handlers', () => {
    expect(describeFindings('Probe.tsx', CLEAN)).toEqual([]);
  });

  it('fires on literals handed to the text sinks of .ts code, naming file and line (proof)', () => {
    expect(describeFindings('probe.ts', SINKS, { errorsAreShown: true })).toEqual([
      'probe.ts:2 [notify()] Saved',
      'probe.ts:3 [push()] Upload failed',
      'probe.ts:4 [showBanner()] Error',
      'probe.ts:5 [.title =] Document to print',
      "probe.ts:6 [setAttribute('aria-label')] Pages",
      'probe.ts:7 [new Error()] This host has no mailbox sign-in.',
    ]);
    // Outside services/ an Error's message is a diagnostic, not shown as it is.
    expect(describeFindings('probe.ts', SINKS)).toHaveLength(5);
  });

  it('accepts the catalogue, the spec messages and levels in the text sinks', () => {
    expect(describeFindings('probe.ts', CLEAN_SINKS, { errorsAreShown: true })).toEqual([]);
  });

  it('finds no English text written into packages/core/src ui/, viewer/, state/, services/, host/ or api/', () => {
    const findings = SCANNED_LAYERS.flatMap((layer) => {
      const files = sourceFiles(path.join(coreRoot, layer));
      // The walk itself must reach each layer, or an empty list would pass for a clean one.
      expect(files.length).toBeGreaterThan(0);
      return files.flatMap((file) =>
        describeFindings(path.relative(repoRoot, file), fs.readFileSync(file, 'utf8'), { errorsAreShown: layer === 'services' }),
      );
    });
    expect(findings).toEqual([]);
  });

  it('walks the screens and the viewer components', () => {
    const components = [...sourceFiles(path.join(coreRoot, 'ui')), ...sourceFiles(path.join(coreRoot, 'viewer'))].filter((file) =>
      file.endsWith('.tsx'),
    );
    expect(components.length).toBeGreaterThan(55);
    expect(components.some((file) => file.endsWith(path.join('viewer', 'PdfViewer.tsx')))).toBe(true);
  });
});
