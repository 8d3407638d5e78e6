import type { FastifyRequest } from 'fastify';
import { acceptedLanguage } from '../http/acceptedLanguage';

/**
 * The language a demo host page is shown in: the host's locale as the page's address names it
 * (`?language=de-DE`, as the Outlook simulator's own switch writes it; `?locale=de-DE`, as the ERP
 * demo page hands the session's locale to the app; `ui_locales` on the Entra sign-in page), else the browser's Accept-Language; English for any the product does not speak.
 */
export function demoPageLanguage(request: FastifyRequest): 'en' | 'de' {
  const query = (typeof request.query === 'object' && request.query !== null ? request.query : {}) as Record<string, unknown>;
  const named = [query.language, query.locale, query.ui_locales].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return acceptedLanguage(named ?? request.headers['accept-language']);
}
