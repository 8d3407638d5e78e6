import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClient, ApiError, TokenManager, apiServices, type ApiServices, type XhrFactory } from '../../api';
import { MESSAGES } from '../../locale/messages';
import { resolveHostCapabilities, type HostAdapter, type HostCapabilities } from '../../host';
import {
  createDocumentExport,
  createDocumentUpload,
  createLiveUpdates,
  createWorkflowActions,
  type LiveUpdates,
  type DocumentExport,
  type DocumentUpload,
  type WorkflowActions,
} from '../../services';
import {
  AlertStore,
  LastRouteStore,
  LiveUpdatesStore,
  LoadingCounter,
  NoticeChannel,
  SelectionStore,
  UploadQueue,
  type Store,
} from '../../state';

/** Everything one mounted app shares: the host and its capabilities, the web services, the state stores and the flows over them. */
export interface DatahavenServices {
  host: HostAdapter;
  /** The host's capabilities with the plain-browser defaults filled in: the only way the screens reach the browser. */
  capabilities: HostCapabilities;
  documentExport: DocumentExport;
  documentUpload: DocumentUpload;
  /** Approve, reject, route, locks and submit, with their invalidations and notices: every screen that acts runs them here. */
  workflowActions: WorkflowActions;
  /** The server-state cache of this mount (TanStack Query): one per provider scope, never shared between mounts. */
  queryClient: QueryClient;
  api: ApiServices;
  tokens: TokenManager;
  loading: LoadingCounter;
  selection: SelectionStore;
  uploads: UploadQueue;
  lastRoute: LastRouteStore;
  alerts: AlertStore;
  /** Toasts given outside React (the services' notices); the app's toaster shows them. */
  notices: NoticeChannel;
  /** The stream of changes (GET /events) while the mount lives, if turned on; its state is `live`. */
  liveUpdates: LiveUpdates;
  /** Whether the stream is up, and the documents others just acted on. */
  live: LiveUpdatesStore;
}

const ServicesContext = createContext<DatahavenServices | null>(null);

/** Options of createDatahavenServices. */
export interface DatahavenServicesOptions {
  /** fetch for the web services (tests); the global one by default. */
  fetch?: typeof fetch;
  /** XMLHttpRequest factory for uploads (tests); the browser's by default. */
  createXhr?: XhrFactory;
  /**
   * Keep GET /events open while mounted (live updates). Off unless asked: the hosts ask (the
   * provider's own services, Teams' startTeams); tests whose fake web services record every
   * request leave it off.
   */
  liveUpdates?: boolean;
}

/** Creates the services of one mount; two mounts never share a store (no module singletons). */
export function createDatahavenServices(host: HostAdapter, options: DatahavenServicesOptions = {}): DatahavenServices {
  const alerts = new AlertStore();
  const tokens = new TokenManager(host, { onRefreshError: (error) => alerts.report(error) });
  const client = new ApiClient({ tokens, fetch: options.fetch, createXhr: options.createXhr });
  const api = apiServices(client);
  const capabilities = resolveHostCapabilities(host);
  const uploads = new UploadQueue();
  const queryClient = createQueryClient(alerts);
  const loading = new LoadingCounter();
  const notices = new NoticeChannel();
  const live = new LiveUpdatesStore();
  const liveUpdates =
    options.liveUpdates === true ? createLiveUpdates({ api, queryClient, store: live }) : { start: () => undefined, stop: () => undefined };
  return {
    queryClient,
    host,
    capabilities,
    documentExport: createDocumentExport(api, capabilities),
    documentUpload: createDocumentUpload(api, uploads, host),
    workflowActions: createWorkflowActions({ api, queryClient, loading, notices, alerts }),
    api,
    tokens,
    loading,
    selection: new SelectionStore(),
    uploads,
    lastRoute: new LastRouteStore(host.storage.session),
    alerts,
    notices,
    liveUpdates,
    live,
  };
}

/** Marks a query whose background reloads fail quietly into the log (the workflow watch, spec §8), keeping the old data. */
export const WATCH_QUERY_META = { failedReload: MESSAGES.failedReloadingWorkflowDocuments } as const;

/**
 * The mount's QueryClient. The ApiClient already retries a 401 once with a fresh token and turns
 * failures into ApiErrors with the spec's wording, so the cache does not retry or refetch on
 * focus by itself. Every failure reaches the alert area once, here; a query marked with
 * WATCH_QUERY_META that already has data logs its failed reload instead, as the spec says.
 */
function createQueryClient(alerts: AlertStore): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if ((error instanceof ApiError && error.kind === 'aborted') || query.meta?.quiet === true) return;
        const failedReload = query.meta?.failedReload;
        if (typeof failedReload === 'string' && query.state.data !== undefined) console.error(failedReload, error);
        else alerts.report(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** Props of DatahavenServicesProvider. */
export interface DatahavenServicesProviderProps {
  host: HostAdapter;
  /** Ready-made services (tests); created from the host otherwise. */
  services?: DatahavenServices;
  children: ReactNode;
}

/** Provides the per-mount services and keeps the token fresh while mounted. */
export function DatahavenServicesProvider({ host, services, children }: DatahavenServicesProviderProps): ReactElement {
  const value = useMemo(() => services ?? createDatahavenServices(host, { liveUpdates: true }), [host, services]);
  useEffect(() => {
    value.tokens.start();
    value.liveUpdates.start();
    return () => {
      value.liveUpdates.stop();
      value.tokens.stop();
      value.uploads.cancelAll();
      value.queryClient.clear();
    };
  }, [value]);
  return (
    <ServicesContext.Provider value={value}>
      <QueryClientProvider client={value.queryClient}>{children}</QueryClientProvider>
    </ServicesContext.Provider>
  );
}

/** The services of the surrounding DatahavenApp. */
export function useServices(): DatahavenServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a DatahavenServicesProvider above it.');
  return services;
}

/** Subscribes a component to one of the core's stores. */
export function useStore<S>(store: Store<S>): S {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
