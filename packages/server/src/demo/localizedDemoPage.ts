import { DEMO_PAGE_TEXT_DE } from './demoPageTextDe';

/** An element's whole text, between its tags (leading and trailing white space kept). */
const ELEMENT_TEXT = />(\s*)([^<>]*?\S)(\s*)</g;
/** The attributes that carry words a person reads or hears (names, not values of controls). */
const WORD_ATTRIBUTE = /\b(aria-label|title)="([^"]*)"/g;

/**
 * A demo host page in `language` ('de' or 'en'): for German, `<html lang="de">` and each whole
 * text of an element or of an aria-label / title attribute that DEMO_PAGE_TEXT_DE words in German
 * (the pages' own words; the user names and values filled in stay as they are). English as it is.
 */
export function localizedDemoPage(html: string, language: string): string {
  if (language !== 'de') return html;
  return html
    .replace(/<html lang="en">/, '<html lang="de">')
    .replace(ELEMENT_TEXT, (whole, before: string, text: string, after: string) => {
      const german = DEMO_PAGE_TEXT_DE[text];
      return german === undefined ? whole : `>${before}${german}${after}<`;
    })
    .replace(WORD_ATTRIBUTE, (whole, name: string, text: string) => {
      const german = DEMO_PAGE_TEXT_DE[text];
      return german === undefined ? whole : `${name}="${german}"`;
    });
}
