import type { ErpContext } from '../model';
import type { HostAdapter } from './HostAdapter';
import { webStorage } from './webStorage';

/**
 * A host whose sign-in and context are not wired yet (Teams and Outlook until their issues
 * land): no record context, every token request refused with `reason`, so the core shows its
 * host home screen instead of failing later in an API call.
 */
export function signInPendingHost(win: Window, kind: 'teams' | 'outlook', reason: string): HostAdapter {
  return {
    kind,
    getContext: (): Promise<ErpContext> => Promise.resolve({}),
    getToken: () => Promise.reject(new Error(reason)),
    onContextChanged: () => () => undefined,
    onTokenPushed: () => () => undefined,
    notifySelectedDocuments: () => Promise.resolve(),
    notifyUploadQueued: () => Promise.resolve(),
    getClientType: () => 'Desktop',
    openWindow: (url, name, features) => {
      win.open(url, name, features);
    },
    storage: { local: webStorage(() => win.localStorage), session: webStorage(() => win.sessionStorage) },
  };
}
