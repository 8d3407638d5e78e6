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
const CORE_UI_TEST_FILE = 'packages/core/src/ui/folders/LintProbe.test.tsx';
const CORE_API_FILE = 'packages/core/src/api/lintProbe.ts';
const CORE_STATE_FILE = 'packages/core/src/state/lintProbe.ts';
const CORE_VIEWER_FILE = 'packages/core/src/viewer/annotations/lintProbe.ts';
const CORE_HOST_FILE = 'packages/core/src/host/lintProbe.ts';
const CORE_HOST_DEFAULT_FILE = 'packages/core/src/host/defaults/lintProbe.ts';
const CORE_SERVICES_FILE = 'packages/core/src/services/lintProbe.ts';
const CORE_LOCALE_FILE = 'packages/core/src/locale/lintProbe.ts';
const ERP_FILE = 'packages/erp-embed/src/LintProbe.ts';
const TEAMS_FILE = 'packages/teams-tab/src/deeper/LintProbe.ts';
const SERVER_FILE = 'packages/server/src/workflow/http/lintProbe.ts';
const CORE_CONTRACT_FILE = 'packages/core/src/contract/lintProbe.ts';
const SERVER_DB_TEST_FILE = 'packages/server/src/db/lintProbe.test.ts';

beforeAll(async () => {
  const results = await lintInChildProcess(
    repoRoot,
    probes.map(({ file, code }) => ({ filePath: path.join(repoRoot, file), code })),
  );
  verdicts = new Map(probes.map(({ title }, index) => [title, results[index].messages]));
});

describe('core model/ and rules/ stay free of UI, DOM and upper layers', () => {
  itRefuses('refuses React in model/', MODEL_FILE, "import { useState } from 'react';\nexport const probe = useState;\n", [
    'no-restricted-imports',
  ]);

  itRefuses(
    'refuses Fluent UI and pdf.js in rules/',
    RULES_FILE,
    "import { Button } from '@fluentui/react-components';\nimport { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';\nexport const probe = [Button, getDocument];\n",
    ['no-restricted-imports', 'no-restricted-imports'],
  );

  itRefuses(
    'refuses an upper layer of the core in rules/',
    RULES_FILE,
    "import { ApiError } from '../api/ApiError';\nexport const probe = ApiError;\n",
    ['no-restricted-imports'],
  );

  itRefuses('refuses any other package in model/', MODEL_FILE, "import { format } from 'date-fns';\nexport const probe = format;\n", [
    'no-restricted-imports',
  ]);

  itRefuses(
    'refuses window, document and localStorage in model/',
    MODEL_FILE,
    'export const probe = [window.location.href, document.title, localStorage.getItem("x")];\n',
    ['no-restricted-globals', 'no-restricted-globals', 'no-restricted-globals'],
  );

  itRefuses(
    'refuses sessionStorage reached through globalThis in rules/',
    RULES_FILE,
    'export const probe = globalThis.sessionStorage;\n',
    ['no-restricted-properties'],
  );

  itIsClean('accepts rules/ importing model/', RULES_FILE, "import { LIMITS } from '../model';\nexport const probe = LIMITS;\n");
});

describe('the core never imports a host or the server', () => {
  itRefuses(
    'refuses a host package in core ui/',
    CORE_UI_FILE,
    "import { ErpApp } from '@datahaven/erp-embed';\nexport const probe = ErpApp;\n",
    ['no-restricted-imports'],
  );

  itRefuses(
    'refuses a relative path into the server from core ui/',
    CORE_UI_FILE,
    "import { buildApp } from '../../../../server/src/http/buildApp';\nexport const probe = buildApp;\n",
    ['no-restricted-imports'],
  );

  itIsClean('accepts React in core ui/', CORE_UI_FILE, "import { useState } from 'react';\nexport const probe = useState;\n");
});

describe("core ui/ reaches the browser only through the host's capabilities", () => {
  itRefuses(
    'refuses window, document and history in ui/',
    CORE_UI_FILE,
    'export const probe = [window.open, document.title, history.back];\n',
    ['no-restricted-globals', 'no-restricted-globals', 'no-restricted-globals'],
  );

  itRefuses(
    'refuses the browser reached through globalThis in ui/',
    CORE_UI_FILE,
    'export const probe = [globalThis.window, globalThis.history, globalThis.navigator];\n',
    ['no-restricted-properties', 'no-restricted-properties', 'no-restricted-properties'],
  );

  itRefuses('refuses location and navigator in ui/', CORE_UI_FILE, 'export const probe = [location.href, navigator.language];\n', [
    'no-restricted-globals',
    'no-restricted-globals',
  ]);

  itIsClean(
    'accepts a local named document or location in ui/ (a DmsDocument, useLocation())',
    CORE_UI_FILE,
    "import { useLocation } from 'react-router-dom';\nexport function probe(document: { name: string }): string {\n  const location = useLocation();\n  return document.name + location.pathname;\n}\n",
  );

  itIsClean(
    "accepts the window in a capability's default implementation (host/defaults)",
    CORE_HOST_DEFAULT_FILE,
    'export const probe = (): string => window.location.href + document.title + String(history.length);\n',
  );

  itIsClean(
    'accepts jsdom set-up in ui/ tests',
    CORE_UI_TEST_FILE,
    "window.history.replaceState(null, '', '/folders');\nexport const probe = document.body;\n",
  );
});

describe('core ui/ and viewer/ take their colours from the theme', () => {
  itRefuses(
    'refuses a hex colour and an rgba() colour in ui/',
    CORE_UI_FILE,
    "export const probe = { color: '#0f6cbd', background: 'rgba(255, 255, 255, 0.85)' };\n",
    ['no-restricted-syntax', 'no-restricted-syntax'],
  );

  itRefuses(
    'refuses a colour inside a template in viewer/',
    CORE_VIEWER_FILE,
    'export const probe = (width: number): string => `${width}px solid #0f6cbd`;\n',
    ['no-restricted-syntax'],
  );

  itIsClean(
    'accepts Fluent tokens and system colours in ui/',
    CORE_UI_FILE,
    "import { tokens } from '@fluentui/react-components';\nexport const probe = { color: tokens.colorBrandForeground1, '@media (forced-colors: active)': { color: 'Highlight' } };\n",
  );
});

describe("the core's inner layers: ui/ on top, nothing below imports it", () => {
  itIsClean(
    'accepts ui/ using api, state, viewer, host and services',
    CORE_UI_FILE,
    "import { ApiError } from '../../api';\nimport { Store } from '../../state';\nimport { normalizeRotation } from '../../viewer/pageLayout';\nimport { browserHost } from '../../host';\nimport { createDocumentExport } from '../../services';\nexport const probe = [ApiError, Store, normalizeRotation, browserHost, createDocumentExport];\n",
  );

  itRefuses(
    'refuses ui/ in api/',
    CORE_API_FILE,
    "import { useServices } from '../ui/app/DatahavenServices';\nexport const probe = useServices;\n",
    ['no-restricted-imports'],
  );

  itRefuses(
    'refuses ui/ in state/',
    CORE_STATE_FILE,
    "import { DatahavenApp } from '../ui/DatahavenApp';\nexport const probe = DatahavenApp;\n",
    ['no-restricted-imports'],
  );

  itRefuses(
    'refuses ui/ in a nested viewer/ folder',
    CORE_VIEWER_FILE,
    "import { DocumentViewer } from '../../ui/viewer/DocumentViewer';\nexport const probe = DocumentViewer;\n",
    ['no-restricted-imports'],
  );

  itRefuses(
    'refuses ui/ in services/',
    CORE_SERVICES_FILE,
    "import { useServices } from '../ui/app/DatahavenServices';\nexport const probe = useServices;\n",
    ['no-restricted-imports'],
  );

  itRefuses(
    'refuses services/ in state/',
    CORE_STATE_FILE,
    "import { createDocumentUpload } from '../services';\nexport const probe = createDocumentUpload;\n",
    ['no-restricted-imports'],
  );

  itRefuses(
    'refuses api/ and state/ in host/',
    CORE_HOST_FILE,
    "import { ApiError } from '../api';\nimport { Store } from '../state';\nexport const probe = [ApiError, Store];\n",
    ['no-restricted-imports', 'no-restricted-imports'],
  );

  itRefuses(
    'refuses a host package in services/',
    CORE_SERVICES_FILE,
    "import { createErpHostAdapter } from '@datahaven/erp-embed';\nexport const probe = createErpHostAdapter;\n",
    ['no-restricted-imports'],
  );

  itIsClean(
    "accepts services/ invalidating the mount's cache with the keys of state/ (workflowActions)",
    CORE_SERVICES_FILE,
    "import type { QueryClient } from '@tanstack/react-query';\nimport { queryKeys } from '../state/queryKeys';\nexport const probe = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.workflow });\n",
  );

  itRefuses(
    'refuses the query keys reached through ui/ in services/',
    CORE_SERVICES_FILE,
    "import { queryKeys } from '../ui/app/queryKeys';\nexport const probe = queryKeys;\n",
    ['no-restricted-imports'],
  );

  itIsClean(
    'accepts services/ using api, host and state',
    CORE_SERVICES_FILE,
    "import { ApiError } from '../api';\nimport { browserHost } from '../host';\nimport { UploadQueue } from '../state';\nexport const probe = [ApiError, browserHost, UploadQueue];\n",
  );
});

describe('core locale/ (the message catalogue) sits below every layer that names things', () => {
  itIsClean(
    'accepts viewer/, state/, services/ and host/ reading the catalogue',
    CORE_VIEWER_FILE,
    "import { UI_TEXT } from '../../locale/uiText';\nexport const probe = UI_TEXT.viewer.documentPages;\n",
  );

  itIsClean(
    'accepts state/ reading the catalogue',
    CORE_STATE_FILE,
    "import { UI_TEXT } from '../locale/uiText';\nexport const probe = UI_TEXT.search.savedSearchDefaultName;\n",
  );

  itIsClean(
    'accepts host/ reading the catalogue',
    CORE_HOST_DEFAULT_FILE,
    "import { UI_TEXT } from '../../locale/uiText';\nexport const probe = UI_TEXT.export.printFrameTitle;\n",
  );

  itIsClean(
    'accepts locale/ using model/, rules/ and itself',
    CORE_LOCALE_FILE,
    "import { ANNOTATION_TYPES } from '../model';\nimport { MESSAGES } from '../rules';\nimport { pluralFor } from './plural';\nexport const probe = [ANNOTATION_TYPES, MESSAGES, pluralFor];\n",
  );

  itRefuses(
    'refuses React and ui/ in locale/',
    CORE_LOCALE_FILE,
    "import { useMemo } from 'react';\nimport { useLocaleFormats } from '../ui/locale/useLocaleFormats';\nexport const probe = [useMemo, useLocaleFormats];\n",
    ['no-restricted-imports', 'no-restricted-imports'],
  );

  itRefuses(
    'refuses api/, state/, viewer/ and host/ in locale/',
    CORE_LOCALE_FILE,
    "import { ApiError } from '../api';\nimport { Store } from '../state';\nimport { normalizeRotation } from '../viewer/pageLayout';\nimport type { HostLocale } from '../host';\nexport type Probe = HostLocale;\nexport const probe = [ApiError, Store, normalizeRotation];\n",
    ['no-restricted-imports', 'no-restricted-imports', 'no-restricted-imports', 'no-restricted-imports'],
  );

  itRefuses(
    'refuses the DOM in locale/',
    CORE_LOCALE_FILE,
    'export const probe = [navigator.language, document.documentElement.lang, globalThis.window];\n',
    ['no-restricted-globals', 'no-restricted-globals', 'no-restricted-properties'],
  );

  itRefuses(
    'refuses locale/ in rules/ (the spec messages stay below the catalogue)',
    RULES_FILE,
    "import { UI_TEXT } from '../locale/uiText';\nexport const probe = UI_TEXT;\n",
    ['no-restricted-imports'],
  );
});

describe('hosts import only the public entry of the core', () => {
  itRefuses(
    'refuses a file inside the core by package path',
    ERP_FILE,
    "import { FoldersScreen } from '@datahaven/core/src/ui/x';\nexport const probe = FoldersScreen;\n",
    ['no-restricted-imports'],
  );

  itRefuses(
    'refuses the core subpath exports meant for the server',
    TEAMS_FILE,
    "import { LIMITS } from '@datahaven/core/model';\nexport const probe = LIMITS;\n",
    ['no-restricted-imports'],
  );

  itRefuses(
    'refuses a relative path into the core',
    TEAMS_FILE,
    "import { LIMITS } from '../../../core/src/model';\nexport const probe = LIMITS;\n",
    ['no-restricted-imports'],
  );

  itRefuses('refuses the server', ERP_FILE, "import { buildApp } from '@datahaven/server';\nexport const probe = buildApp;\n", [
    'no-restricted-imports',
  ]);

  itIsClean('accepts @datahaven/core', ERP_FILE, "import { LIMITS } from '@datahaven/core';\nexport const probe = LIMITS;\n");
});

describe('the server imports only the pure layers of the core', () => {
  itRefuses('refuses the core public entry', SERVER_FILE, "import { LIMITS } from '@datahaven/core';\nexport const probe = LIMITS;\n", [
    'no-restricted-imports',
  ]);

  itRefuses(
    'refuses a core file and a host',
    SERVER_FILE,
    "import { ApiClient } from '@datahaven/core/src/api/ApiClient';\nimport { ErpApp } from '@datahaven/erp-embed';\nexport const probe = [ApiClient, ErpApp];\n",
    ['no-restricted-imports', 'no-restricted-imports'],
  );

  itRefuses('refuses React', SERVER_FILE, "import { createElement } from 'react';\nexport const probe = createElement;\n", [
    'no-restricted-imports',
  ]);

  itIsClean(
    'accepts the request contract @datahaven/core/contract',
    SERVER_FILE,
    "import { MergeBody } from '@datahaven/core/contract';\nexport const probe = MergeBody;\n",
  );

  itRefuses(
    'refuses React and an upper layer of the core in contract/',
    CORE_CONTRACT_FILE,
    "import { useState } from 'react';\nimport { ApiError } from '../api/ApiError';\nexport const probe = [useState, ApiError];\n",
    ['no-restricted-imports', 'no-restricted-imports'],
  );

  itIsClean(
    'accepts TypeBox and model/ in contract/',
    CORE_CONTRACT_FILE,
    "import { Type } from '@sinclair/typebox';\nimport { LIMITS } from '../model';\nexport const probe = Type.Integer({ maximum: LIMITS.noteMaxLength });\n",
  );

  itIsClean(
    'accepts @datahaven/core/model and @datahaven/core/rules',
    SERVER_FILE,
    "import { LIMITS } from '@datahaven/core/model';\nimport * as rules from '@datahaven/core/rules';\nexport const probe = [LIMITS, rules];\n",
  );
});

describe("the server's db/ tests use the harness only (the server's own order: test/lint/serverModules.test.ts)", () => {
  itRefuses(
    'refuses a module in a db/ test',
    SERVER_DB_TEST_FILE,
    "import { intakeDocuments } from '../intake';\nexport const probe = intakeDocuments;\n",
    ['no-restricted-imports'],
  );

  itIsClean(
    'accepts the test harness in a db/ test',
    SERVER_DB_TEST_FILE,
    "import { startTestServer } from '../test/testServer';\nexport const probe = startTestServer;\n",
  );
});

describe('TypeScript rules', () => {
  itRefuses('refuses an explicit any', SERVER_FILE, 'export function probe(value: any): string {\n  return String(value);\n}\n', [
    '@typescript-eslint/no-explicit-any',
  ]);
});
