/** The languages the product speaks, by primary subtag; the first is the fallback (the spec's English). */
export const SUPPORTED_LANGUAGES = ['en', 'de'] as const;

/** One of SUPPORTED_LANGUAGES. */
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
