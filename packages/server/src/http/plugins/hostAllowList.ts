import type { FastifyInstance } from 'fastify';

/** The loopback names a browser on this machine reaches the server by. */
const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** What the Host allow-list admits besides the loopback names. */
export interface HostAllowListOptions {
  /** The configured public URL (DATAHAVEN_PUBLIC_URL), read on every request: a demo or test server settles it once it listens. */
  publicUrl: () => string;
  /** More `host[:port]` names a reverse proxy may pass on (DATAHAVEN_ALLOWED_HOSTS). */
  extraHosts: readonly string[];
  /** The configured port (DATAHAVEN_PORT); the port the server actually listens on is added once known. */
  port: number;
}

/** The words of a refused Host: the name itself is not echoed (it is the attacker's text). */
export const MISDIRECTED_HOST_MESSAGE =
  'This server does not answer to the host name the request was sent to: reach it at its public URL (DATAHAVEN_PUBLIC_URL), or add the name to DATAHAVEN_ALLOWED_HOSTS.';

/** `host:port` in lower case, with the scheme's default port where the text names none; null when it is not a host. */
export function normalizedHost(text: string, defaultPort: number): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(text.trim());
  if (match === null) return null;
  const [, name = '', port] = match;
  return `${name.toLowerCase().replace(/\.$/, '')}:${port ?? String(defaultPort)}`;
}

/** The `host:port` of a URL, its default port filled in. */
function hostOfUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return normalizedHost(parsed.host, parsed.protocol === 'https:' ? 443 : 80);
  } catch {
    return null;
  }
}

/** The loopback `host:port` names for `port`. */
export function loopbackHosts(port: number): string[] {
  return LOOPBACK_NAMES.map((name) => `${name}:${port}`);
}

/**
 * Whether a request's Host header names this server: its public URL's host, a name on
 * DATAHAVEN_ALLOWED_HOSTS, or localhost / 127.0.0.1 / [::1] with a port the server is configured
 * for or listens on. A Host header the attacker controls (DNS rebinding) therefore never reaches
 * the app or the demo, and no link is built from one (second attack, finding 3).
 */
export function isAllowedHost(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (header === undefined) return false;
  // A request without a port in its Host came to the scheme's default port (a TLS proxy's 443 or plain 80).
  const candidates = [normalizedHost(header, 80), normalizedHost(header, 443)];
  return candidates.some((host) => host !== null && allowed.has(host));
}

/** The load balancer's probes (http/operations/registerHealthRoutes): answered whatever the Host, since they carry no data. */
const HEALTH_PATHS = new Set(['/health/live', '/health/ready']);

/**
 * Refuses every request whose Host header is not on the allow-list with 421 Misdirected Request
 * in words, before authentication or any route (the demo's routes included; the health probes
 * excepted). Registered first.
 */
export function registerHostAllowList(app: FastifyInstance, options: HostAllowListOptions): void {
  const allowedNow = (): Set<string> => {
    const address = app.server.address();
    const ports = new Set([options.port]);
    if (address !== null && typeof address !== 'string') ports.add(address.port);
    const hosts = [...ports].flatMap(loopbackHosts);
    const publicHost = hostOfUrl(options.publicUrl());
    if (publicHost !== null) hosts.push(publicHost);
    // A name without a port is allowed on both default ports; with one, both spellings are the same.
    for (const extra of options.extraHosts)
      hosts.push(...[normalizedHost(extra, 80), normalizedHost(extra, 443)].filter((h) => h !== null));
    return new Set(hosts);
  };
  app.addHook('onRequest', async (request, reply) => {
    // A load balancer probes by the instance's address, not the public name; the probes answer no data.
    if (HEALTH_PATHS.has(request.url)) return;
    if (isAllowedHost(request.headers.host, allowedNow())) return;
    return reply
      .status(421)
      .header('Cache-Control', 'no-store')
      .send({ statusCode: 421, exceptionType: 'ValidationError', message: MISDIRECTED_HOST_MESSAGE });
  });
}
