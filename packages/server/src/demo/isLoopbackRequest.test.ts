import { isLoopbackRequest } from './isLoopbackRequest';

const from = (remoteAddress: string | undefined, headers: Record<string, string> = {}): boolean =>
  isLoopbackRequest({ headers, socket: { remoteAddress } });

describe('isLoopbackRequest', () => {
  it('accepts the loopback addresses of IPv4, IPv6 and IPv4-mapped IPv6', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(from(address)).toBe(true);
  });

  it('refuses every other peer, and an unknown one', () => {
    for (const address of ['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', '0.0.0.0', '::', '1127.0.0.1', undefined])
      expect(from(address)).toBe(false);
  });

  it('refuses a loopback peer that forwards someone else (a reverse proxy on this machine)', () => {
    expect(from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(false);
    expect(from('::1', { forwarded: 'for=203.0.113.9' })).toBe(false);
  });

  it('counts every header a proxy names its client by as proxied (second attack finding 3)', () => {
    for (const name of ['x-real-ip', 'x-client-ip', 'x-forwarded-host', 'cf-connecting-ip', 'true-client-ip', 'x-cluster-client-ip'])
      expect({ name, local: from('127.0.0.1', { [name]: '203.0.113.9' }) }).toEqual({ name, local: false });
  });
});
