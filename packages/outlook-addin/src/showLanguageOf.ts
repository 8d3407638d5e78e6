import { SHOWN_LANGUAGE, shownLanguageOf, type ShownLanguage } from '@datahaven/core';

/**
 * Shows the texts in the language of `tag` (Outlook's displayLanguage 'de-DE', the browser's 'en-US'): the catalogues
 * read it from the next text on, and `<html lang>` names the language actually on screen (English
 * where no catalogue is written in the asked one), as the core's theme provider does once the pane's app mounts.
 */
export function showLanguageOf(win: Window, tag: string | undefined): ShownLanguage {
  const shown = shownLanguageOf(tag ?? '');
  SHOWN_LANGUAGE.show(shown);
  win.document.documentElement.lang = shown;
  return shown;
}
