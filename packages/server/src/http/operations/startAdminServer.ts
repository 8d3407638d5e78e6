import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerMetrics } from './ServerMetrics';

/** The operations port, listening. */
export interface AdminServer {
  /** The port it listens on (the configured one, or the one given for port 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The operations port (DATAHAVEN_ADMIN_PORT): GET /metrics in Prometheus's text format and
 * nothing else, on its own listener so it is never reachable through the public port or its
 * reverse proxy, bound to 127.0.0.1 unless DATAHAVEN_ADMIN_HOST says otherwise. A plain Node
 * server, not Fastify: no route, log or hook of the app applies to it, and its requests are not
 * counted among the app's.
 */
export async function startAdminServer(metrics: ServerMetrics, host: string, port: number): Promise<AdminServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the operations port serves GET /metrics.\n');
      return;
    }
    metrics.render().then(
      (text) => {
        response
          .writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
