import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * A block per database opened with a plain `describe` runs its PostgreSQL block even where
 * PostgreSQL is missing, so `npm test` without it fails ("near "schema": syntax error") instead of
 * reporting the block as skipped by name (describeNeeding). Blocks per dialect are declared with
 * `describeOn(dialect)`, `describeEachDialect` or `describeOnEachDatabase`.
 */
const UNDECLARED_DIALECT_BLOCK = [
  /for \(const dialect of testDialects\(\)\)\s*\{?\s*describe(\.each)?\(/,
  /describe\.each\(\s*testDialects\(\)\s*\)/,
  /describe\.each\(\s*\[\s*'sqlite'\s*,\s*'postgres'\s*\]/,
];

/** Every `.test.ts` file under `dir`, recursively, skipping dependencies and build output. */
function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('dist')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The test files among `files` that open a block per database without declaring its requirement. */
function undeclaredDialectBlocks(files: readonly string[]): string[] {
  return files.filter((file) => UNDECLARED_DIALECT_BLOCK.some((pattern) => pattern.test(readFileSync(file, 'utf8'))));
}

describe('blocks per database are declared, so a missing PostgreSQL skips them by name', () => {
  it('no server, test or bench file opens a PostgreSQL block with a plain describe', () => {
    // This file names the patterns in its probes below, so it is left out of its own scan.
    const files = ['packages/server/src', 'test', 'bench']
      .flatMap((dir) => testFilesUnder(path.join(repoRoot, dir)))
      .filter((file) => file !== __filename);
    expect(files.length).toBeGreaterThan(100);
    expect(undeclaredDialectBlocks(files).map((file) => path.relative(repoRoot, file))).toEqual([]);
  });

  it('the check finds the patterns it is for', () => {
    const probe = (code: string): boolean => UNDECLARED_DIALECT_BLOCK.some((pattern) => pattern.test(code));
    expect(probe('for (const dialect of testDialects()) {\n  describe(`x [${dialect}]`, () => {')).toBe(true);
    expect(probe("describe.each(testDialects())('x [%s]', (dialect) => {")).toBe(true);
    expect(probe('for (const dialect of testDialects()) {\n  describeOn(dialect)(`x [${dialect}]`, () => {')).toBe(false);
  });
});
