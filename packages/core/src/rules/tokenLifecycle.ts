import { LIMITS, tokenMillisecondsLeft, type TokenPayload } from '../model';

/** Where a token stands in its life (embedded §4 "Auth token lifecycle"). */
export type TokenFreshness = 'expired' | 'needsRefresh' | 'wantsRefresh' | 'fresh';

/** A token counts as expired at 0 ms left. */
export function isTokenExpired(payload: TokenPayload, now: number): boolean {
  return tokenMillisecondsLeft(payload, now) <= 0;
}

/** A token needs a refresh (must not be used for long) under 60 s left. */
export function tokenNeedsRefresh(payload: TokenPayload, now: number): boolean {
  return tokenMillisecondsLeft(payload, now) < LIMITS.tokenNeedsRefreshMs;
}

/** A token wants a refresh (refresh when convenient) under 300 s left. */
export function tokenWantsRefresh(payload: TokenPayload, now: number): boolean {
  return tokenMillisecondsLeft(payload, now) < LIMITS.tokenWantsRefreshMs;
}

/** Classifies a token by the spec's three thresholds. */
export function tokenFreshness(payload: TokenPayload, now: number): TokenFreshness {
  if (isTokenExpired(payload, now)) return 'expired';
  if (tokenNeedsRefresh(payload, now)) return 'needsRefresh';
  if (tokenWantsRefresh(payload, now)) return 'wantsRefresh';
  return 'fresh';
}

/**
 * Delay until the next scheduled refresh: expiry minus the 60 s safety margin. When the token
 * cannot be read, or that moment has already passed, the 5 s fallback delay applies.
 */
export function refreshDelayMs(payload: TokenPayload | null, now: number): number {
  if (payload === null) return LIMITS.tokenRetryDelayMs;
  const delay = tokenMillisecondsLeft(payload, now) - LIMITS.tokenSafetyMarginMs;
  return Number.isFinite(delay) && delay > 0 ? delay : LIMITS.tokenRetryDelayMs;
}
