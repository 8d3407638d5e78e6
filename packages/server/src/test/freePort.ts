import { createServer } from 'node:net';

/** A loopback port nobody listens on right now (the OS picks it; the caller binds it soon after). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address !== null && typeof address === 'object'
          ? resolvePort(address.port)
          : reject(new Error('The port probe has no TCP address.')),
      );
    });
  });
}
