// Jest test environment for the browser flows: Node's, plus one hook. When a test or a hook
// fails (a time-out included), jest-circus tells the environment before it moves on, while the
// browser is still open; the flow's BrowserSession registers `__datahavenRecordFailure` so it can
// write down what the windows showed at that moment. Why: a flow that fails once in a hundred runs
// on a loaded CI machine cannot be re-run to see it; without this record all that is left is
// "waiting for locator … 30000 ms".
const { TestEnvironment } = require('jest-environment-node');

/** How long the record may take: it must never be what holds the run up. */
const RECORD_BUDGET_MS = 20_000;

class E2eEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
  }

  async handleTestEvent(event) {
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
    const record = this.global.__datahavenRecordFailure;
    if (typeof record !== 'function') return;
    const what = event.name === 'test_fn_failure' ? testName(event.test) : `${event.hook.type} hook`;
    let timer;
    try {
      await Promise.race([
        record({ testPath: this.testPath, what }),
        new Promise((resolve) => {
          timer = setTimeout(resolve, RECORD_BUDGET_MS);
        }),
      ]);
    } catch (error) {
      process.stderr.write(`Could not record the failure of ${what}: ${error}\n`);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** "describe › test", as jest prints it. */
function testName(test) {
  const names = [];
  for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name);
  return names.join(' › ');
}

module.exports = E2eEnvironment;
