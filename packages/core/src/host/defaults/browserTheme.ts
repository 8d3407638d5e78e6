import type { HostSignal, HostThemeName } from '../HostAdapter';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The plain browser's theme: web dark while the system prefers a dark colour scheme, else web light; live. */
export function browserTheme(win: Window | undefined): HostSignal<HostThemeName> {
  const query = win?.matchMedia ? win.matchMedia(DARK_QUERY) : null;
  const current = (): HostThemeName => (query?.matches ? 'webDark' : 'webLight');
  return {
    current,
    onChange: (listener) => {
      if (!query) return () => undefined;
      const onChange = (): void => listener(current());
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
  };
}
