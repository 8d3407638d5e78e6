import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
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
 */
export function HostThemeProvider({ children }: { children: ReactNode }): ReactElement {
  const name = useHostSignal(useServices().capabilities.theme);
  return (
    <FluentProvider theme={HOST_THEMES[name]} style={{ height: '100%' }} data-theme={name}>
      {children}
    </FluentProvider>
  );
}
