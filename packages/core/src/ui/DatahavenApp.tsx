import { lazy, Suspense, type ReactElement } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FluentProvider, Spinner, webLightTheme, type Theme } from '@fluentui/react-components';
import type { HostAdapter } from '../host';
import { DatahavenServicesProvider, type DatahavenServices } from './app/DatahavenServices';
import { ToastProvider } from './app/useToast';
import { LastRouteRecorder } from './routing/LastRouteRecorder';
import { RootScreen } from './routing/RootScreen';
import { AppErrorBoundary } from './shell/AppErrorBoundary';
import { NotFoundScreen } from './shell/NotFoundScreen';
import { Shell } from './shell/Shell';
import { UnhandledErrorLogger } from './shell/UnhandledErrorLogger';

const FoldersScreen = lazy(() => import(/* webpackChunkName: "folders" */ './folders/FoldersScreen').then((m) => ({ default: m.FoldersScreen })));
const ViewerScreen = lazy(() => import(/* webpackChunkName: "viewer" */ './viewer/ViewerScreen').then((m) => ({ default: m.ViewerScreen })));
const NotesScreen = lazy(() => import(/* webpackChunkName: "notes" */ './notes/NotesScreen').then((m) => ({ default: m.NotesScreen })));

/** Props of DatahavenApp. */
export interface DatahavenAppProps {
  /** What embeds the app: context, tokens, parent messages, storage. */
  host: HostAdapter;
  /** Base path the app is served under ('/' by default). */
  basename?: string;
  /** Fluent theme (hosts follow their own theme); web light by default. */
  theme?: Theme;
  /** Ready-made services, for tests. */
  services?: DatahavenServices;
}

/** The whole product UI for one host: providers, history-mode routes with lazy screens, and the shell. */
export function DatahavenApp({ host, basename, theme, services }: DatahavenAppProps): ReactElement {
  return (
    <FluentProvider theme={theme ?? webLightTheme} style={{ height: '100%' }}>
      <DatahavenServicesProvider host={host} services={services}>
        <ToastProvider>
          <BrowserRouter basename={basename}>
            <UnhandledErrorLogger />
            <LastRouteRecorder />
            <Shell>
              <AppErrorBoundary>
                <Suspense fallback={<Spinner label="Loading…" style={{ marginTop: 32 }} />}>
                  <Routes>
                    <Route path="/" element={<RootScreen />} />
                    <Route path="/folders" element={<FoldersScreen />} />
                    <Route path="/folders/:prefix" element={<FoldersScreen />} />
                    <Route path="/viewer/:docId" element={<ViewerScreen />} />
                    <Route path="/notes/:docId" element={<NotesScreen />} />
                    <Route path="*" element={<NotFoundScreen />} />
                  </Routes>
                </Suspense>
              </AppErrorBoundary>
            </Shell>
          </BrowserRouter>
        </ToastProvider>
      </DatahavenServicesProvider>
    </FluentProvider>
  );
}
