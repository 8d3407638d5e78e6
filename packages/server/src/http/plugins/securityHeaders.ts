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

/** What the headers depend on. */
export interface SecurityHeadersOptions {
  /** Extra origins allowed to frame our pages (DATAHAVEN_FRAME_ANCESTORS). */
  frameAncestors: readonly string[];
  /** The configured public URL, read per response: an https one turns HSTS on. */
  publicUrl: () => string;
}

/** One year, the figure browsers' preload lists ask for; subdomains are left out: they may be other services. */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * nosniff everywhere; Strict-Transport-Security when the public URL is https (the TLS proxy in
 * front speaks https, so the browser must never try plain http again: docs/DEPLOYMENT.md); `/api` and `/odata` may never be framed; pages may be framed only by the
 * hosts and the configured on-premises ERP origins. A route's own CSP (file data: sandbox) is kept
 * and gets the frame-ancestors directive appended.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const pageAncestors = `frame-ancestors ${[...FRAME_ANCESTORS, ...options.frameAncestors].join(' ')}`;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (options.publicUrl().startsWith('https://')) reply.header('Strict-Transport-Security', HSTS_VALUE);
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const existing = reply.getHeader('content-security-policy');
    const ancestors = isApiPath(request.url) ? "frame-ancestors 'none'" : pageAncestors;
    reply.header('Content-Security-Policy', typeof existing === 'string' && existing !== '' ? `${existing}; ${ancestors}` : ancestors);
    return payload;
  });
}
