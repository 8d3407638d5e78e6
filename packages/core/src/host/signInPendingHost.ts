import type { HostAdapter, HostHome } from './HostAdapter';
import { webStorage } from './webStorage';

/**
 * A host whose sign-in and context are not wired yet (Teams and Outlook until their issues
 * land): no record context, every token request refused with `reason`, and the host's own home
 * notice instead of the folders, so the core says so instead of failing later in an API call.
 * The host picks its router (Outlook: memory, since Office.js nulls `history.pushState`).
 */
export function signInPendingHost(
  win: Window,
  reason: string,
  home: HostHome,
  router: HostAdapter['router'] = { kind: 'browser' },
): HostAdapter {
  return {
    getContext: () => Promise.resolve({ record: {} }),
    getToken: () => Promise.reject(new Error(reason)),
    onContextChanged: () => () => undefined,
    onTokenPushed: () => () => undefined,
    notifySelectedDocuments: () => Promise.resolve(),
    notifyUploadQueued: () => Promise.resolve(),
    getClientType: () => 'Desktop',
    storage: { local: webStorage(() => win.localStorage), session: webStorage(() => win.sessionStorage) },
    home,
    router,
  };
}
