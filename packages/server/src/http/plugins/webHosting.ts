import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../HttpError';

/** The text pages answer with when the web bundles were not built. */
export const WEB_NOT_BUILT_MESSAGE = 'Datahaven Documents: the web bundles are missing. Run npm run build:web';

type Page = 'erp.html' | 'teams.html';

/**
 * The app pages' CSP (SECURITY.md rows 1, 3): scripts only from our origin — the bundles and
 * pdf.js's worker — and WebAssembly compiled from there ('wasm-unsafe-eval': pdf.js decodes
 * JPEG 2000 and colour profiles in wasm), never inline or eval'd script. Styles may be inline
 * (Fluent's CSS-in-JS inserts style elements; the page template sets the root's height); images
 * and frames may be blob: and data: URLs (page renders, print). The security-headers plugin
 * appends frame-ancestors.
 */
export const APP_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The Teams pages' CSP: the app pages' one, plus Microsoft's CDN for connections — TeamsJS fetches
 * its list of valid host origins from there as it loads (HOSTS.md; it falls back to its bundled
 * list when it cannot), and a refused fetch would be a CSP error on every Teams page.
 */
export const TEAMS_PAGE_CSP = APP_PAGE_CSP.replace("connect-src 'self'", "connect-src 'self' https://res.cdn.office.net");

function isServicePath(url: string): boolean {
  return /^\/(api|odata)(\/|\?|$)/.test(url);
}

/**
 * Serves dist/web: `/assets/*` and `/pdfjs/*` as static files with a long cache; `/teams/*` and
 * `/integration/teams/configure` → teams.html; any other GET that is not `/api` or `/odata` (or
 * `/outlook/*`, the pane's own hosting in outlookPaneHosting) → erp.html (history-mode SPA). Without dist/web pages answer 503.
 */
export async function registerWebHosting(app: FastifyInstance, webDir: string): Promise<void> {
  const sendPage =
    (page: Page, csp: string = APP_PAGE_CSP) =>
    async (_request: FastifyRequest, reply: FastifyReply) => {
      if (!existsSync(join(webDir, page))) {
        return reply.status(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_MESSAGE);
      }
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', csp)
        .sendFile(page, webDir, { cacheControl: false });
    };

  await app.register(fastifyStatic, {
    root: webDir,
    serve: false,
    decorateReply: true,
  });
  for (const prefix of ['assets', 'pdfjs']) {
    await app.register(fastifyStatic, {
      root: join(webDir, prefix),
      prefix: `/${prefix}/`,
      decorateReply: false,
      maxAge: '365d',
      immutable: prefix === 'assets',
      index: false,
      wildcard: true,
    });
  }

  // No Cross-Origin-Opener-Policy on these pages (HOSTS.md): MSAL 5's popup and redirect-bridge flows need the opener.
  const teams = sendPage('teams.html', TEAMS_PAGE_CSP);
  const erp = sendPage('erp.html');
  app.get('/teams', teams);
  app.get('/teams/*', teams);
  app.get('/integration/teams/configure', teams);
  app.get('/', erp);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound('Not found.');
    if (isServicePath(request.url)) throw notFound('Not found.');
    if (/^\/(assets|pdfjs|office-js)\//.test(request.url)) throw notFound('Not found.');
    // With the demo off its routes do not exist: no app page stands in for them either.
    if (/^\/demo(\/|\?|$)/.test(request.url)) throw notFound('Not found.');
    return erp(request, reply);
  });
}
