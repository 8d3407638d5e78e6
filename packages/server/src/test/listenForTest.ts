import type { FastifyInstance } from 'fastify';

/** Makes a built app listen on a free loopback port and answers its base URL, `http://127.0.0.1:{port}`. */
export async function listenForTest(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}
