/** A reference tool's time split into its process start and its work, beside our time on the same work. */
export interface StartupShare {
  /** Ours ÷ the tool's whole wall time (process start included), as measured. */
  ratio: number;
  /** The tool's time less its no-op run (process start, dynamic linking, exit); never below 0. */
  netToolMs: number;
  /** Ours ÷ the tool's net time; null when the tool's run was no longer than its no-op run. */
  netRatio: number | null;
  /** The no-op run's part of the tool's whole wall time (0–1, capped at 1). */
  share: number;
}

/** The start-up share at or above which a comparison with a command-line tool is not on equal terms. */
export const MAX_STARTUP_SHARE = 0.05;

/**
 * Splits a command-line reference's wall time (`toolMs`, process start included) into start-up
 * (`startupMs`, the median of a no-op run such as `--version`) and work, and answers both ratios
 * of our in-process time `oursMs`: over the whole run and over the work alone.
 */
export function startupShare(oursMs: number, toolMs: number, startupMs: number): StartupShare {
  if (!(toolMs > 0) || startupMs < 0 || oursMs < 0) {
    throw new Error(`startupShare needs a positive tool time and no negative time: ours ${oursMs}, tool ${toolMs}, start-up ${startupMs}`);
  }
  const netToolMs = Math.max(0, toolMs - startupMs);
  return {
    ratio: oursMs / toolMs,
    netToolMs,
    netRatio: netToolMs > 0 ? oursMs / netToolMs : null,
    share: Math.min(1, startupMs / toolMs),
  };
}
