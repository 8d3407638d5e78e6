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
 * True when the request comes from this machine: the TCP peer is a loopback address and no
 * proxy forwarded it (a reverse proxy on the same machine connects from loopback on behalf of
 * anyone, so a Forwarded / X-Forwarded-For header counts as "not local").
 */
export function isLoopbackRequest(request: PeerOfRequest): boolean {
  if (request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}
