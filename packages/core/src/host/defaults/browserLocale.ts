import type { HostLocale, HostSignal } from '../HostAdapter';

/** The locale used when nothing else is known (no window, no navigator language). */
export const FALLBACK_LOCALE: HostLocale = { language: 'en-US', region: 'en-US' };

/** The plain browser's locale: the navigator's language for texts and formats; live on 'languagechange'. */
export function browserLocale(win: Window | undefined): HostSignal<HostLocale> {
  const current = (): HostLocale => {
    const tag = win?.navigator.language;
    return tag ? { language: tag, region: tag } : FALLBACK_LOCALE;
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
