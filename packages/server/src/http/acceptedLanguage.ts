import { SUPPORTED_LANGUAGES, primaryLanguageOf, type SupportedLanguage } from '@datahaven/core/rules';

/**
 * The language to answer in for an `Accept-Language` header (RFC 9110 §12.5.4): the first of its
 * ranges by weight (ties in the order sent) whose primary subtag the product speaks; English when
 * none is, when the header is missing, or for `*`. A range weighted q=0 is refused, not chosen.
 */
export function acceptedLanguage(header: string | readonly string[] | undefined): SupportedLanguage {
  const value = typeof header === 'string' ? header : (header ?? []).join(',');
  const ranges = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find((m) => m !== null);
      const weight = q === undefined || q === null ? 1 : Number(q[1]);
      return { language: primaryLanguageOf(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.language !== '' && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    const supported = SUPPORTED_LANGUAGES.find((language) => language === range.language);
    if (supported !== undefined) return supported;
  }
  return SUPPORTED_LANGUAGES[0];
}
