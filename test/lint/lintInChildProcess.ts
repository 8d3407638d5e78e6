import { execFile } from 'node:child_process';

/** One file to lint: a virtual path inside the repository and its source text. */
export interface LintProbe {
  filePath: string;
  code: string;
}

/** What ESLint said about one probe: the rule id and severity of every message. */
export interface LintVerdict {
  filePath: string;
  messages: { ruleId: string | null; severity: number; message: string }[];
}

// ESLint loads eslint.config.mjs with a dynamic import(), which jest's module sandbox
// refuses; a plain Node child process runs the very same ESLint Node API unsandboxed.
const SCRIPT = `
import { ESLint } from 'eslint';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { cwd, probes } = JSON.parse(input);
const eslint = new ESLint({ cwd });
const verdicts = [];
for (const probe of probes) {
  const [result] = await eslint.lintText(probe.code, { filePath: probe.filePath });
  verdicts.push({
    filePath: probe.filePath,
    messages: result.messages.map(({ ruleId, severity, message }) => ({ ruleId, severity, message })),
  });
}
process.stdout.write(JSON.stringify(verdicts));
`;

/** Lints every probe with `new ESLint({ cwd })` + `lintText`, as `npm run lint` would. */
export function lintInChildProcess(cwd: string, probes: LintProbe[]): Promise<LintVerdict[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--eval', SCRIPT],
      { cwd, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`ESLint child process failed: ${error.message}\n${stderr}`));
          return;
        }
        resolve(JSON.parse(stdout) as LintVerdict[]);
      },
    );
    child.stdin?.end(JSON.stringify({ cwd, probes }));
  });
}
