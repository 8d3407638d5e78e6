import path from 'node:path';
import { lintInChildProcess, type LintVerdict } from './lintInChildProcess';

const repoRoot = path.resolve(__dirname, '..', '..');

/** Every probe, in order; linted together once because ESLint is slow to start. */
const probes: { title: string; file: string; code: string }[] = [];
let verdicts = new Map<string, LintVerdict['messages']>();

/** The messages ESLint reported for the probe with this title. */
function messagesOf(title: string): LintVerdict['messages'] {
  const messages = verdicts.get(title);
  if (!messages) throw new Error(`probe "${title}" was not linted`);
  return messages;
}

/** Declares a test: `code`, linted as the file at `relativePath`, fails with exactly these rules. */
function itRefuses(title: string, relativePath: string, code: string, expectedRules: string[]): void {
  probes.push({ title, file: relativePath, code });
  it(title, () => {
    const errors = messagesOf(title).filter((message) => message.severity === 2);
    expect(errors.map((message) => message.ruleId)).toEqual(expectedRules);
  });
}

/** Declares a test: `code`, linted as the file at `relativePath`, draws no message at all. */
function itIsClean(title: string, relativePath: string, code: string): void {
  probes.push({ title, file: relativePath, code });
  it(title, () => {
    expect(messagesOf(title).map((message) => message.message)).toEqual([]);
  });
}

const MODEL_FILE = 'packages/core/src/model/LintProbe.ts';
const RULES_FILE = 'packages/core/src/rules/lintProbe.ts';
const CORE_UI_FILE = 'packages/core/src/ui/folders/LintProbe.tsx';
const ERP_FILE = 'packages/erp-embed/src/LintProbe.ts';
const TEAMS_FILE = 'packages/teams-tab/src/deeper/LintProbe.ts';
const SERVER_FILE = 'packages/server/src/http/routes/lintProbe.ts';

beforeAll(async () => {
  const results = await lintInChildProcess(
    repoRoot,
    probes.map(({ file, code }) => ({ filePath: path.join(repoRoot, file), code })),
  );
  verdicts = new Map(probes.map(({ title }, index) => [title, results[index].messages]));
});

describe('core model/ and rules/ stay free of UI, DOM and upper layers', () => {
  itRefuses('refuses React in model/', MODEL_FILE, "import { useState } from 'react';\nexport const probe = useState;\n", ['no-restricted-imports']);

  itRefuses('refuses Fluent UI and pdf.js in rules/', RULES_FILE, "import { Button } from '@fluentui/react-components';\nimport { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';\nexport const probe = [Button, getDocument];\n", ['no-restricted-imports', 'no-restricted-imports']);

  itRefuses('refuses an upper layer of the core in rules/', RULES_FILE, "import { ApiClient } from '../api/ApiClient';\nexport const probe = ApiClient;\n", ['no-restricted-imports']);

  itRefuses('refuses any other package in model/', MODEL_FILE, "import { format } from 'date-fns';\nexport const probe = format;\n", ['no-restricted-imports']);

  itRefuses('refuses window, document and localStorage in model/', MODEL_FILE, 'export const probe = [window.location.href, document.title, localStorage.getItem("x")];\n', ['no-restricted-globals', 'no-restricted-globals', 'no-restricted-globals']);

  itRefuses('refuses sessionStorage reached through globalThis in rules/', RULES_FILE, 'export const probe = globalThis.sessionStorage;\n', ['no-restricted-properties']);

  itIsClean('accepts rules/ importing model/', RULES_FILE, "import { LIMITS } from '../model';\nexport const probe = LIMITS;\n");
});

describe('the core never imports a host or the server', () => {
  itRefuses('refuses a host package in core ui/', CORE_UI_FILE, "import { ErpApp } from '@datahaven/erp-embed';\nexport const probe = ErpApp;\n", ['no-restricted-imports']);

  itRefuses('refuses a relative path into the server from core ui/', CORE_UI_FILE, "import { buildApp } from '../../../../server/src/http/buildApp';\nexport const probe = buildApp;\n", ['no-restricted-imports']);

  itIsClean('accepts React in core ui/', CORE_UI_FILE, "import { useState } from 'react';\nexport const probe = useState;\n");
});

describe('hosts import only the public entry of the core', () => {
  itRefuses('refuses a file inside the core by package path', ERP_FILE, "import { FoldersScreen } from '@datahaven/core/src/ui/x';\nexport const probe = FoldersScreen;\n", ['no-restricted-imports']);

  itRefuses('refuses the core subpath exports meant for the server', TEAMS_FILE, "import { LIMITS } from '@datahaven/core/model';\nexport const probe = LIMITS;\n", ['no-restricted-imports']);

  itRefuses('refuses a relative path into the core', TEAMS_FILE, "import { LIMITS } from '../../../core/src/model';\nexport const probe = LIMITS;\n", ['no-restricted-imports']);

  itRefuses('refuses the server', ERP_FILE, "import { buildApp } from '@datahaven/server';\nexport const probe = buildApp;\n", ['no-restricted-imports']);

  itIsClean('accepts @datahaven/core', ERP_FILE, "import { LIMITS } from '@datahaven/core';\nexport const probe = LIMITS;\n");
});

describe('the server imports only the pure layers of the core', () => {
  itRefuses('refuses the core public entry', SERVER_FILE, "import { LIMITS } from '@datahaven/core';\nexport const probe = LIMITS;\n", ['no-restricted-imports']);

  itRefuses('refuses a core file and a host', SERVER_FILE, "import { ApiClient } from '@datahaven/core/src/api/ApiClient';\nimport { ErpApp } from '@datahaven/erp-embed';\nexport const probe = [ApiClient, ErpApp];\n", ['no-restricted-imports', 'no-restricted-imports']);

  itRefuses('refuses React', SERVER_FILE, "import { createElement } from 'react';\nexport const probe = createElement;\n", ['no-restricted-imports']);

  itIsClean('accepts @datahaven/core/model and @datahaven/core/rules', SERVER_FILE, "import { LIMITS } from '@datahaven/core/model';\nimport * as rules from '@datahaven/core/rules';\nexport const probe = [LIMITS, rules];\n");
});

describe('TypeScript rules', () => {
  itRefuses('refuses an explicit any', SERVER_FILE, 'export function probe(value: any): string {\n  return String(value);\n}\n', ['@typescript-eslint/no-explicit-any']);
});
