import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../HttpError';

/** The text pages answer with when the web bundles were not built. */
export const WEB_NOT_BUILT_MESSAGE = 'Datahaven Documents: the web bundles are missing. Run npm run build:web';

type Page = 'erp.html' | 'teams.html' | 'outlook.html';

function isServicePath(url: string): boolean {
  return /^\/(api|odata)(\/|\?|$)/.test(url);
}

/**
 * Serves dist/web: `/assets/*` and `/pdfjs/*` as static files with a long cache; `/teams/*` and
 * `/integration/teams/configure` → teams.html; `/outlook/*` → outlook.html; any other GET that is
 * not `/api` or `/odata` → erp.html (history-mode SPA). Without dist/web pages answer 503.
 */
export async function registerWebHosting(app: FastifyInstance, webDir: string): Promise<void> {
  const sendPage = (page: Page) => async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(join(webDir, page))) {
      return reply.status(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_MESSAGE);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile(page, webDir, { cacheControl: false });
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

  const teams = sendPage('teams.html');
  const outlook = sendPage('outlook.html');
  const erp = sendPage('erp.html');
  app.get('/teams', teams);
  app.get('/teams/*', teams);
  app.get('/integration/teams/configure', teams);
  app.get('/outlook', outlook);
  app.get('/outlook/*', outlook);
  app.get('/', erp);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound('Not found.');
    if (isServicePath(request.url)) throw notFound('Not found.');
    if (/^\/(assets|pdfjs)\//.test(request.url)) throw notFound('Not found.');
    // With the demo off its routes do not exist: no app page stands in for them either.
    if (/^\/demo(\/|\?|$)/.test(request.url)) throw notFound('Not found.');
    return erp(request, reply);
  });
}
