/** The primary language subtag of a BCP 47 tag, lower case: 'de' of 'de-DE', '' of ''. */
export function primaryLanguageOf(language: string): string {
  return (language.trim().toLowerCase().split(/[-_]/)[0] ?? '').trim();
}
