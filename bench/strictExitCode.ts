import type { JudgedTarget } from './TargetLedger';

/**
 * The exit code of `npm run bench`: with `--strict`, 1 when any target was missed or could not be
 * judged (a target nobody could check is not known to be met), else 0. Without it the benches
 * only print (0): figures on a shared machine are for reading, and CI does not run them.
 */
export function strictExitCode(targets: readonly JudgedTarget[], strict: boolean): number {
  if (!strict) return 0;
  return targets.some((target) => target.verdict !== 'PASS') ? 1 : 0;
}
