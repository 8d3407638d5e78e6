/**
 * How a bench target came out: met, missed, or not judged because its measure could not be taken
 * on equal terms (a reference tool missing, a workload too small for its reference's start-up).
 */
export type Verdict = 'PASS' | 'MISS' | 'UNJUDGED';

/** One target as a bench judged it: the figure, the target and the verdict, with why when unjudged. */
export interface JudgedTarget {
  bench: string;
  measure: string;
  value: string;
  target: string;
  verdict: Verdict;
  /** Why a target was not judged (empty otherwise). */
  reason: string;
}

/**
 * Every target the benches of one run judged, in order. Each bench prints its own table; the
 * ledger is what `npm run bench` sums up at the end and what `--strict` exits on, so no target
 * can be printed without a verdict or left out of the count.
 */
export class TargetLedger {
  readonly #targets: JudgedTarget[] = [];

  /**
   * Records a target and answers its verdict for the bench's own table: `met` true → PASS,
   * false → MISS, null → UNJUDGED (then `reason` says why).
   */
  judge(bench: string, measure: string, value: string, target: string, met: boolean | null, reason = ''): Verdict {
    const verdict: Verdict = met === null ? 'UNJUDGED' : met ? 'PASS' : 'MISS';
    if (verdict === 'UNJUDGED' && reason === '') throw new Error(`${bench}: "${measure}" was not judged and no reason was given.`);
    this.#targets.push({ bench, measure, value, target, verdict, reason: verdict === 'UNJUDGED' ? reason : '' });
    return verdict;
  }

  /** The targets judged so far, in the order they were judged. */
  targets(): readonly JudgedTarget[] {
    return [...this.#targets];
  }
}

/** The ledger of this `npm run bench` process: every bench judges its targets into it. */
export const benchTargets = new TargetLedger();
