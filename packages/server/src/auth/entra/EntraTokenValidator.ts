import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { CryptoKey, JSONWebKeySet, JWTPayload, JWSHeaderParameters, FlattenedJWSInput } from 'jose';
import { EntraTokenError } from './EntraTokenError';
import type { EntraConfig } from '../../config/loadEntraConfig';

/** Who an accepted Entra access token speaks for. */
export interface EntraIdentity {
  /** The tenant id (`tid`), lower case. */
  tenantId: string;
  /** The user's object id (`oid`), lower case: stable for the user in that tenant. */
  objectId: string;
  /**
   * The first of `preferred_username`, `upn` and `email` the token carries, or null: for the
   * words of a refusal only ("signed in as …"). It never selects an account: anyone can make an
   * Entra account carry another person's name (nOAuth); only `tid` + `oid` identify a person.
   */
  signInName: string | null;
}

/** Options of `EntraTokenValidator`. */
export interface EntraTokenValidatorOptions {
  /** The Entra settings, read at each validation (the demo's authority is settled when the server listens). */
  config: () => EntraConfig;
  /** The clock: token expiry and the key set's cache and cool-down. */
  now: () => Date;
  /** How long a key set fetch may take before the authority counts as down (default 5 s). */
  fetchTimeoutMs?: number;
  /** How long after a fetch an unknown key id may trigger another (default 30 s): a flood of bad tokens cannot hammer the authority. */
  cooldownMs?: number;
  /** How long a fetched key set is used before it is fetched again (default 1 h). */
  maxAgeMs?: number;
}

/** The scope the Teams tab's token is issued for (`api://…/access_as_user`). */
export const ENTRA_USER_SCOPE = 'access_as_user';

/** Microsoft Graph's audiences: a token for Graph is never a token for us. */
const GRAPH_AUDIENCES = ['https://graph.microsoft.com', 'https://graph.microsoft.com/', '00000003-0000-0000-c000-000000000000'];

/** Entra's clock may run a little ahead or behind ours. */
const CLOCK_TOLERANCE_S = 60;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A tenant's fetched key set. */
interface KeySetEntry {
  /** The authority it was fetched from: a changed authority (the demo's, once listening) refetches. */
  authority: string;
  fetchedAt: number;
  getKey: (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>;
}

const invalid = (message: string): EntraTokenError => new EntraTokenError('invalid', message);

/**
 * Validates Microsoft Entra ID v2.0 access tokens for this server (issue 14, SECURITY.md row 14):
 * RS256 signature against the tenant's key set (JWKS, fetched with a time-out, cached, refetched
 * on an unknown key id after a cool-down: key rollover), issuer `${authority}/${tid}/v2.0`, an
 * audience from the configured list, a tenant on the allow-list, expiry and not-before with a
 * minute's tolerance, a delegated `access_as_user` scope and an object id. Refuses ID tokens,
 * application tokens and Graph tokens. Throws `EntraTokenError` ('invalid' → 401, 'unavailable' → 503).
 */
export class EntraTokenValidator {
  private readonly keySets = new Map<string, KeySetEntry>();
  private readonly fetching = new Map<string, Promise<KeySetEntry>>();
  private readonly fetchTimeoutMs: number;
  private readonly cooldownMs: number;
  private readonly maxAgeMs: number;

  constructor(private readonly options: EntraTokenValidatorOptions) {
    this.fetchTimeoutMs = options.fetchTimeoutMs ?? 5000;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.maxAgeMs = options.maxAgeMs ?? 60 * 60 * 1000;
  }

  /** The identity an access token speaks for, or an `EntraTokenError` saying why not. */
  async validate(token: string): Promise<EntraIdentity> {
    const config = this.options.config();
    if (config.tenantIds.length === 0 || config.audiences.length === 0)
      throw invalid('Microsoft Entra ID sign-in is not configured on this server.');
    let header: JWSHeaderParameters;
    let claims: JWTPayload;
    try {
      header = decodeProtectedHeader(token);
      claims = decodeJwt(token);
    } catch {
      throw invalid('The Microsoft Entra ID token is not a signed JWT.');
    }
    if (header.alg !== 'RS256') throw invalid('The Microsoft Entra ID token must be signed with RS256.');
    // Judged before any key is fetched, so a token cannot make us fetch keys of a tenant we do not trust.
    const tenantId = typeof claims.tid === 'string' ? claims.tid.toLowerCase() : '';
    if (!GUID.test(tenantId) || !config.tenantIds.includes(tenantId))
      throw invalid("The Microsoft Entra ID token's tenant is not allowed on this server.");
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
    if (audiences.some((aud) => GRAPH_AUDIENCES.includes(aud.toLowerCase()))) {
      throw invalid('The token is for Microsoft Graph, not for Datahaven Documents: ask Entra ID for a token for this app.');
    }
    const authority = config.authority;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, (h, t) => this.keyFor(authority, tenantId, h, t), {
        issuer: `${authority}/${tenantId}/v2.0`,
        audience: config.audiences,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        currentDate: this.options.now(),
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (error) {
      throw refusalOf(error);
    }
    const scopes = typeof payload.scp === 'string' ? payload.scp.split(' ') : [];
    const roles = Array.isArray(payload.roles) ? payload.roles : [];
    if (scopes.length === 0 && roles.length === 0)
      throw invalid('This is an ID token, not an access token: sign in asks Entra ID for an access token for this app.');
    if (scopes.length === 0) throw invalid('An application token signs in no user: ask for a delegated (user) access token.');
    if (!scopes.includes(ENTRA_USER_SCOPE)) throw invalid(`The Microsoft Entra ID token lacks the ${ENTRA_USER_SCOPE} scope.`);
    const objectId = typeof payload.oid === 'string' ? payload.oid.toLowerCase() : '';
    if (!GUID.test(objectId)) throw invalid('The Microsoft Entra ID token names no user (no object id).');
    const signInName =
      [payload.preferred_username, payload.upn, payload.email].find(
        (name): name is string => typeof name === 'string' && name.trim() !== '',
      ) ?? null;
    return { tenantId, objectId, signInName };
  }

  /** The key for a token's header: from the cached key set, refetched when stale or (after the cool-down) when the key id is new. */
  private async keyFor(authority: string, tenantId: string, header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<CryptoKey> {
    const now = this.options.now().getTime();
    let entry = this.keySets.get(tenantId);
    if (entry === undefined || entry.authority !== authority || now - entry.fetchedAt >= this.maxAgeMs) {
      entry = await this.refresh(authority, tenantId, entry?.authority === authority ? entry : undefined);
    }
    try {
      return await entry.getKey(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || now - entry.fetchedAt < this.cooldownMs) throw error;
      // An unknown key id after the cool-down: Entra may have rolled its keys over; fetch once more.
      entry = await this.refresh(authority, tenantId, undefined);
      return entry.getKey(header, token);
    }
  }

  /** Fetches a tenant's key set once at a time; a failed fetch keeps a still-usable `fallback`. */
  private refresh(authority: string, tenantId: string, fallback: KeySetEntry | undefined): Promise<KeySetEntry> {
    const running = this.fetching.get(tenantId);
    if (running !== undefined) return running;
    const work = this.fetchKeySet(authority, tenantId)
      .then((entry) => {
        this.keySets.set(tenantId, entry);
        return entry;
      })
      .catch((error: unknown) => {
        // Entra down for a moment: the keys we had still verify tokens signed with them.
        if (fallback !== undefined) return fallback;
        throw error;
      })
      .finally(() => this.fetching.delete(tenantId));
    this.fetching.set(tenantId, work);
    return work;
  }

  private async fetchKeySet(authority: string, tenantId: string): Promise<KeySetEntry> {
    const url = `${authority}/${tenantId}/discovery/v2.0/keys`;
    const unavailable = (why: string): EntraTokenError =>
      new EntraTokenError('unavailable', `Microsoft Entra ID's signing keys could not be read (${why}); try again in a moment.`);
    let body: unknown;
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(this.fetchTimeoutMs),
        redirect: 'error',
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw unavailable(`the key set answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof EntraTokenError) throw error;
      // Not `instanceof Error`: fetch's DOMException may come from another realm (jest's sandbox).
      const name =
        typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string'
          ? (error as { name: string }).name
          : '';
      throw unavailable(
        name === 'TimeoutError' || name === 'AbortError'
          ? 'no answer in time'
          : name === 'SyntaxError'
            ? 'the key set is not JSON'
            : 'the authority cannot be reached',
      );
    }
    if (typeof body !== 'object' || body === null || !Array.isArray((body as { keys?: unknown }).keys))
      throw unavailable('the answer is not a key set');
    return { authority, fetchedAt: this.options.now().getTime(), getKey: createLocalJWKSet(body as JSONWebKeySet) };
  }
}

/** A jose failure in words; an `EntraTokenError` (the key set could not be read) as it is. */
function refusalOf(error: unknown): EntraTokenError {
  if (error instanceof EntraTokenError) return error;
  if (error instanceof errors.JWTExpired) return invalid('The Microsoft Entra ID token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return invalid('The Microsoft Entra ID token was issued by another authority (issuer).');
    if (error.claim === 'aud') return invalid('The Microsoft Entra ID token is for another application (audience).');
    if (error.claim === 'nbf') return invalid('The Microsoft Entra ID token is not valid yet.');
    return invalid(`The Microsoft Entra ID token's ${error.claim} claim is not acceptable.`);
  }
  if (error instanceof errors.JWKSNoMatchingKey)
    return invalid("The Microsoft Entra ID token's signing key is not in the tenant's key set.");
  if (error instanceof errors.JWSSignatureVerificationFailed) return invalid("The Microsoft Entra ID token's signature is not valid.");
  return invalid('The Microsoft Entra ID token is not valid.');
}
