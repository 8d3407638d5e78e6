import type { SupportedLanguage } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { acceptedLanguage } from '../acceptedLanguage';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language the caller reads (Accept-Language, English as the fallback), read once as the
     * request arrives: error bodies and the notices a request causes are worded in it.
     */
    language: SupportedLanguage;
  }
}

/** Sets `request.language` from Accept-Language on every request, before any other hook can refuse it. */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = acceptedLanguage(request.headers['accept-language']);
  });
}
