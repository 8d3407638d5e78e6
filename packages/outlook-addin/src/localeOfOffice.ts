import type { HostLocale } from '@datahaven/core';

/** The user's locale from Outlook's display language (e.g. 'de-DE'); the browser's when Outlook gives none. */
export function localeOfOffice(displayLanguage: string | undefined, fallback: string): HostLocale {
  const tag = displayLanguage !== undefined && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(displayLanguage) ? displayLanguage : fallback;
  return { language: tag, region: tag };
}
