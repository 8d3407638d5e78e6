// Jest reporter, beside the default one: after the run it lists the tests that were declared
// skipped because something they need is missing (packages/server/src/test/describeNeeding.ts puts
// "(skipped: <reason>)" in the title of the block or test), grouped by reason, with the blocks
// and their counts. Why: jest's summary says only "N skipped", so a run without PostgreSQL could
// look as covered as one with it; this names what did not run and why.
const path = require('node:path');

/** The mark describeNeeding's skippedTitle puts at the end of a skipped block's or test's title. */
const MARK = /\(skipped: (.+)\)$/;

class SkippedTestsReporter {
  /** @param {{ rootDir: string, testNamePattern?: string }} globalConfig */
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
  }

  /**
   * @param {unknown} _contexts
   * @param {{ testResults: { testFilePath: string, testResults: { status: string, title: string, ancestorTitles: string[] }[] }[] }} results
   */
  onRunComplete(_contexts, results) {
    /** @type {Map<string, Map<string, number>>} reason → (block or test → how many tests) */
    const byReason = new Map();
    let undeclared = 0;
    for (const file of results.testResults) {
      const relative = path.relative(this.globalConfig.rootDir, file.testFilePath);
      for (const test of file.testResults) {
        if (test.status !== 'pending' && test.status !== 'skipped' && test.status !== 'todo') continue;
        const titles = [...test.ancestorTitles, test.title];
        const marked = titles.findIndex((title) => MARK.test(title));
        if (marked < 0) {
          undeclared += 1;
          continue;
        }
        const reason = MARK.exec(titles[marked])[1];
        const where = `${relative} › ${titles
          .slice(0, marked + 1)
          .join(' › ')
          .replace(` (skipped: ${reason})`, '')}`;
        const places = byReason.get(reason) ?? new Map();
        places.set(where, (places.get(where) ?? 0) + 1);
        byReason.set(reason, places);
      }
    }
    const lines = [];
    for (const [reason, places] of byReason) {
      const total = [...places.values()].reduce((sum, count) => sum + count, 0);
      lines.push(`  ${reason}: ${total} ${total === 1 ? 'test' : 'tests'}`);
      for (const [where, count] of places) lines.push(`    ${String(count).padStart(4)}  ${where}`);
    }
    // Tests left out by -t / --testNamePattern or .only are reported skipped too: not ours to name.
    if (undeclared > 0 && !this.globalConfig.testNamePattern)
      lines.push(`  skipped with no declared reason (it.skip, .todo or .only in a file): ${undeclared}`);
    if (lines.length === 0) return;
    process.stderr.write(`\nSkipped, for want of what they need (CI=true fails them instead):\n${lines.join('\n')}\n\n`);
  }
}

module.exports = SkippedTestsReporter;
