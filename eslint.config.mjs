// Lint for the whole repository. The layer rules of docs/ARCHITECTURE.md live here so the
// dependency direction is checked by the machine, not by goodwill; test/lint/layers.test.ts
// proves each of them fires.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { httpThroughApi } from './scripts/eslint/httpThroughApi.mjs';
import { noServerStateEffects } from './scripts/eslint/noServerStateEffects.mjs';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];

/** The repository's own rules (scripts/eslint), one plugin object: ESLint refuses two different objects under one name. */
const datahavenPlugin = {
  rules: { 'http-through-api': httpThroughApi, 'no-server-state-effects': noServerStateEffects },
};
const HOSTS = ['erp-embed', 'teams-tab', 'outlook-addin'];
const UI_LIBRARIES = '(react|react-dom|react-router|react-router-dom|@fluentui/[^/]+|@tanstack/[^/]+|pdfjs-dist[^/]*)(/|$)';

/** Imports no part of the core may make: hosts and the server sit above it. */
const coreMayNotImportHostsOrServer = [
  {
    regex: `^@datahaven/(${HOSTS.join('|')}|server)(/|$)`,
    message: 'The core never imports a host or the server (docs/ARCHITECTURE.md, layers).',
  },
  {
    regex: `^(\\.\\./)+(packages/)?(${HOSTS.join('|')}|server)(/|$)`,
    message: 'The core never imports a host or the server (docs/ARCHITECTURE.md, layers).',
  },
];

/** model/ and rules/ are shared with the server: no React, no DOM, no upper layer. */
const modelAndRulesPatterns = [
  ...coreMayNotImportHostsOrServer,
  {
    regex: `^${UI_LIBRARIES}`,
    message: 'core model/ and rules/ run on the server too: no React, Fluent UI, router, query or pdf.js here.',
  },
  {
    regex: '^\\.\\./(api|host|state|viewer|services|locale|ui)(/|$)',
    message: 'core model/ and rules/ may not import an upper layer (api, host, state, viewer, services, locale, ui).',
  },
  {
    regex: '^\\.\\./\\.\\.(/|$)',
    message: 'core model/ and rules/ import nothing but each other.',
  },
];

/** Any other package: model/ and rules/ stay plain TypeScript (their tests may use helpers). */
const modelAndRulesImportNoPackage = {
  regex: `^(?!\\.{1,2}/|${UI_LIBRARIES}|@datahaven/(${HOSTS.join('|')}|server)(/|$))`,
  message: 'core model/ and rules/ import nothing but each other.',
};

/**
 * locale/ is the message catalogue (UI_TEXT) and its Intl helpers: pure data every layer of the
 * core may read (viewer/, state/, services/ and host/ name things too, and may not import ui/),
 * so it imports nothing above model/ and rules/ and no UI library.
 */
const localePatterns = [
  ...coreMayNotImportHostsOrServer,
  {
    regex: `^${UI_LIBRARIES}`,
    message: 'core locale/ is pure data and Intl: no React, Fluent UI, router, query or pdf.js here.',
  },
  {
    // UI libraries draw the message above instead; each import is reported once.
    regex: `^(?!\\./|\\.\\./(model|rules)(/|$)|${UI_LIBRARIES})`,
    message: 'core locale/ imports only model/, rules/ and itself (docs/ARCHITECTURE.md, inner layers).',
  },
];

/** locale/'s translations (locale/de/…) sit one folder down: the same rule, one `../` deeper (the English catalogue beside them is `../`). */
const localeTranslationPatterns = [
  ...localePatterns.slice(0, -1),
  {
    regex: `^(?!\\./|\\.\\./(?!\\.\\./)|\\.\\./\\.\\./(model|rules)(/|$)|${UI_LIBRARIES})`,
    message: 'core locale/ imports only model/, rules/ and itself (docs/ARCHITECTURE.md, inner layers).',
  },
];

/** Hosts reach the core only through its public entry. */
const hostPatterns = [
  {
    regex: '^@datahaven/core/',
    message: "A host imports only the core's public entry `@datahaven/core`, never a file inside it.",
  },
  {
    regex: '^(\\.\\./)+(packages/)?core(/|$)',
    message: 'A host imports only `@datahaven/core`, never a relative path into the core.',
  },
  {
    regex: `^@datahaven/(server|${HOSTS.join('|')})(/|$)`,
    message: 'A host imports only `@datahaven/core`; never the server or another host.',
  },
  {
    regex: `^(\\.\\./)+(packages/)?(server|${HOSTS.join('|')})(/|$)`,
    message: 'A host imports only `@datahaven/core`; never the server or another host.',
  },
];

/** The server shares only the pure layers of the core. */
const serverPatterns = [
  {
    regex: '^@datahaven/(?!core/(model|rules|contract)$)',
    message: 'The server imports only `@datahaven/core/model`, `@datahaven/core/rules` and `@datahaven/core/contract`.',
  },
  {
    regex: `^(\\.\\./)+(packages/)?(core|${HOSTS.join('|')})(/|$)`,
    message: 'The server imports only `@datahaven/core/model`, `/rules` and `/contract`, never a relative path into another package.',
  },
  {
    regex: `^${UI_LIBRARIES}`,
    message: 'The server has no React, Fluent UI or pdf.js (render with PDFium, see docs/ARCHITECTURE.md).',
  },
];

// The server's own order — modules through their faces, infrastructure below them, no cycle, the
// demo beside the product, no HTTP below the transports — is checked on every import, dynamic
// import() and require() by dependency-cruiser (.dependency-cruiser.cjs, `npm run lint:modules`,
// proofs in test/lint/serverModules.test.ts). ESLint keeps what is about packages (above) and tests.

/** db/ tests may use the test harness (test/testServer, test/factories), nothing else above db/. */
const dbTestImportsOnlyTheHarness = {
  regex: '^\\.\\./(?!test/)',
  message: 'db/ tests import nothing above db/ but the test harness (test/).',
};

/** contract/ (the /api request schemas) is shared with the server: TypeBox and model/ only. */
const contractPatterns = [
  ...coreMayNotImportHostsOrServer,
  {
    regex: '^(?!\\./|\\.\\./model(/|$)|@sinclair/typebox$)',
    message: 'core contract/ runs on the server too: it imports only TypeBox, model/ and itself.',
  },
];

const DOM_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage'];

/** What core locale/ never reads: the DOM, and the browser's language (the host's locale capability says which language). */
const LOCALE_GLOBALS = [...DOM_GLOBALS, 'navigator'];

/** What core ui/ reaches only through the host's capabilities (host/defaults holds the browser's implementation). */
const UI_BROWSER_GLOBALS = [
  'window',
  'document',
  'history',
  'location',
  'navigator',
  'localStorage',
  'sessionStorage',
  'screen',
  'self',
  'top',
  'parent',
];

/** Test files and test harness folders: they set up jsdom's window on purpose. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**'];

/** A core layer below ui/ importing ui/ (any depth of '../'). */
const lowerLayerMayNotImportUi = {
  regex: '^(\\.\\./)+ui(/|$)',
  message: 'core api/, state/, viewer/, host/ and services/ never import ui/ (docs/ARCHITECTURE.md, inner layers).',
};

/** A core layer below services/ importing services/. */
const lowerLayerMayNotImportServices = {
  regex: '^(\\.\\./)+services(/|$)',
  message: 'core api/, state/, viewer/ and host/ never import services/: services sit on top of them (docs/ARCHITECTURE.md, inner layers).',
};

/** host/ is the seam: it knows the model and rules, never the client, the stores or the screens. */
const hostMayNotImportUpperLayers = {
  regex: '^(\\.\\./)+(api|state|viewer)(/|$)',
  message: 'core host/ imports only model/ and rules/ (docs/ARCHITECTURE.md, inner layers).',
};

export default defineConfig([
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-node/**',
      '**/build/**',
      '**/coverage/**',
      '**/.datahaven/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  {
    files: TS_FILES,
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // `import x = require('…')` is typed TypeScript (config files loaded by ts-node use it);
      // a bare `require()` call stays forbidden.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Plain scripts (the BC relay script, config files) run in browsers or Node without
    // declared globals; TypeScript checks the typed code instead.
    files: ['**/*.{js,mjs,cjs}'],
    rules: {
      'no-undef': 'off',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['packages/core/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: coreMayNotImportHostsOrServer }] },
  },
  {
    files: ['packages/core/src/model/**/*.{ts,tsx}', 'packages/core/src/rules/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...modelAndRulesPatterns, modelAndRulesImportNoPackage] }],
      'no-restricted-globals': [
        'error',
        ...DOM_GLOBALS.map((name) => ({ name, message: `core model/ and rules/ have no DOM: no \`${name}\`.` })),
      ],
      'no-restricted-properties': [
        'error',
        ...DOM_GLOBALS.map((property) => ({
          object: 'globalThis',
          property,
          message: `core model/ and rules/ have no DOM: no \`globalThis.${property}\`.`,
        })),
      ],
    },
  },
  {
    // Tests of the pure layers may use test helpers (node:crypto to forge a token, say),
    // but still no UI library, DOM or upper layer.
    files: ['packages/core/src/model/**/*.test.ts', 'packages/core/src/rules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: modelAndRulesPatterns }],
    },
  },
  {
    // The inner layers of the core: ui/ may use api, state, viewer, host and services; nothing below ui/ imports it.
    files: ['packages/core/src/{api,state,viewer}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...coreMayNotImportHostsOrServer, lowerLayerMayNotImportUi, lowerLayerMayNotImportServices] },
      ],
    },
  },
  {
    files: ['packages/core/src/host/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...coreMayNotImportHostsOrServer,
            lowerLayerMayNotImportUi,
            lowerLayerMayNotImportServices,
            hostMayNotImportUpperLayers,
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/src/services/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...coreMayNotImportHostsOrServer, lowerLayerMayNotImportUi] }] },
  },
  {
    // ui/ reaches the browser only through the host's capabilities; their plain-browser defaults live in host/defaults.
    files: ['packages/core/src/ui/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-globals': [
        'error',
        ...UI_BROWSER_GLOBALS.map((name) => ({
          name,
          message: `core ui/ reaches the browser through the host's capabilities (HostAdapter), never \`${name}\`.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...UI_BROWSER_GLOBALS.map((property) => ({
          object: 'globalThis',
          property,
          message: `core ui/ reaches the browser through the host's capabilities (HostAdapter), never \`globalThis.${property}\`.`,
        })),
      ],
    },
  },
  {
    // Colours come from the theme (Fluent tokens and ui/theme/hostThemes.ts), so every host theme and forced colours apply.
    files: ['packages/core/src/{ui,viewer}/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'packages/core/src/ui/theme/hostThemes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^#[0-9a-fA-F]{3,8}$|^(rgba?|hsla?)\\(/]',
          message: 'No hard-coded colours in core: use a Fluent token or a theme variable (ui/theme/hostThemes.ts).',
        },
        {
          selector: 'TemplateElement[value.raw=/#[0-9a-fA-F]{6}\\b|(rgba?|hsla?)\\(/]',
          message: 'No hard-coded colours in core: use a Fluent token or a theme variable (ui/theme/hostThemes.ts).',
        },
      ],
    },
  },
  {
    // Server data goes through the query cache (TanStack Query): no web-service call in an effect, no
    // hand-written AbortController in ui/ and state/. ui/app/useApiQuery.ts is the query hooks module;
    // state/UploadQueue.ts cancels uploads, a mutation with progress that TanStack's mutations cannot abort.
    files: ['packages/core/src/{ui,state}/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'packages/core/src/ui/app/useApiQuery.ts', 'packages/core/src/state/UploadQueue.ts'],
    plugins: { datahaven: datahavenPlugin },
    rules: { 'datahaven/no-server-state-effects': 'error' },
  },
  {
    // Every HTTP call of the core is a resource's call on ApiServices in api/ (api.<resource>.<call>):
    // outside api/ no code reaches the ApiClient, tests included (they fake fetch, not the client).
    files: ['packages/core/src/**/*.{ts,tsx}'],
    ignores: ['packages/core/src/api/**'],
    plugins: { datahaven: datahavenPlugin },
    rules: { 'datahaven/http-through-api': 'error' },
  },
  {
    // The mount builds the one client its resources share (apiServices(client)).
    files: ['packages/core/src/ui/app/DatahavenServices.tsx'],
    rules: { 'datahaven/http-through-api': ['error', { mayImportClient: true }] },
  },
  {
    // The catalogue is read by every core layer, so it stays below them all: no DOM, no upper layer.
    files: ['packages/core/src/locale/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: localePatterns }],
      'no-restricted-globals': [
        'error',
        ...LOCALE_GLOBALS.map((name) => ({
          name,
          message: `core locale/ is pure data and Intl (the host's locale comes in as a value): no \`${name}\`.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...LOCALE_GLOBALS.map((property) => ({
          object: 'globalThis',
          property,
          message: `core locale/ is pure data and Intl: no \`globalThis.${property}\`.`,
        })),
      ],
    },
  },
  {
    files: ['packages/core/src/locale/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: localeTranslationPatterns }] },
  },
  {
    files: HOSTS.map((host) => `packages/${host}/src/**/*.{ts,tsx}`),
    rules: { 'no-restricted-imports': ['error', { patterns: hostPatterns }] },
  },
  {
    files: ['packages/core/src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: contractPatterns }] },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns }] },
  },
  {
    files: ['packages/server/src/db/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverPatterns, dbTestImportsOnlyTheHarness] }] },
  },
]);
