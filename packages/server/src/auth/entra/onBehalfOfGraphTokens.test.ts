import { randomUUID } from 'node:crypto';
import { GraphRequestError } from '../../graph/GraphRequestError';
import { startOboEntraStandIn } from '../../mail/test/startOboEntraStandIn';
import type { OboEntraStandIn } from '../../mail/test/startOboEntraStandIn';
import { onBehalfOfGraphTokens } from './onBehalfOfGraphTokens';

describe('onBehalfOfGraphTokens: Graph tokens for a user from their token for our API', () => {
  let entra: OboEntraStandIn;
  beforeAll(async () => {
    entra = await startOboEntraStandIn('graph-token-obo');
  });
  afterAll(async () => {
    await entra.close();
  });

  const source = (options: { secret?: string | null; now?: () => number } = {}) =>
    onBehalfOfGraphTokens({
      authority: () => entra.authority,
      client: () => ({ clientId: entra.clientId, clientSecret: options.secret === undefined ? entra.clientSecret : options.secret }),
      now: options.now,
    });

  it('exchanges once for concurrent callers, keeps the token until shortly before it expires, then exchanges again', async () => {
    let clock = Date.parse('2026-11-26T04:00:00Z');
    const tokens = source({ now: () => clock });
    const assertion = await entra.userToken(randomUUID(), 'someone@example.test');
    const before = entra.exchanges();
    const answers = await Promise.all([tokens.graphTokenFor(assertion, entra.tenantId), tokens.graphTokenFor(assertion, entra.tenantId)]);
    expect(answers).toEqual(['graph-token-obo', 'graph-token-obo']);
    expect(entra.exchanges() - before).toBe(1);
    // The stand-in's tokens live an hour: kept for 55 minutes.
    clock += 54 * 60 * 1000;
    await tokens.graphTokenFor(assertion, entra.tenantId);
    expect(entra.exchanges() - before).toBe(1);
    clock += 2 * 60 * 1000;
    await tokens.graphTokenFor(assertion, entra.tenantId);
    expect(entra.exchanges() - before).toBe(2);
    // Another user's assertion is another exchange.
    await tokens.graphTokenFor(await entra.userToken(randomUUID(), 'other@example.test'), entra.tenantId);
    expect(entra.exchanges() - before).toBe(3);
  });

  it("says Entra's refusal in Entra's first line of words; without a secret it never calls Entra", async () => {
    const assertion = await entra.userToken(randomUUID(), 'someone@example.test');
    const failure = source({ secret: 'wrong' }).graphTokenFor(assertion, entra.tenantId);
    await expect(failure).rejects.toBeInstanceOf(GraphRequestError);
    await expect(source({ secret: 'wrong' }).graphTokenFor(assertion, entra.tenantId)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_client',
      message: 'Microsoft Entra ID refused a Graph token on your behalf: invalid_client: AADSTS7000215: Invalid client secret provided.',
    });
    const before = entra.exchanges();
    const formBefore = entra.lastForm();
    await expect(source({ secret: null }).graphTokenFor(assertion, entra.tenantId)).rejects.toMatchObject({ code: 'NotConfigured' });
    expect(entra.lastForm()).toBe(formBefore);
    expect(entra.exchanges()).toBe(before);
    await expect(source().graphTokenFor(assertion, '../evil')).rejects.toMatchObject({ code: 'InvalidTenant' });
  });

  it("words its refusals in the language of the route's caller, Entra's own words inside", async () => {
    const assertion = await entra.userToken(randomUUID(), 'someone@example.test');
    const refusal = await source({ secret: 'wrong' })
      .graphTokenFor(assertion, entra.tenantId)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refusal).toBeInstanceOf(GraphRequestError);
    expect((refusal as GraphRequestError).messageIn('de-DE')).toBe(
      'Microsoft Entra ID hat ein Graph-Token in Ihrem Namen abgelehnt: invalid_client: AADSTS7000215: Invalid client secret provided.',
    );
    expect((refusal as GraphRequestError).messageIn('en-US')).toBe((refusal as GraphRequestError).message);
    const unset = await source({ secret: null })
      .graphTokenFor(assertion, entra.tenantId)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((unset as GraphRequestError).messageIn('de')).toBe(
      'Dieser Server hat keinen geheimen Clientschlüssel für Microsoft Entra ID (DATAHAVEN_ENTRA_CLIENT_SECRET) und kann daher kein Graph-Token in Ihrem Namen abrufen.',
    );
  });
});
