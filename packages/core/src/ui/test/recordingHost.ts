import type { HostAdapter, HostFile, HostRouter, OpenUrlOptions } from '../../host';

/** What a recording host heard from the core. */
export interface HostRecording {
  /** Every route the app showed, in order (router.onNavigated). */
  routes: string[];
  opened: { url: string | Promise<string>; options?: OpenUrlOptions }[];
  saved: HostFile[];
  printed: Blob[];
}

/**
 * Wraps a host so routing, opening, saving and printing go to a recording instead of the
 * browser: proves the core reaches the browser only through the host's capabilities.
 */
export function recordingHost(base: HostAdapter, router: HostRouter): { host: HostAdapter; recording: HostRecording } {
  const recording: HostRecording = { routes: [], opened: [], saved: [], printed: [] };
  const host: HostAdapter = {
    ...base,
    router: { ...router, onNavigated: (path) => recording.routes.push(path) },
    openUrl: (url, options) => {
      recording.opened.push({ url, options });
    },
    saveFile: (file) => {
      recording.saved.push(file);
      return Promise.resolve();
    },
    print: (pdf) => {
      recording.printed.push(pdf);
      return Promise.resolve();
    },
    getGraphToken: () => Promise.resolve('graph-token'),
  };
  return { host, recording };
}
