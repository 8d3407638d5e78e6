/** The languages the catalogues are written in (primary subtags); English is the one every text has first. */
export type ShownLanguage = 'en' | 'de';

/** Every language the catalogues are written in, English (the fallback) first. */
export const SHOWN_LANGUAGES: readonly ShownLanguage[] = ['en', 'de'];

/**
 * The language the app shows for the host's language tag ('de-DE', 'de-AT', 'fr-FR'): its primary
 * subtag when a catalogue is written in it, English otherwise — so `<html lang>` can name what is
 * actually on screen rather than what the host asked for.
 */
export function shownLanguageOf(tag: string): ShownLanguage {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return SHOWN_LANGUAGES.find((language) => language === primary) ?? 'en';
}
