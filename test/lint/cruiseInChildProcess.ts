import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One broken rule as dependency-cruiser reports it: the rule's name and the two files, relative to the tree's root. */
export interface CruiseViolation {
  rule: string;
  from: string;
  to: string;
}

/**
 * Writes `files` (paths relative to a new tree's root, e.g. `packages/server/src/db/x.ts`) into a
 * temporary folder whose node_modules is the repository's (so `fastify` resolves), and runs the
 * repository's dependency-cruiser with its `.dependency-cruiser.cjs` over the tree's server source,
 * as `npm run lint:modules` does. Resolves to the violations; the tree is left in the OS's temp folder.
 */
export async function cruiseInChildProcess(repoRoot: string, files: Readonly<Record<string, string>>): Promise<CruiseViolation[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'dh-cruise-'));
  await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const bin = path.join(repoRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const config = path.join(repoRoot, '.dependency-cruiser.cjs');
  const output = await new Promise<string>((resolve, reject) => {
    // Exit code 1 means "violations found", which is what most probes want; the JSON says which.
    execFile(
      process.execPath,
      [bin, '--config', config, '--output-type', 'json', 'packages/server/src'],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (stdout.trim().startsWith('{')) resolve(stdout);
        else reject(new Error(`dependency-cruiser failed: ${error?.message ?? ''}\n${stderr}`));
      },
    );
  });
  const result = JSON.parse(output) as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } };
  return result.summary.violations.map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to }));
}
