import type { JudgedTarget } from './TargetLedger';

/**
 * The closing lines of `npm run bench`: how many targets passed, were missed and were not judged,
 * then every one that did not pass with its figure, target and (when unjudged) why.
 */
export function targetSummary(targets: readonly JudgedTarget[]): string[] {
  const count = (verdict: JudgedTarget['verdict']): number => targets.filter((target) => target.verdict === verdict).length;
  const lines = [`Targets: ${targets.length} judged — ${count('PASS')} PASS, ${count('MISS')} MISS, ${count('UNJUDGED')} UNJUDGED`];
  for (const target of targets) {
    if (target.verdict === 'PASS') continue;
    const why = target.verdict === 'UNJUDGED' ? ` (${target.reason})` : '';
    lines.push(`  ${target.verdict} ${target.bench}: ${target.measure.trim()} = ${target.value}, target ${target.target}${why}`);
  }
  return lines;
}
