/**
 * Loaded by ts-node without type checking (`npm run typecheck` checks this file): with it, every
 * jest start spent ~15 s of CPU building a TypeScript program for this one file.
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 */
import type { Config } from 'jest';

/** ts-jest transpiles only; `npm run typecheck` (tsc -b) is where types are checked. */
const transform: Config['transform'] = {
  '^.+\\.tsx?$': [
    'ts-jest',
    { tsconfig: { jsx: 'react-jsx', isolatedModules: true, esModuleInterop: true, module: 'commonjs' }, diagnostics: false },
  ],
};

/**
 * The projects that run the server's code: its ES-module-only packages (jose 6) compiled to
 * CommonJS for jest's loader (test/support/esmPackageTransformer.cjs); Node itself loads them with require(esm).
 */
const serverTransform: Pick<Config, 'transform' | 'transformIgnorePatterns'> = {
  transform: { 'node_modules/jose/.+\\.js$': '<rootDir>/test/support/esmPackageTransformer.cjs', ...transform },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
};

/** In every project: a test that ran no assertion fails (test/support/everyTestAsserts.ts). */
const EVERY_TEST_ASSERTS = '<rootDir>/test/support/everyTestAsserts.ts';

const browserProject: Config = {
  displayName: 'web',
  // jsdom plus Response (test/support/jsdomWithFetchEnvironment.cjs), which pdf.js needs to load.
  testEnvironment: '<rootDir>/test/support/jsdomWithFetchEnvironment.cjs',
  roots: [
    '<rootDir>/packages/core/src',
    '<rootDir>/packages/erp-embed/src',
    '<rootDir>/packages/teams-tab/src',
    '<rootDir>/packages/outlook-addin/src',
  ],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/packages/core/src/(model|rules)/'],
  moduleNameMapper: {
    '^@datahaven/core$': '<rootDir>/packages/core/src/index.ts',
    // jest runs in Node: pdf.js's build for Node (it fills in DOMMatrix, which jsdom lacks, from @napi-rs/canvas).
    '^pdfjs-dist$': '<rootDir>/node_modules/pdfjs-dist/legacy/build/pdf.mjs',
  },
  setupFiles: ['<rootDir>/packages/core/test/jsdomGlobals.ts'],
  setupFilesAfterEnv: [EVERY_TEST_ASSERTS, '<rootDir>/packages/core/test/testingLibraryWaits.ts'],
  // pdf.js (ES modules only) and loadPdfjs.ts (import.meta.url) compile to CommonJS, so the
  // viewer module loads in jsdom as it does in the browser (test/support/pdfjsInteropTransformer.cjs).
  transform: {
    'node_modules/pdfjs-dist/.+\\.mjs$': '<rootDir>/test/support/pdfjsInteropTransformer.cjs',
    'packages/core/src/viewer/loadPdfjs\\.ts$': '<rootDir>/test/support/pdfjsInteropTransformer.cjs',
    ...transform,
  },
  transformIgnorePatterns: ['/node_modules/(?!pdfjs-dist/)'],
};

/** model/ and rules/ run without a DOM, exactly as the server runs them. */
const pureCoreProject: Config = {
  displayName: 'core-pure',
  testEnvironment: 'node',
  roots: ['<rootDir>/packages/core/src/model', '<rootDir>/packages/core/src/rules'],
  setupFilesAfterEnv: [EVERY_TEST_ASSERTS],
  transform,
};

const serverProject: Config = {
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/packages/server/src'],
  moduleNameMapper: { '^@datahaven/core/(model|rules|contract)$': '<rootDir>/packages/core/src/$1/index.ts' },
  ...serverTransform,
  setupFilesAfterEnv: [
    EVERY_TEST_ASSERTS,
    '<rootDir>/packages/server/src/test/testTimeout.ts',
    '<rootDir>/packages/server/src/test/verifyStatementShapes.ts',
  ],
  // DATAHAVEN_TEST_FILE_STORE=blob: one Azurite on loopback for the run, every test server on a container of its own.
  globalSetup: '<rootDir>/packages/server/src/test/blobStoreGlobalSetup.ts',
  globalTeardown: '<rootDir>/packages/server/src/test/blobStoreGlobalTeardown.ts',
};

const toolingProject: Config = {
  displayName: 'tooling',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/lint', '<rootDir>/bench'],
  setupFilesAfterEnv: [EVERY_TEST_ASSERTS, '<rootDir>/test/support/longTestTimeout.ts'],
  ...serverTransform,
};

/** Browser flows: the server runs in the jest worker from its TypeScript sources, Chromium drives dist/web. */
const e2eProject: Config = {
  displayName: 'e2e',
  // Node's environment, plus a record of what the browser showed when a flow fails.
  testEnvironment: '<rootDir>/test/support/e2eEnvironment.cjs',
  roots: ['<rootDir>/test/e2e'],
  moduleNameMapper: { '^@datahaven/core/(model|rules|contract)$': '<rootDir>/packages/core/src/$1/index.ts' },
  setupFilesAfterEnv: [
    EVERY_TEST_ASSERTS,
    '<rootDir>/test/support/longTestTimeout.ts',
    '<rootDir>/packages/server/src/test/verifyStatementShapes.ts',
    // Without Chromium the flows are declared skipped, with the reason (failing under CI=true).
    '<rootDir>/test/e2e/support/e2eNeedsChromium.ts',
  ],
  ...serverTransform,
};

const config: Config = {
  projects: [pureCoreProject, browserProject, serverProject, toolingProject, e2eProject],
  // Beside jest's summary ("N skipped"), the skipped tests by reason, block and count (describeNeeding's marks).
  reporters: ['default', '<rootDir>/test/support/skippedTestsReporter.cjs'],
  // Two workers even on a 2-core machine: with jest's default (cores - 1 = 1) the whole suite runs
  // in band inside the parent process, whose heap grows with every suite's module registry until
  // V8 gives up (seen at ~1,750 tests: 'JavaScript heap out of memory' after 17 minutes). Workers
  // are recycled once they hold more than the limit after a test file.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1536MB',
  // Jest ends each worker at the end of a run and kills it, with the warning "A worker process has
  // failed to exit gracefully", if it is not gone after this long (default 500 ms). Measured
  // (2026-11-28): our workers leave no handle open (each empties its event loop and reaches its
  // 'exit' within 2 ms of being told to end, and exits with code 0 on its own), but tearing down
  // their heap and threads then takes 140 ms for a core-pure worker and 650–700 ms for a server
  // worker on an idle 2-core machine, longer under load. A real leak keeps a worker alive for good
  // and still shows the warning, 5 s later.
  workerGracefulExitTimeout: 5_000,
};

export default config;
