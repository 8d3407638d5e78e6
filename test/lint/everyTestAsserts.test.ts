import path from 'node:path';
import { jestConfigOfRepository, jestInChildProcess } from './jestInChildProcess';

// The suite's honesty checks, each proved on a tiny jest run of its own (a child process over
// fixture tests): a test that asserts nothing fails (test/support/everyTestAsserts.ts), and a test
// whose requirement is missing is skipped by name with the reason, or fails under CI=true
// (packages/server/src/test/describeNeeding.ts, test/support/skippedTestsReporter.cjs).

const repoRoot = path.resolve(__dirname, '..', '..');
const EVERY_TEST_ASSERTS = path.join(repoRoot, 'test', 'support', 'everyTestAsserts.ts');
const NO_ASSERTION = 'Expected at least one assertion to be called but received none';

describe('every test runs an assertion (test/support/everyTestAsserts.ts)', () => {
  it('is a setup file of every jest project, as jest resolves the configuration', async () => {
    const projects = (await jestConfigOfRepository(repoRoot)).configs;
    expect(projects.map((project) => project.displayName.name).sort()).toEqual(['core-pure', 'e2e', 'server', 'tooling', 'web']);
    for (const project of projects)
      expect({ project: project.displayName.name, setup: project.setupFilesAfterEnv }).toEqual({
        project: project.displayName.name,
        setup: expect.arrayContaining([EVERY_TEST_ASSERTS]),
      });
  });

  it('fails a test that ran no assertion, sync or async, and passes one that ran any; a skipped test is left alone', async () => {
    const run = await jestInChildProcess(
      repoRoot,
      {
        'probe.test.ts': [
          "it('asserts', () => { expect(1 + 1).toBe(2); });",
          "it('asserts after a wait', async () => { await Promise.resolve(); expect([1]).toHaveLength(1); });",
          "it('asserts nothing', () => { const sum = 1 + 1; void sum; });",
          "it('returns before its assertion', async () => { await Promise.resolve(); if (Date.length >= 0) return; expect(1).toBe(1); });",
          "it.skip('is skipped', () => undefined);",
        ].join('\n'),
      },
      { setupFilesAfterEnv: [EVERY_TEST_ASSERTS], env: { CI: 'false' } },
    );
    const outcome = Object.fromEntries(run.tests.map((test) => [test.fullName, test.status]));
    expect(outcome).toEqual({
      asserts: 'passed',
      'asserts after a wait': 'passed',
      'asserts nothing': 'failed',
      'returns before its assertion': 'failed',
      'is skipped': 'pending',
    });
    for (const test of run.tests.filter((result) => result.status === 'failed'))
      expect(test.failureMessages.join('\n')).toContain(NO_ASSERTION);
  });
});

describe('a test declared for what it needs (describeNeeding, itNeeding)', () => {
  const describeNeeding = path.join(repoRoot, 'packages', 'server', 'src', 'test', 'describeNeeding.ts');
  const probe = [
    `import { describeNeeding, itNeeding } from ${JSON.stringify(describeNeeding)};`,
    "const THERE = { name: 'Spectrometer', howToProvide: 'plug it in', absence: () => null };",
    "const ABSENT = { name: 'Frobnicator', howToProvide: 'set FROB_URL', absence: () => ({ reason: 'FROB_URL not set', declared: false }) };",
    "const LEFT_OUT = { name: 'Tape drive', howToProvide: 'mount one', absence: () => ({ reason: 'a disk-only run', declared: true }) };",
    "describeNeeding(THERE)('measuring', () => { it('measures', () => { expect(1).toBe(1); }); });",
    "describeNeeding(ABSENT)('frobbing', () => { it('frobs', () => { expect(1).toBe(1); }); it('frobs twice', () => { expect(2).toBe(2); }); });",
    "itNeeding(ABSENT)('frobs alone', () => { expect(3).toBe(3); });",
    "describeNeeding(LEFT_OUT)('archiving', () => { it('archives', () => { expect(4).toBe(4); }); });",
  ].join('\n');

  it('runs where it is there; elsewhere is reported skipped, by name and count, with the reason', async () => {
    const run = await jestInChildProcess(repoRoot, { 'needs.test.ts': probe }, { setupFilesAfterEnv: [], env: { CI: 'false' } });
    expect(Object.fromEntries(run.tests.map((test) => [test.fullName, test.status]))).toEqual({
      'measuring measures': 'passed',
      'frobbing (skipped: FROB_URL not set) frobs': 'pending',
      'frobbing (skipped: FROB_URL not set) frobs twice': 'pending',
      'frobs alone (skipped: FROB_URL not set)': 'pending',
      'archiving (skipped: a disk-only run) archives': 'pending',
    });
    expect(run.stderr).toContain(
      '  FROB_URL not set: 3 tests\n       2  needs.test.ts › frobbing\n       1  needs.test.ts › frobs alone\n',
    );
    expect(run.stderr).toContain('  a disk-only run: 1 test\n       1  needs.test.ts › archiving\n');
  });

  it('fails under CI=true, naming what is missing and how to provide it, unless the run declared it goes without', async () => {
    const run = await jestInChildProcess(repoRoot, { 'needs.test.ts': probe }, { setupFilesAfterEnv: [], env: { CI: 'true' } });
    expect(Object.fromEntries(run.tests.map((test) => [test.fullName, test.status]))).toEqual({
      'measuring measures': 'passed',
      'frobbing needs Frobnicator: FROB_URL not set': 'failed',
      'frobs alone': 'failed',
      'archiving (skipped: a disk-only run) archives': 'pending',
    });
    for (const test of run.tests.filter((result) => result.status === 'failed'))
      expect(test.failureMessages.join('\n')).toContain(
        'Frobnicator is missing (FROB_URL not set) and CI=true: a CI run never skips a test for what it lacks. To provide it: set FROB_URL.',
      );
  });
});
