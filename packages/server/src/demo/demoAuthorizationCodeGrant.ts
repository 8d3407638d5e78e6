import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { ENTRA_USER_SCOPE } from '../auth';
import type { AppDeps } from '../services/AppDeps';
import { demoEntraUser } from './demoEntraUser';
import type { EntraSigningKeys } from './EntraSigningKeys';

/** What the authorize page approved: the code stands for it until redeemed or expired. */
export interface DemoAuthorization {
  tid: string;
  clientId: string;
  redirectUri: string;
  /** The scopes asked for (our API's among them; openid, profile, offline_access as MSAL adds them). */
  scopes: string[];
  /** The PKCE challenge: base64url SHA-256 of the verifier (S256, the only method the stand-in takes). */
  codeChallenge: string;
  nonce: string | null;
  username: string;
}

interface PendingCode extends DemoAuthorization {
  expiresAt: number;
  redeemed: boolean;
}

/** How long a code may wait for its redemption: Entra's codes live about ten minutes. */
export const DEMO_AUTHORIZATION_CODE_SECONDS = 600;

/** Lifetime of the access tokens the code grant issues, as for the simulators' SSO tokens. */
const ACCESS_TOKEN_SECONDS = 3600;

/** An OAuth 2.0 error answer, as Entra words them. */
function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.status(status).header('Cache-Control', 'no-store').send({ error, error_description: description });
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `client_info` as Entra returns it with `client_info=1`: base64url JSON of the user's object id and tenant (MSAL's account key). */
export function demoClientInfo(oid: string, tid: string): string {
  return Buffer.from(JSON.stringify({ uid: oid, utid: tid })).toString('base64url');
}

/**
 * The demo Entra ID's authorization code grant with PKCE (RFC 7636, S256 only), for the Outlook
 * pane's dialog sign-in through MSAL: the authorize page issues a code for the user picked there,
 * and the token endpoint redeems it once — same client, same redirect URI, a verifier whose
 * SHA-256 is the challenge, within ten minutes — for an access token for our API (as the SSO
 * path signs it) and an ID token carrying the request's nonce.
 */
export class DemoAuthorizationCodeGrant {
  private readonly codes = new Map<string, PendingCode>();

  constructor(
    private readonly deps: AppDeps,
    private readonly keys: EntraSigningKeys,
  ) {}

  /** A new single-use code for an approved authorization request. */
  issue(authorization: DemoAuthorization): string {
    const now = this.deps.now().getTime();
    // Codes past their time are dropped here, so the map holds only the last ten minutes' codes.
    for (const [code, pending] of this.codes) if (pending.expiresAt <= now) this.codes.delete(code);
    const code = randomBytes(32).toString('base64url');
    this.codes.set(code, { ...authorization, expiresAt: now + DEMO_AUTHORIZATION_CODE_SECONDS * 1000, redeemed: false });
    return code;
  }

  /** `grant_type=authorization_code` at `oauth2/v2.0/token` for tenant `tid` (public client: no secret, the verifier proves the caller). */
  async redeem(reply: FastifyReply, tid: string, form: Record<string, unknown>): Promise<FastifyReply> {
    const text = (name: string): string => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const code = text('code');
    const pending = code === '' ? undefined : this.codes.get(code);
    if (pending === undefined || pending.tid !== tid)
      return oauthError(reply, 400, 'invalid_grant', 'AADSTS9002313: The authorization code is unknown.');
    if (pending.redeemed) return oauthError(reply, 400, 'invalid_grant', 'AADSTS54005: The authorization code was already redeemed.');
    // One attempt per code, right or wrong: a guessed verifier cannot be tried twice.
    pending.redeemed = true;
    if (pending.expiresAt <= this.deps.now().getTime())
      return oauthError(reply, 400, 'invalid_grant', 'AADSTS70008: The authorization code has expired.');
    if (text('client_id') !== pending.clientId)
      return oauthError(reply, 400, 'invalid_grant', 'AADSTS70000: The code was issued to another client.');
    if (text('redirect_uri') !== pending.redirectUri)
      return oauthError(reply, 400, 'invalid_grant', 'AADSTS50148: The redirect URI differs from the one in the authorization request.');
    const verifier = text('code_verifier');
    // RFC 7636: 43 to 128 characters of the unreserved set.
    if (
      !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) ||
      !sameText(createHash('sha256').update(verifier).digest('base64url'), pending.codeChallenge)
    ) {
      return oauthError(
        reply,
        400,
        'invalid_grant',
        'AADSTS501481: The code verifier does not match the code challenge of the authorization request.',
      );
    }

    const { oid, signInName } = await demoEntraUser(this.deps, tid, pending.username);
    const { clientId, audiences, authority } = this.deps.config.entra;
    const issuer = `${authority}/${tid}/v2.0`;
    const person = { tid, oid, sub: oid, preferred_username: signInName, name: pending.username, ver: '2.0' };
    const accessToken = await this.keys.sign(
      { ...person, scp: ENTRA_USER_SCOPE, azp: clientId },
      { issuer, audience: audiences[0] ?? clientId, expiresInSeconds: ACCESS_TOKEN_SECONDS },
    );
    const idToken = pending.scopes.includes('openid')
      ? await this.keys.sign(
          { ...person, ...(pending.nonce === null ? {} : { nonce: pending.nonce }) },
          { issuer, audience: pending.clientId, expiresInSeconds: ACCESS_TOKEN_SECONDS },
        )
      : undefined;
    return reply.header('Cache-Control', 'no-store').send({
      token_type: 'Bearer',
      scope: pending.scopes.filter((scope) => scope !== 'offline_access').join(' '),
      expires_in: ACCESS_TOKEN_SECONDS,
      ext_expires_in: ACCESS_TOKEN_SECONDS,
      access_token: accessToken,
      ...(idToken === undefined ? {} : { id_token: idToken }),
      client_info: demoClientInfo(oid, tid),
    });
  }
}
