import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One test of a child run, as jest's --json output reports it. */
export interface ChildTestResult {
  fullName: string;
  status: string;
  failureMessages: string[];
}

/** What a child jest run reported: its tests, and what it printed on stderr (the reporters' text). */
export interface ChildJestRun {
  tests: ChildTestResult[];
  stderr: string;
}

/**
 * Writes `files` (paths relative to a new folder, e.g. `a.test.ts`) into a temporary folder and runs
 * the repository's jest over it in a child process with the repository's ts-jest transform, the
 * given setup files (setupFilesAfterEnv) and the skipped-tests reporter, in environment `env`
 * (added to this process's). Resolves to the tests' results, read from jest's --json output file;
 * the folder is left in the OS's temp folder.
 */
export async function jestInChildProcess(
  repoRoot: string,
  files: Readonly<Record<string, string>>,
  options: { setupFilesAfterEnv: string[]; env: Record<string, string> },
): Promise<ChildJestRun> {
  const root = await mkdtemp(path.join(tmpdir(), 'dh-jest-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const config = {
    rootDir: root,
    testEnvironment: 'node',
    testMatch: ['**/*.test.ts'],
    setupFilesAfterEnv: options.setupFilesAfterEnv,
    transform: {
      '^.+\\.ts$': [require.resolve('ts-jest'), { diagnostics: false, tsconfig: { module: 'commonjs', esModuleInterop: true } }],
    },
    reporters: ['default', path.join(repoRoot, 'test', 'support', 'skippedTestsReporter.cjs')],
  };
  const outputFile = path.join(root, 'results.json');
  const bin = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');
  const stderr = await new Promise<string>((resolve, reject) => {
    // Exit code 1 means "a test failed", which is what some runs want; the JSON says which.
    execFile(
      process.execPath,
      [bin, '--config', JSON.stringify(config), '--no-watchman', '--ci', '--json', '--outputFile', outputFile],
      { cwd: root, env: { ...process.env, ...options.env }, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, text) => {
        if (error !== null && error.code !== 1) reject(new Error(`jest failed to run: ${error.message}\n${text}`));
        else resolve(text);
      },
    );
  });
  const report = JSON.parse(await readFile(outputFile, 'utf8')) as {
    testResults: { assertionResults: ChildTestResult[] }[];
  };
  return { tests: report.testResults.flatMap((file) => file.assertionResults), stderr };
}

/** The repository's jest configuration as jest resolves it (`jest --showConfig`): each project's name and setup files. */
export async function jestConfigOfRepository(
  repoRoot: string,
): Promise<{ configs: { displayName: { name: string }; setupFilesAfterEnv: string[] }[] }> {
  const bin = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');
  const output = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [bin, '--showConfig'], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`jest --showConfig failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
  return JSON.parse(output) as { configs: { displayName: { name: string }; setupFilesAfterEnv: string[] }[] };
}
