import { useEffect, useRef, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import type { HostSignal } from '../../host';
import { useServices } from '../app/DatahavenServices';
import { HOST_THEMES } from './hostThemes';

/** Subscribes a component to a host signal (theme, locale). */
export function useHostSignal<T>(signal: HostSignal<T>): T {
  return useSyncExternalStore(signal.onChange, signal.current, signal.current);
}

/**
 * Applies the host's Fluent theme and follows it live: a switch (Teams' theme change, the ERP
 * page's `PUT /theme`, the browser's colour scheme) restyles the app at once, without a reload.
 * The page's `<html lang>` follows the host's language the same way.
 */
export function HostThemeProvider({ children }: { children: ReactNode }): ReactElement {
  const { capabilities } = useServices();
  const name = useHostSignal(capabilities.theme);
  const { language } = useHostSignal(capabilities.locale);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The document this app is rendered in, reached through its own element rather than a global.
    const html = root.current?.ownerDocument.documentElement;
    if (html) html.lang = language;
  }, [language]);
  return (
    <FluentProvider ref={root} theme={HOST_THEMES[name]} style={{ height: '100%' }} data-theme={name} lang={language}>
      {children}
    </FluentProvider>
  );
}
