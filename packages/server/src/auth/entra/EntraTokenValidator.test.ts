import { SignJWT } from 'jose';
import { loadConfig } from '../../config/Config';
import { EntraSigningKeys } from '../../demo/EntraSigningKeys';
import { startTestEntra, type TestEntra } from '../../test/startTestEntra';
import { EntraTokenError } from './EntraTokenError';
import { EntraTokenValidator, type EntraTokenValidatorOptions } from './EntraTokenValidator';

const OID = 'cccccccc-0000-4000-8000-000000000001';

describe('EntraTokenValidator', () => {
  let entra: TestEntra;
  let clock: Date;
  const validatorFor = (options: Partial<EntraTokenValidatorOptions> = {}): EntraTokenValidator =>
    new EntraTokenValidator({ config: () => loadConfig(entra.env).entra, now: () => clock, ...options });
  /** The refusal of `token`, or 'accepted'. */
  const outcome = async (validator: EntraTokenValidator, token: string): Promise<string> => {
    try {
      await validator.validate(token);
      return 'accepted';
    } catch (error) {
      if (!(error instanceof EntraTokenError)) throw error;
      return `${error.kind}: ${error.message}`;
    }
  };

  beforeAll(async () => {
    entra = await startTestEntra();
  });
  beforeEach(() => {
    clock = new Date();
    entra.setMode('ok');
  });
  afterAll(async () => {
    await entra.close();
  });

  it('accepts a user access token with the right issuer, audience, tenant and signature; answers tid, oid and the sign-in name (for words only)', async () => {
    const validator = validatorFor();
    const token = await entra.userToken(OID.toUpperCase(), 'Alex.Clerk@Cronus.example', { claims: { upn: 'alex@cronus.example' } });
    await expect(validator.validate(token)).resolves.toEqual({
      tenantId: entra.tenantId,
      objectId: OID,
      signInName: 'Alex.Clerk@Cronus.example',
    });
    // The second audience (the bare client id, as getAuthToken's tokens may carry) is accepted too.
    expect(await outcome(validator, await entra.userToken(OID, 'a@b.example', { audience: entra.clientId }))).toBe('accepted');
  });

  it('SECURITY row 14: refuses expired, not-yet-valid, wrong-audience, Graph, ID, application, wrong-tenant, wrong-issuer and badly signed tokens', async () => {
    const validator = validatorFor();
    const foreign = await EntraSigningKeys.create();
    const cases: [string, Promise<string>, RegExp][] = [
      ['expired', entra.userToken(OID, 'x', { expiresInSeconds: -120 }), /has expired/],
      ['not yet valid', entra.userToken(OID, 'x', { notBeforeInSeconds: 600 }), /not valid yet/],
      [
        'wrong audience',
        entra.userToken(OID, 'x', { audience: 'api://other.example/dddddddd-0000-4000-8000-000000000001' }),
        /another application \(audience\)/,
      ],
      ['Graph audience', entra.userToken(OID, 'x', { audience: 'https://graph.microsoft.com' }), /for Microsoft Graph/],
      ['Graph app id audience', entra.userToken(OID, 'x', { audience: '00000003-0000-0000-c000-000000000000' }), /for Microsoft Graph/],
      ['ID token', entra.userToken(OID, 'x', { audience: entra.clientId, claims: { scp: undefined } }), /ID token/],
      ['application token', entra.userToken(OID, 'x', { claims: { scp: undefined, roles: ['Documents.Read'] } }), /application token/],
      ['other scope', entra.userToken(OID, 'x', { claims: { scp: 'User.Read' } }), /access_as_user/],
      [
        'tenant not allowed',
        entra.userToken(OID, 'x', { claims: { tid: 'eeeeeeee-0000-4000-8000-000000000001' } }),
        /tenant is not allowed/,
      ],
      [
        'no tenant',
        entra.userToken(OID, 'x', { claims: { tid: undefined }, issuer: `${entra.authority}/${entra.tenantId}/v2.0` }),
        /tenant is not allowed/,
      ],
      ['v1 issuer', entra.userToken(OID, 'x', { issuer: `https://sts.windows.net/${entra.tenantId}/` }), /another authority \(issuer\)/],
      [
        'issuer of another tenant',
        entra.userToken(OID, 'x', { issuer: `${entra.authority}/${entra.spareTenantId}/v2.0` }),
        /another authority \(issuer\)/,
      ],
      [
        'another key claiming a published kid',
        entra.userToken(OID, 'x', { keys: foreign, kid: entra.keys.currentKid }),
        /signature is not valid/,
      ],
      ['no object id', entra.userToken(OID, 'x', { claims: { oid: undefined } }), /no object id/],
    ];
    const results = await Promise.all(cases.map(async ([name, token]) => [name, await outcome(validator, await token)] as const));
    for (const [index, [name, result]] of results.entries()) {
      expect({ name, result }).toEqual({ name, result: expect.stringMatching(cases[index][2]) });
      expect(result.startsWith('invalid: ')).toBe(true);
    }
    // The same claims signed properly pass: the refusals above are the claims', not the set-up's.
    expect(await outcome(validator, await entra.userToken(OID, 'x'))).toBe('accepted');
  });

  it('SECURITY row 14: refuses unsigned, HS256 and garbage tokens before fetching any key', async () => {
    const validator = validatorFor();
    const before = entra.fetches.get(entra.spareTenantId) ?? 0;
    const claims = {
      tid: entra.spareTenantId,
      oid: OID,
      scp: 'access_as_user',
      iss: `${entra.authority}/${entra.spareTenantId}/v2.0`,
      aud: entra.audience,
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(Buffer.alloc(32, 1));
    expect(await outcome(validator, none)).toMatch(/RS256/);
    expect(await outcome(validator, hs256)).toMatch(/RS256/);
    expect(await outcome(validator, 'not.a.jwt')).toMatch(/not a signed JWT/);
    expect(entra.fetches.get(entra.spareTenantId) ?? 0).toBe(before);
  });

  it('refuses everything while Entra sign-in is not configured (no tenant)', async () => {
    const validator = new EntraTokenValidator({
      config: () => loadConfig({ ...entra.env, DATAHAVEN_ENTRA_TENANTS: '' }).entra,
      now: () => clock,
    });
    expect(await outcome(validator, await entra.userToken(OID, 'x'))).toBe(
      'invalid: Microsoft Entra ID sign-in is not configured on this server.',
    );
  });

  it('picks up a rolled-over key: an unknown kid refetches the key set once the cool-down has passed, not before', async () => {
    const validator = validatorFor({ cooldownMs: 30_000 });
    expect(await outcome(validator, await entra.userToken(OID, 'x'))).toBe('accepted');
    const fetched = entra.fetches.get(entra.tenantId) ?? 0;
    // Cached: a second token fetches nothing.
    expect(await outcome(validator, await entra.userToken(OID, 'x'))).toBe('accepted');
    expect(entra.fetches.get(entra.tenantId)).toBe(fetched);

    const newKid = await entra.keys.rollover();
    const rolled = await entra.userToken(OID, 'x');
    expect(JSON.parse(Buffer.from(rolled.split('.')[0], 'base64url').toString('utf8'))).toMatchObject({ kid: newKid });
    // Within the cool-down an unknown kid is refused without a fetch (a flood of bad tokens cannot hammer Entra).
    expect(await outcome(validator, rolled)).toMatch(/signing key is not in the tenant's key set/);
    expect(entra.fetches.get(entra.tenantId)).toBe(fetched);
    clock = new Date(clock.getTime() + 31_000);
    expect(await outcome(validator, rolled)).toBe('accepted');
    expect(entra.fetches.get(entra.tenantId)).toBe(fetched + 1);
  });

  it('answers "unavailable" in words when the key set endpoint fails or never answers, and keeps using keys it has', async () => {
    const validator = validatorFor({ fetchTimeoutMs: 300, maxAgeMs: 60_000 });
    entra.setMode('down');
    expect(await outcome(validator, await entra.userToken(OID, 'x'))).toBe(
      "unavailable: Microsoft Entra ID's signing keys could not be read (the key set answered 500); try again in a moment.",
    );
    entra.setMode('hang');
    expect(await outcome(validator, await entra.userToken(OID, 'x'))).toBe(
      "unavailable: Microsoft Entra ID's signing keys could not be read (no answer in time); try again in a moment.",
    );
    entra.setMode('ok');
    expect(await outcome(validator, await entra.userToken(OID, 'x'))).toBe('accepted');
    // Stale keys and Entra down: the keys in hand still verify the tokens they signed.
    entra.setMode('down');
    clock = new Date(clock.getTime() + 61_000);
    expect(await outcome(validator, await entra.userToken(OID, 'x'))).toBe('accepted');
  });

  it('answers "unavailable" when the authority cannot be reached at all', async () => {
    const validator = new EntraTokenValidator({
      config: () => loadConfig({ ...entra.env, DATAHAVEN_ENTRA_AUTHORITY: 'http://127.0.0.1:9' }).entra,
      now: () => clock,
      fetchTimeoutMs: 2000,
    });
    const token = await entra.userToken(OID, 'x', { issuer: `http://127.0.0.1:9/${entra.tenantId}/v2.0` });
    expect(await outcome(validator, token)).toMatch(
      /^unavailable: .*could not be read \((the authority cannot be reached|no answer in time)\)/,
    );
  });
});
