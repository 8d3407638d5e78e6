import { decodeBase64Url, decodeToken, encodeBase64Url, tokenMillisecondsLeft } from './token';

const payload = { username: 'clerk', expiration: '2030-01-01T10:00:00.000Z', passthroughResources: [] };
const tokenOf = (value: unknown): string => `${encodeBase64Url(JSON.stringify(value))}.c2lnbmF0dXJl`;

describe('decodeToken', () => {
  it('reads the payload of a valid two-part token', () => {
    expect(decodeToken(tokenOf(payload))).toEqual(payload);
  });

  it('keeps passthrough resources', () => {
    const withResources = { ...payload, passthroughResources: [{ scope: 'graph', url: 'https://graph.example' }] };
    expect(decodeToken(tokenOf(withResources))?.passthroughResources).toEqual(withResources.passthroughResources);
  });

  it('reads UTF-8 user names and base64url characters', () => {
    const name = { ...payload, username: 'Zoë ~?>>' };
    const token = tokenOf(name);
    expect(token).not.toMatch(/[+/=]/);
    expect(decodeToken(token)?.username).toBe('Zoë ~?>>');
  });

  it('accepts only exactly two non-empty parts', () => {
    const first = encodeBase64Url(JSON.stringify(payload));
    expect(decodeToken(first)).toBeNull();
    expect(decodeToken(`${first}.`)).toBeNull();
    expect(decodeToken(`.${first}`)).toBeNull();
    expect(decodeToken(`${first}.sig.extra`)).toBeNull();
    expect(decodeToken('')).toBeNull();
  });

  it('refuses bad base64 and non-JSON payloads', () => {
    expect(decodeToken('%%%.sig')).toBeNull();
    expect(decodeToken(`${encodeBase64Url('not json')}.sig`)).toBeNull();
    expect(decodeToken(`${encodeBase64Url('42')}.sig`)).toBeNull();
    expect(decodeToken(`${encodeBase64Url('null')}.sig`)).toBeNull();
  });

  it('refuses payloads with missing or wrong fields', () => {
    expect(decodeToken(tokenOf({ expiration: payload.expiration, passthroughResources: [] }))).toBeNull();
    expect(decodeToken(tokenOf({ username: 'clerk', passthroughResources: [] }))).toBeNull();
    expect(decodeToken(tokenOf({ username: 'clerk', expiration: payload.expiration }))).toBeNull();
    expect(decodeToken(tokenOf({ ...payload, expiration: 'tomorrow' }))).toBeNull();
    expect(decodeToken(tokenOf({ ...payload, username: 7 }))).toBeNull();
  });
});

describe('base64url helpers', () => {
  it('round-trip text and decode padded base64 too', () => {
    for (const text of ['', 'a', 'ab', 'abc', '{"x":"ÿ€"}']) expect(decodeBase64Url(encodeBase64Url(text))).toBe(text);
    expect(decodeBase64Url('YWI=')).toBe('ab');
  });
});

describe('tokenMillisecondsLeft', () => {
  it('is the time to expiry, negative once expired', () => {
    const expiry = Date.parse(payload.expiration);
    expect(tokenMillisecondsLeft(payload, expiry - 1500)).toBe(1500);
    expect(tokenMillisecondsLeft(payload, expiry + 10)).toBe(-10);
  });
});

describe('decodeBase64Url on bad input', () => {
  it('throws on invalid UTF-8 so decodeToken refuses it', () => {
    expect(() => decodeBase64Url(btoa('\xff\xfe'))).toThrow();
    expect(decodeToken(`${btoa('\xff\xfe')}.sig`)).toBeNull();
  });
});
