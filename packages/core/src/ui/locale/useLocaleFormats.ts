import { useMemo } from 'react';
import { useServices } from '../app/DatahavenServices';
import { useHostSignal } from '../theme/HostThemeProvider';
import { createLocaleFormats, type LocaleFormats } from './localeFormats';

/** The host's locale, live, as formats for dates, numbers, sizes and date entry. */
export function useLocaleFormats(): LocaleFormats {
  const locale = useHostSignal(useServices().capabilities.locale);
  return useMemo(() => createLocaleFormats(locale), [locale]);
}
