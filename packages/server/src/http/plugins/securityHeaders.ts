import type { FastifyInstance } from 'fastify';

/** Origins that may frame our pages (HOSTS.md "Framing and CSP"). */
export const FRAME_ANCESTORS: readonly string[] = [
  "'self'",
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
  'https://*.cloud.microsoft',
  'https://*.microsoft365.com',
  'https://*.office.com',
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://businesscentral.dynamics.com',
];

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url === '/odata' || url.startsWith('/odata/');
}

/**
 * nosniff everywhere; `/api` and `/odata` may never be framed; pages may be framed only by the
 * hosts and the configured on-premises ERP origins. A route's own CSP (file data: sandbox) is kept
 * and gets the frame-ancestors directive appended.
 */
export function registerSecurityHeaders(app: FastifyInstance, extraFrameAncestors: readonly string[]): void {
  const pageAncestors = `frame-ancestors ${[...FRAME_ANCESTORS, ...extraFrameAncestors].join(' ')}`;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const existing = reply.getHeader('content-security-policy');
    const ancestors = isApiPath(request.url) ? "frame-ancestors 'none'" : pageAncestors;
    reply.header('Content-Security-Policy', typeof existing === 'string' && existing !== '' ? `${existing}; ${ancestors}` : ancestors);
    return payload;
  });
}
