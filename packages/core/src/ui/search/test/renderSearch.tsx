import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { browserHost, memoryStorage, type StoragePort } from '../../../host';
import { DatahavenServicesProvider, createDatahavenServices, type DatahavenServices } from '../../app/DatahavenServices';
import { ToastProvider } from '../../app/useToast';
import { AlertArea } from '../../shell/AlertArea';
import { FakeResponse } from '../../test/FakeResponse';
import { testToken, type FakeRoute, type RecordedRequest } from '../../test/renderApp';
import { SearchScreen } from '../SearchScreen';

/** Shows where the app went, so tests can read the path and query the screen navigated to. */
function LocationProbe(): ReactElement {
  const location = useLocation();
  return <output aria-label="Current location">{location.pathname + location.search}</output>;
}

/** What renderSearch hands back. */
export interface RenderedSearch extends RenderResult {
  requests: RecordedRequest[];
  /** The abort signal of each request, in the same order as `requests`. */
  signals: (AbortSignal | null)[];
  services: DatahavenServices;
  local: StoragePort;
}

/**
 * Mounts the search pane at `path` (/search… or /portal/search…) with the shell's alert area over
 * fake web services keyed by "METHOD /api/path" — the same shape as renderApp, with the search
 * routes this test needs (the app's route table is owned elsewhere). A signal that aborts makes
 * the fake reject like fetch does, so superseded requests can be observed. `username` signs in
 * someone else over the same `local` storage (a user switch in one browser).
 */
export function renderSearch(
  path: string,
  routes: Record<string, FakeRoute>,
  local: StoragePort = memoryStorage(),
  username = 'clerk',
): RenderedSearch {
  const requests: RecordedRequest[] = [];
  const signals: (AbortSignal | null)[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request: RecordedRequest = { method, path: url.pathname, search: url.searchParams, body: undefined };
    requests.push(request);
    signals.push(init?.signal ?? null);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return FakeResponse.json({ statusCode: 404, exceptionType: 'NotFound', message: 'Not found' }, 404);
    const answer = await Promise.resolve(route(request));
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    if (answer instanceof FakeResponse) return answer;
    return FakeResponse.json(answer, 200);
  };
  const host = browserHost({
    token: testToken(username),
    search: () => '',
    storage: { local, session: memoryStorage() },
    fetch: fakeFetch,
  });
  const services = createDatahavenServices(host, { fetch: fakeFetch });
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <DatahavenServicesProvider host={host} services={services}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <AlertArea />
            <LocationProbe />
            <Routes>
              <Route path="/search" element={<SearchScreen />} />
              <Route path="/portal/search" element={<SearchScreen variant="popup" />} />
              <Route path="/viewer/:docId" element={<p>Viewer</p>} />
              <Route path="/folders" element={<p>Folders</p>} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return { ...result, requests, signals, services, local };
}
