import fs from 'node:fs';
import path from 'node:path';
import { findHardCodedUiText } from './findHardCodedUiText';

/**
 * Issue 9, locale: every user-visible English text not in the spec's message list lives in one
 * catalogue (packages/core/src/locale/uiText.ts, UI_TEXT), ready for translation. This guard
 * reads every component of packages/core/src/ui (the .tsx files; tests and test harnesses aside)
 * with the TypeScript compiler API and fails, naming file:line, on
 * - JSX text holding a letter, and string literals written as JSX children (`{'Save'}`);
 * - string literals given to a prop a user reads or hears — label, title, placeholder, alt,
 *   aria-label, aria-description, Tooltip's content, Field's hint and validationMessage, and our
 *   components' `…Label`/`…Text`/`…Title` props — directly, in either branch of a condition,
 *   beside `||`/`??`/`+` or as the fixed part of a template;
 * - the same props one step removed in object literals (`{ key: 'name', title: 'Name' }`).
 *
 * What is allowed, and why: a text without any letter (×, …, ·, —, ✂, "1 / 4000") is not
 * language. Nothing with a letter is allowed — not even keyboard key names such as "Ctrl+P":
 * keyboards name their keys in the user's language (German "Strg+P"), so those live in the
 * catalogue too (UI_TEXT.export.printTitle). Key names the code compares with `event.key`
 * ('Enter', 'Escape') are not shown to anyone and are not props, so the guard never sees them.
 * Texts built in .ts files and texts passed to functions (notify('…')) are outside what a
 * syntax check can tell from data; the catalogue holds those by review.
 */

const repoRoot = path.resolve(__dirname, '..', '..');
const uiRoot = path.join(repoRoot, 'packages', 'core', 'src', 'ui');

/** Every component source of core ui/, tests and test harnesses aside. */
function componentFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : componentFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** "file:line [where] text" for every finding, as a failure names them. */
function describeFindings(file: string, source: string): string[] {
  return findHardCodedUiText(file, source).map(({ line, where, text }) => `${file}:${line} [${where}] ${text}`);
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

  it('finds no English text written into a component of packages/core/src/ui', () => {
    const files = componentFiles(uiRoot);
    // The walk itself must reach the screens, or an empty list would pass for a clean one.
    expect(files.length).toBeGreaterThan(50);
    const findings = files.flatMap((file) => describeFindings(path.relative(repoRoot, file), fs.readFileSync(file, 'utf8')));
    expect(findings).toEqual([]);
  });
});
