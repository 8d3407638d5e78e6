import type { IncomingHttpHeaders } from 'node:http';

/** The parts of a request (Fastify's or Node's) the check reads. */
export interface PeerOfRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The headers by which some proxy names the client it forwards for (standard Forwarded, the
 * X-Forwarded-* family, nginx's X-Real-IP, Apache's and others' X-Client-IP, Cloudflare's,
 * Akamai's and a cluster ingress's): any one of them means a proxy stands between.
 */
export const PROXY_HEADERS: readonly string[] = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-real-ip',
  'x-client-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'x-cluster-client-ip',
];

/**
 * True when the request comes from this machine: the TCP peer is a loopback address and no
 * proxy forwarded it (a reverse proxy on the same machine connects from loopback on behalf of
 * anyone, so any header a proxy names its client by counts as "not local": second attack finding 3).
 */
export function isLoopbackRequest(request: PeerOfRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}
