import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { browserHost, memoryStorage } from '../../host';
import { DatahavenServicesProvider, createDatahavenServices, type DatahavenServices } from '../app/DatahavenServices';
import { ToastProvider } from '../app/useToast';
import { fakeApiFetch, testToken, type FakeRoute, type RecordedRequest } from './renderApp';

/** What renderRoute hands back: the testing-library result, the recorded requests and the services. */
export interface RenderedRoute extends RenderResult {
  requests: RecordedRequest[];
  services: DatahavenServices;
}

/** Shows where the app went, for screens that navigate away (Cancel, success). */
function WhereNow(): ReactElement {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Mounts one screen at `path` under the route `pattern`, with the app's providers over fake web
 * services (`routes` keyed by "METHOD /api/path", as renderApp takes them). The workflow screens
 * are wired into DatahavenApp by another part of the app; this mounts them on their own so their
 * tests do not depend on that wiring. Any other path shows the location (`data-testid=location`).
 */
export function renderRoute(path: string, pattern: string, element: ReactElement, routes: Record<string, FakeRoute>): RenderedRoute {
  window.history.replaceState(null, '', path);
  const requests: RecordedRequest[] = [];
  const fakeFetch = fakeApiFetch(routes, requests);
  const host = browserHost({
    token: testToken(),
    search: () => '',
    storage: { local: memoryStorage(), session: memoryStorage() },
    fetch: fakeFetch,
  });
  const services = createDatahavenServices(host, { fetch: fakeFetch });
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <DatahavenServicesProvider host={host} services={services}>
        <ToastProvider>
          <BrowserRouter>
            <Routes>
              <Route path={pattern} element={element} />
              <Route path="*" element={<WhereNow />} />
            </Routes>
          </BrowserRouter>
        </ToastProvider>
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return { ...result, requests, services };
}
