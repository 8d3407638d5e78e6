import type { ShownLanguage } from './shownLanguageOf';

let shown: ShownLanguage = 'en';

/**
 * The language on screen now, one per page: the catalogues (UI_TEXT, the client's MESSAGES) read
 * it on every access and the API client sends it as Accept-Language. The app's theme provider
 * sets it from the host's locale before it renders the screens, and remounts them when it changes.
 */
export const SHOWN_LANGUAGE = {
  /** The language the texts are read in now. */
  current(): ShownLanguage {
    return shown;
  },
  /** Shows `language` from the next text read on. */
  show(language: ShownLanguage): void {
    shown = language;
  },
};
