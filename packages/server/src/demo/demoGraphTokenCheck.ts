import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

/** Graph's audience for its own tokens, by URI and by app id. */
const GRAPH_AUDIENCES = ['https://graph.microsoft.com', '00000003-0000-0000-c000-000000000000'];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Graph token the demo's Entra ID signed (its claims and tenant), or Graph's words for why not. */
export type DemoGraphToken = { tenantId: string; claims: JWTPayload } | { refused: string };

/**
 * Checks the Authorization header of a request to one of the demo's Graph stand-ins as Graph
 * would: a bearer token with a tenant, signed by the demo Entra authority's keys for that tenant
 * (fetched once per key-set URL and cached), issued by it and for Graph's audience. `authority`
 * is read at each call (the demo's is settled only once the server listens).
 */
export function demoGraphTokenCheck(authority: () => string): (authorization: string | undefined) => Promise<DemoGraphToken> {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySetOf = (url: string): ReturnType<typeof createRemoteJWKSet> => {
    let keys = keySets.get(url);
    if (keys === undefined) {
      keys = createRemoteJWKSet(new URL(url));
      keySets.set(url, keys);
    }
    return keys;
  };
  return async (authorization) => {
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization ?? '');
    if (match === null) return { refused: 'Access token is empty.' };
    let tid: unknown;
    try {
      tid = decodeJwt(match[1]).tid;
    } catch {
      return { refused: 'IDX14100: JWT is not well formed.' };
    }
    if (typeof tid !== 'string' || !GUID.test(tid)) return { refused: 'Access token has no tenant.' };
    const base = authority().replace(/\/+$/, '');
    try {
      const { payload } = await jwtVerify(match[1], keySetOf(`${base}/${tid}/discovery/v2.0/keys`), {
        issuer: `${base}/${tid}/v2.0`,
        audience: GRAPH_AUDIENCES,
      });
      return { tenantId: tid, claims: payload };
    } catch (error) {
      return { refused: `Access token validation failure: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
}
