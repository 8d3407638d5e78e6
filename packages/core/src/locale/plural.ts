/** A text per CLDR plural category; `other` is the one every language has. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * Picks the form for a count by the plural rules of the catalogue's language: English has
 * 'one' and 'other', other languages more (Polish 'few'/'many', Arabic 'zero'/'two'), so a
 * translated catalogue passes its own language and forms instead of gluing on an 's'.
 */
export function pluralFor(language: string): (count: number, forms: PluralForms) => string {
  const rules = new Intl.PluralRules(language);
  return (count, forms) => forms[rules.select(count)] ?? forms.other;
}
