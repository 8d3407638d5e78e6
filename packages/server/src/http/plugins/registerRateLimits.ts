import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../HttpError';

/** What a caller past a route's limit reads (429, with Retry-After in seconds). */
export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests: wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

/**
 * Who a request counts against: the signed-in user (`callerId`, set by the authentication hook that
 * runs before the limit), else the client's address — a sign-in route's callers are not signed in.
 * IPv6 addresses count by their /64, as one machine usually holds a whole one.
 */
function callerKey(request: FastifyRequest): string {
  return request.callerId !== null ? `user:${request.callerId}` : `address:${normalizeIP(request.ip)}`;
}

/**
 * Rate limits (@fastify/rate-limit) for the routes that ask for one in their `config` (see
 * `rateLimited`); no other route is limited. Counted per caller and route in this process's memory;
 * past the limit the route answers 429 in the product's error body with `Retry-After`.
 * Registered after the authentication hook, so a signed-in caller counts as its user.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: callerKey,
    // The limit's own headers on a refused request only (Retry-After with them); a limited route's other answers stay as they were.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'TooManyRequests', tooManyRequestsMessage(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
}
