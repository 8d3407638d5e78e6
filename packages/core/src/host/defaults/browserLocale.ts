import type { HostLocale, HostSignal } from '../HostAdapter';

/** The locale used when nothing else is known (no window, no navigator language). */
export const FALLBACK_LOCALE: HostLocale = { language: 'en-US', region: 'en-US' };

/** The plain browser's locale: the navigator's language for texts and formats; live on 'languagechange'. */
export function browserLocale(win: Window | undefined): HostSignal<HostLocale> {
  // The same object while the language stays, so React's external-store reads see no change.
  let last: HostLocale = FALLBACK_LOCALE;
  const current = (): HostLocale => {
    const tag = win?.navigator.language;
    if (!tag) return FALLBACK_LOCALE;
    if (last.language !== tag) last = { language: tag, region: tag };
    return last;
  };
  return {
    current,
    onChange: (listener) => {
      if (!win) return () => undefined;
      const onChange = (): void => listener(current());
      win.addEventListener('languagechange', onChange);
      return () => win.removeEventListener('languagechange', onChange);
    },
  };
}
