/**
 * Whether the `percentile` of a run's latencies, read from its answered requests only (as
 * autocannon keeps them), stands for all its requests: only while the failed or timed-out ones,
 * whose latency is unknown (at least the time-out), are no more than the share above that
 * percentile. Past it the percentile of all requests lies among the failures; no requests, no
 * percentile.
 */
export function percentileIsMeasured(answered: number, failed: number, percentile: number): boolean {
  if (answered < 0 || failed < 0 || percentile <= 0 || percentile >= 100) {
    throw new Error(`percentileIsMeasured needs counts ≥ 0 and a percentile between 0 and 100: ${answered}, ${failed}, ${percentile}`);
  }
  const attempted = answered + failed;
  return attempted > 0 && failed * 100 <= attempted * (100 - percentile);
}
