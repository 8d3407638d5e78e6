import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeyMayActFor, findLiveApiKey } from '../apiKeyGrants';
import { entraIdentityOfToken, verifyToken } from '../tokenCodec';
import type { TokenEntraIdentity } from '../tokenCodec';
import { readCallerRights, registerViewerOfRequest, viewerOfRights } from '../../access';
import type { Viewer } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { unauthorized } from '../../http/HttpError';
import { httpTextFor } from '../../http/httpText';

/** An expired, forged or revoked bearer token, in the caller's language. */
const tokenInvalid = (language: string): string => httpTextFor(language).tokenInvalid;

/** The signed-in user of a request. */
export interface Principal {
  userId: number;
  username: string;
  /** The API key the token stems from, or null (a token not minted by a key). */
  apiKeyId: number | null;
  /** The Entra identity whose sign-in minted the token (kept through refreshes), or null. */
  entraIdentity: TokenEntraIdentity | null;
  /** The caller's rights, read with the user in the same statement (`viewerOf` answers it). */
  viewer: Viewer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin for every authenticated /api request; null otherwise. */
    principal: Principal | null;
  }
}

/** /api paths answered without a bearer token (the token route checks its own credentials). */
const PUBLIC_API_PATHS = new Set(['/api/version', '/api/token/user', '/api/integration/teams/settings']);

function urlPathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** The bearer token of the Authorization header, or null. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Verifies the bearer token (signature, expiry, no far-future expiry) and that its user exists
 * and is enabled, reading the user's rights with it; a token minted by an API key also needs that key live and still allowed to
 * stand for the user (SECURITY row 15: a revoked key's tokens stop at once). Resolves to the
 * principal or throws 401.
 */
export async function authenticateBearer(deps: AppDeps, request: FastifyRequest): Promise<Principal> {
  const token = bearerTokenOf(request);
  if (token === null) throw unauthorized();
  const payload = verifyToken(deps.tokenSecret, token, deps.now());
  if (payload === null) throw unauthorized(tokenInvalid);
  // The user and their rights in one statement: nearly every route needs both (viewerOf).
  const databaseNow = deps.databaseNow();
  const user = await readCallerRights(deps.db, { username: payload.username }, databaseNow);
  if (user === undefined || user.disabled) throw unauthorized(tokenInvalid);
  const keyId = payload.keyId ?? null;
  if (keyId !== null) {
    const key = await findLiveApiKey(deps.db, { id: keyId });
    if (key === undefined || !(await apiKeyMayActFor(deps.db, key, user.username))) throw unauthorized(tokenInvalid);
  }
  return {
    userId: user.userId,
    username: user.username,
    apiKeyId: keyId,
    entraIdentity: entraIdentityOfToken(payload),
    viewer: viewerOfRights(user, databaseNow),
  };
}

/** Requires a valid bearer token on every /api call except the public ones (BRIEF). */
export function registerAuth(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('principal', null);
  registerViewerOfRequest(app);
  app.addHook('onRequest', async (request) => {
    const path = urlPathOf(request.url);
    if (!(path === '/api' || path.startsWith('/api/'))) return;
    if (PUBLIC_API_PATHS.has(path)) return;
    request.principal = await authenticateBearer(deps, request);
    // The caller's language goes with them into the commands: the notices they cause are worded in it.
    request.viewer = { ...request.principal.viewer, language: request.language };
    request.callerId = request.principal.userId;
  });
}

/** The principal of an authenticated request (routes behind the auth hook). */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw unauthorized();
  return request.principal;
}
