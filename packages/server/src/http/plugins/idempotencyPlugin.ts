import { createHash } from 'node:crypto';
import { MESSAGES } from '@datahaven/core/rules';
import { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../services/AppDeps';
import { HttpError, badRequest } from '../HttpError';
import { BoundaryBlindHash } from './BoundaryBlindHash';

/** How long a key and its first answer are kept (draft-ietf-httpapi-idempotency-key). */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

/** A first request still "in progress" after this long died with its process: its key is free again (rows without a lease). */
const STALE_IN_PROGRESS_MS = 10 * 60 * 1000;

/**
 * The lease on a first request: the answering process renews it every IDEMPOTENCY_RENEW_MS while
 * it works, so a key whose process died (kill -9, a lost machine behind the proxy) is free again
 * within this long and the client's retry runs, instead of hearing 409 for ten minutes.
 */
export const IDEMPOTENCY_LEASE_MS = 20_000;

/** How often the answering process renews its lease: a quarter of it, so a slow renewal or two still holds it. */
const IDEMPOTENCY_RENEW_MS = IDEMPOTENCY_LEASE_MS / 4;

/**
 * POSTs that ignore the header: the answer of POST /api/keys carries the new key's secret, which
 * is never stored anywhere (only its hash), so it cannot be replayed.
 */
const NOT_REPLAYABLE = new Set(['/api/keys']);

/** The message of a key reused with another request (422). */
export const IDEMPOTENCY_KEY_REUSED = MESSAGES.idempotencyKeyReused;

/** The message of a key whose first request is still being answered (409): the clients wait and send again on it. */
export const IDEMPOTENCY_KEY_IN_PROGRESS = MESSAGES.idempotencyKeyInProgress;

interface IdempotentRequest {
  userId: number;
  key: string;
  /** Fingerprint of method, URL and content type (the body's digest is added once it has been read). */
  head: string;
  /** The body as the route reads it, hashed on the way; null for multipart (the route gives the digest). */
  tap: (Transform & { hasher: BoundaryBlindHash }) | null;
  /** A multipart body's digest, given by the route once it has parsed the parts. */
  bodyDigest: string | null;
  /** The answer kept for this key, when the request is a retry the route must match (multipart). */
  replay: KeyRow | null;
  stored: boolean;
  /** Renews the lease while the first request runs; cleared once it is answered or released. */
  renewal: NodeJS.Timeout | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the idempotency plugin for a POST with an Idempotency-Key. */
    idempotency: IdempotentRequest | null;
  }
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** The multipart boundary of a Content-Type, or null. */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary="?([^";]+)"?/i.exec(contentType);
  return match ? match[1] : null;
}

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  // The draft's key is a quoted string (an sf-string); a bare token is taken as well.
  const key = /^"(.*)"$/.exec(value.trim())?.[1] ?? value.trim();
  if (key === '' || key.length > 255 || !/^[\x20-\x7e]+$/.test(key)) {
    throw badRequest('The Idempotency-Key header must be 1 to 255 printable ASCII characters.');
  }
  return key;
}

function fingerprint(head: string, bodyDigest: string): string {
  return createHash('sha256').update(`${head}\n${bodyDigest}`).digest('hex');
}

/** A stream that hashes what passes through and counts it for Fastify's body limit. */
function hashingTap(hasher: BoundaryBlindHash): Transform & { receivedEncodedLength: number; hasher: BoundaryBlindHash } {
  const tap = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hasher.update(chunk);
        tap.receivedEncodedLength += chunk.length;
        callback(null, chunk);
      },
    }),
    { receivedEncodedLength: 0, hasher },
  );
  return tap;
}

function sendReplay(reply: FastifyReply, row: KeyRow): FastifyReply {
  return reply
    .status(row.status_code ?? 200)
    .header('Idempotent-Replayed', 'true')
    .type(row.content_type ?? 'application/json; charset=utf-8')
    .send(row.response_body ?? '');
}

/**
 * For a route that parses a multipart body itself (@fastify/multipart reads the raw request, so
 * the plugin cannot hash it on the way): gives the digest of what the request carried. On a
 * retry the kept answer is sent when the digest matches the first request's (resolves true: the
 * route is done), and 422 otherwise; on a first request the digest is kept with its answer.
 */
export async function matchIdempotentBody(request: FastifyRequest, reply: FastifyReply, bodyDigest: string): Promise<boolean> {
  const pending = request.idempotency;
  if (pending === null) return false;
  if (pending.replay === null) {
    pending.bodyDigest = bodyDigest;
    return false;
  }
  if (fingerprint(pending.head, bodyDigest) !== pending.replay.request_hash)
    throw new HttpError(422, 'ValidationError', IDEMPOTENCY_KEY_REUSED);
  sendReplay(reply, pending.replay);
  return true;
}

/**
 * Idempotency-Key (draft-ietf-httpapi-idempotency-key, SECURITY row 25) on every authenticated
 * POST under /api and /odata: the first request with a key runs and, when it succeeds (2xx), its
 * answer is kept 24 h in `idempotency_keys` (so every instance sharing the database agrees); the
 * same key with the same request (method, URL, content type and body; a multipart boundary does
 * not count) gets that answer replayed without running again; with another request, 422; while
 * the first is still running, 409. A first request that fails keeps nothing, so the client may
 * retry it with the same key. Keys are per user. Multipart bodies are matched by the route
 * (matchIdempotentBody) on the parts it parsed: file names and content hashes.
 */
export function registerIdempotency(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.method !== 'POST' || request.callerId === null) return payload;
    const path = pathOf(request.url);
    if (!(path.startsWith('/api/') || path.startsWith('/odata/')) || NOT_REPLAYABLE.has(path)) return payload;
    const key = keyOf(request);
    if (key === null) return payload;
    const contentType = String(request.headers['content-type'] ?? '');
    const boundary = boundaryOf(contentType);
    const head = `POST ${request.url}\n${contentType
      .replace(/;\s*boundary="?[^";]+"?/i, '')
      .trim()
      .toLowerCase()}`;
    const hasher = new BoundaryBlindHash(boundary);
    const userId = request.callerId;

    const multipart = boundary !== null;
    const existing = await claimKey(deps, userId, key);
    if (existing === 'claimed') {
      const renewal = renewLease(deps, userId, key);
      if (multipart) {
        request.idempotency = { userId, key, head, tap: null, bodyDigest: null, replay: null, stored: false, renewal };
        return payload;
      }
      const tap = hashingTap(hasher);
      payload.on('error', (error) => tap.destroy(error));
      payload.pipe(tap);
      request.idempotency = { userId, key, head, tap, bodyDigest: null, replay: null, stored: false, renewal };
      return tap;
    }
    if (existing.status_code === null) {
      // Another request (maybe on another process) holds the key: come back when its lease would run out.
      reply.header('Retry-After', String(retryAfterSeconds(existing, deps.now())));
      throw new HttpError(409, 'Conflict', IDEMPOTENCY_KEY_IN_PROGRESS);
    }
    if (multipart) {
      // The route parses the parts and calls matchIdempotentBody; nothing is kept for this request.
      request.idempotency = { userId, key, head, tap: null, bodyDigest: null, replay: existing, stored: true, renewal: null };
      return payload;
    }
    // Read (and hash) the whole body before answering: only an identical request gets the replay.
    for await (const chunk of payload) hasher.update(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    if (fingerprint(head, hasher.digest()) !== existing.request_hash) throw new HttpError(422, 'ValidationError', IDEMPOTENCY_KEY_REUSED);
    return sendReplay(reply, existing);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (pending === null || pending.stored) return payload;
    pending.stored = true;
    stopRenewal(pending);
    const success = reply.statusCode >= 200 && reply.statusCode < 300;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const tap = pending.tap;
    if (!success || body === null || (tap === null && pending.bodyDigest === null)) {
      await releaseKey(deps, pending);
      return payload;
    }
    if (tap !== null && !tap.readableEnded) {
      // The route has read what it needed; anything left is hashed too.
      tap.resume();
      await finished(tap);
    }
    const bodyDigest = tap !== null ? tap.hasher.digest() : (pending.bodyDigest ?? '');
    const contentType = reply.getHeader('content-type');
    await deps.db
      .updateTable('idempotency_keys')
      .set({
        request_hash: fingerprint(pending.head, bodyDigest),
        status_code: reply.statusCode,
        content_type: typeof contentType === 'string' ? contentType : null,
        response_body: body,
      })
      .where('user_id', '=', pending.userId)
      .where('idempotency_key', '=', pending.key)
      .execute();
    return payload;
  });

  // An answer that never went out (the client went away) keeps nothing either.
  app.addHook('onResponse', async (request) => {
    const pending = request.idempotency;
    if (pending !== null && !pending.stored) await releaseKey(deps, pending);
  });
}

interface KeyRow {
  request_hash: string;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: string;
  claimed_until: string | null;
}

/** Whether an in-progress row's process is gone: its lease ran out (or, for a row without one, ten minutes passed). */
function leaseExpired(row: KeyRow, now: Date): boolean {
  if (row.claimed_until !== null) return Date.parse(row.claimed_until) < now.getTime();
  return Date.parse(row.created_at) < now.getTime() - STALE_IN_PROGRESS_MS;
}

/** Whole seconds until an in-progress row's lease runs out (at least 1): the Retry-After of its 409. */
function retryAfterSeconds(row: KeyRow, now: Date): number {
  const until = row.claimed_until !== null ? Date.parse(row.claimed_until) : Date.parse(row.created_at) + STALE_IN_PROGRESS_MS;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** Keeps the first request's lease alive while it runs; a failed renewal is left to the next tick (the lease has room for it). */
function renewLease(deps: AppDeps, userId: number, key: string): NodeJS.Timeout {
  const timer = setInterval(() => {
    const until = new Date(deps.now().getTime() + IDEMPOTENCY_LEASE_MS).toISOString();
    deps.db
      .updateTable('idempotency_keys')
      .set({ claimed_until: until })
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .where('status_code', 'is', null)
      .execute()
      .catch(() => undefined);
  }, IDEMPOTENCY_RENEW_MS);
  // A request in flight must not keep a stopping process alive.
  timer.unref();
  return timer;
}

function stopRenewal(pending: IdempotentRequest): void {
  if (pending.renewal !== null) clearInterval(pending.renewal);
  pending.renewal = null;
}

/**
 * Takes the key for a first request ('claimed': an in-progress row inserted), or answers the row
 * already there. Expired rows go first; an in-progress row whose lease ran out is taken over
 * (its process died).
 */
async function claimKey(deps: AppDeps, userId: number, key: string): Promise<'claimed' | KeyRow> {
  const now = deps.now();
  await deps.db.deleteFrom('idempotency_keys').where('expires_at', '<', now.toISOString()).execute();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const inserted = await deps.db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        idempotency_key: key,
        request_hash: '',
        status_code: null,
        content_type: null,
        response_body: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + IDEMPOTENCY_KEEP_MS).toISOString(),
        claimed_until: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (inserted !== undefined) return 'claimed';
    const row = await deps.db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'content_type', 'response_body', 'created_at', 'claimed_until'])
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (row === undefined) continue;
    const stale = row.status_code === null && leaseExpired(row, now);
    if (!stale) return row;
    await deps.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .where('status_code', 'is', null)
      .where('created_at', '=', row.created_at)
      // Not a lease renewed since it was read: that process is alive after all.
      .where('claimed_until', row.claimed_until === null ? 'is' : '=', row.claimed_until)
      .execute();
  }
  throw new HttpError(409, 'Conflict', IDEMPOTENCY_KEY_IN_PROGRESS);
}

async function releaseKey(deps: AppDeps, pending: IdempotentRequest): Promise<void> {
  pending.stored = true;
  stopRenewal(pending);
  await deps.db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', pending.userId)
    .where('idempotency_key', '=', pending.key)
    .where('status_code', 'is', null)
    .execute();
}
