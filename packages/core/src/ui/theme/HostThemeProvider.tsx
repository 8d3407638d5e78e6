import { Fragment, useEffect, useRef, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import type { HostSignal } from '../../host';
import { SHOWN_LANGUAGE } from '../../locale/shownLanguage';
import { shownLanguageOf } from '../../locale/shownLanguageOf';
import { useServices } from '../app/DatahavenServices';
import { HOST_THEMES } from './hostThemes';

/** Subscribes a component to a host signal (theme, locale). */
export function useHostSignal<T>(signal: HostSignal<T>): T {
  return useSyncExternalStore(signal.onChange, signal.current, signal.current);
}

/**
 * Applies the host's Fluent theme and follows it live: a switch (Teams' theme change, the ERP
 * page's `PUT /theme`, the browser's colour scheme) restyles the app at once, without a reload.
 * The host's language picks the catalogue the screens read (English where none is written in
 * it), and `<html lang>` names that language — the one on screen, not the one asked for. A change
 * of language remounts the screens below (the services and their data stay), so every text is
 * read again in the new language.
 */
export function HostThemeProvider({ children }: { children: ReactNode }): ReactElement {
  const { capabilities } = useServices();
  const name = useHostSignal(capabilities.theme);
  const shown = shownLanguageOf(useHostSignal(capabilities.locale).language);
  // Set before the screens below render, so their first render reads the right catalogue.
  SHOWN_LANGUAGE.show(shown);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The document this app is rendered in, reached through its own element rather than a global.
    const html = root.current?.ownerDocument.documentElement;
    if (html) html.lang = shown;
  }, [shown]);
  return (
    <FluentProvider ref={root} theme={HOST_THEMES[name]} style={{ height: '100%' }} data-theme={name} lang={shown}>
      <Fragment key={shown}>{children}</Fragment>
    </FluentProvider>
  );
}
