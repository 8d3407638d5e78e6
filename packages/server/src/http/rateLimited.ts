import type { RateLimitOptions } from '@fastify/rate-limit';

/** One minute: every limit of Config.rateLimits is requests a minute. */
const WINDOW_MS = 60_000;

/**
 * A route's `config` that limits it to `perMinute` requests a minute per caller (plugins/
 * registerRateLimits answers 429 past it); 0 leaves the route unlimited.
 */
export function rateLimited(perMinute: number): { rateLimit: RateLimitOptions | false } {
  return { rateLimit: perMinute === 0 ? false : { max: perMinute, timeWindow: WINDOW_MS } };
}
