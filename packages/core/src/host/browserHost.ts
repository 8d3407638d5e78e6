import { BUILD, decodeToken, type ClientType, type UploadNotice } from '../model';
// The spec's texts in the language shown (locale/ is data every core layer may read): a refused sign-in reads as the screens do.
import { MESSAGES } from '../locale/messages';
import { contextFromQuery } from './contextFromQuery';
import type { HostAdapter, HostContext, TokenRequest } from './HostAdapter';
import type { StoragePort } from './StoragePort';
import { webStorage } from './webStorage';

/** Options of the plain-browser host. */
export interface BrowserHostOptions {
  /** A token to start with (e.g. handed over by a sign-in page or a test). */
  token?: string;
  /** Web-services base path; '/api' by default. */
  apiBaseUrl?: string;
  /** The query string to read the context from; `window.location.search` by default. */
  search?: () => string;
  /** Prefix joined to a `typename` query parameter; the build's integration ('bc') by default. */
  typeNamePrefix?: string;
  clientType?: ClientType;
  fetch?: typeof fetch;
  storage?: { local: StoragePort; session: StoragePort };
  /** The window to listen to; the global one by default. The capabilities use their plain-browser defaults. */
  window?: Window;
}

/**
 * The host used by the portal and tests when nothing embeds us: context from the URL query
 * (portal spec §2), tokens refreshed through `GET /api/token/user?type=refresh` with the current
 * bearer, no parent to notify.
 */
export function browserHost(options: BrowserHostOptions = {}): HostAdapter {
  const win: Window | undefined = options.window ?? (typeof window === 'undefined' ? undefined : window);
  const apiBase = (options.apiBaseUrl ?? BUILD.apiBasePath).replace(/\/+$/, '');
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const search = options.search ?? (() => win?.location.search ?? '');
  let token: string | null = options.token ?? null;
  let refreshing: Promise<string> | null = null;
  const tokenListeners = new Set<(token: string) => void>();

  const refresh = async (): Promise<string> => {
    if (token === null) throw new Error(MESSAGES.badAuthenticationToken);
    const response = await fetchFn(`${apiBase}/token/user?type=refresh`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/plain' },
    });
    if (!response.ok) {
      // Spec §8: a 401 or 403 on re-authentication clears the stored auth.
      if (response.status === 401 || response.status === 403) token = null;
      throw new Error(MESSAGES.badAuthenticationToken);
    }
    const fresh = (await response.text()).trim();
    if (decodeToken(fresh) === null) throw new Error(MESSAGES.badAuthenticationToken);
    token = fresh;
    return fresh;
  };

  return {
    getContext: (): Promise<HostContext> => {
      const record = contextFromQuery(search(), { typeNamePrefix: options.typeNamePrefix });
      if (options.clientType) record.clientType = options.clientType;
      return Promise.resolve({ record });
    },
    getToken: ({ forceRefresh }: TokenRequest): Promise<string> => {
      if (!forceRefresh && token !== null) return Promise.resolve(token);
      if (refreshing === null) {
        refreshing = refresh().finally(() => {
          refreshing = null;
        });
      }
      return refreshing;
    },
    onContextChanged: (listener) => {
      if (!win) return () => undefined;
      const onPopState = (): void => listener();
      win.addEventListener('popstate', onPopState);
      return () => win.removeEventListener('popstate', onPopState);
    },
    // Nothing pushes tokens into a plain browser page; kept so callers can subscribe uniformly.
    onTokenPushed: (listener) => {
      tokenListeners.add(listener);
      return () => {
        tokenListeners.delete(listener);
      };
    },
    // No parent frame: nobody to tell.
    notifySelectedDocuments: (): Promise<void> => Promise.resolve(),
    notifyUploadQueued: (_upload: UploadNotice): Promise<void> => Promise.resolve(),
    getClientType: () => options.clientType ?? 'Desktop',
    storage: options.storage ?? {
      local: webStorage(() => win?.localStorage),
      session: webStorage(() => win?.sessionStorage),
    },
  };
}
