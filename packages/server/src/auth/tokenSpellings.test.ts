import { createUser, unique } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The other spellings of an unpadded base64url text that decode to the same bytes: its last character with other trailing bits. */
function otherSpellings(part: string): string[] {
  const unusedBits = (part.length * 6) % 8;
  const last = ALPHABET.indexOf(part[part.length - 1] ?? '');
  const spellings: string[] = [];
  for (let low = 0; low < 1 << unusedBits; low += 1) {
    const index = (last & ~((1 << unusedBits) - 1)) | low;
    if (index !== last) spellings.push(part.slice(0, -1) + ALPHABET[index]);
  }
  return spellings;
}

describeOnEachDatabase('product tokens in one spelling only (second attack finding 8)', (server) => {
  it('accepts the canonical base64url token and refuses its other spellings (trailing bits, padding) with 401', async () => {
    const user = await createUser(server(), unique('spell'));
    const token = server().tokenFor(user.username);
    const [payload, signature] = token.split('.') as [string, string];
    const call = (text: string): Promise<number> =>
      server()
        .inject({ url: '/api/options', headers: { authorization: `Bearer ${text}` } })
        .then((response) => response.statusCode);
    expect(await call(token)).toBe(200);
    const variants = otherSpellings(signature);
    // 32 HMAC bytes in 43 characters leave two spare bits: three more spellings decode to the same signature.
    expect(variants).toHaveLength(3);
    for (const variant of variants) {
      expect(Buffer.from(variant, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
      expect(await call(`${payload}.${variant}`)).toBe(401);
    }
    expect(await call(`${payload}.${signature}=`)).toBe(401);
    expect(await call(`${payload}=.${signature}`)).toBe(401);
  });
});
