import { browserHost } from './browserHost';
import type { HostAdapter, HostMailMessage } from './index';
import { memoryStorage } from './memoryStorage';
import { resolveHostCapabilities } from './resolveHostCapabilities';

/** A plain-browser host whose openUrl records what it opened. */
function recordingHost(extra: Partial<HostAdapter> = {}): { host: HostAdapter; opened: string[] } {
  const opened: string[] = [];
  const base = browserHost({ token: 'token', search: () => '', storage: { local: memoryStorage(), session: memoryStorage() } });
  const host: HostAdapter = {
    ...base,
    openUrl: (url) => {
      if (typeof url === 'string') opened.push(url);
    },
    ...extra,
  };
  return { host, opened };
}

const message: HostMailMessage = { attachments: [], readAttachment: () => Promise.resolve('') };

describe('the read mail capabilities of a host (resolveHostCapabilities)', () => {
  it("opens a mail draft as a link, made absolute against the window's address, where the host has no way of its own", () => {
    const { host, opened } = recordingHost();
    const capabilities = resolveHostCapabilities(host, window);
    capabilities.openMailDraft('/demo/graph/drafts/draft-1');
    expect(opened).toEqual([new URL('/demo/graph/drafts/draft-1', window.location.href).href]);
    expect(capabilities.messageBeingRead).toBeUndefined();
    expect(capabilities.getGraphCredentialHeaders).toBeUndefined();
  });

  it("hands on the host's message, its Graph credential headers and its own way of opening drafts", async () => {
    const drafts: string[] = [];
    const { host, opened } = recordingHost({
      messageBeingRead: message,
      getGraphCredentialHeaders: () => Promise.resolve({ 'X-Graph-Token': 'graph-token' }),
      openMailDraft: (webLink) => drafts.push(webLink),
    });
    const capabilities = resolveHostCapabilities(host, window);
    capabilities.openMailDraft('/demo/graph/drafts/draft-2');
    expect(drafts).toEqual(['/demo/graph/drafts/draft-2']);
    expect(opened).toEqual([]);
    expect(capabilities.messageBeingRead).toBe(message);
    await expect(capabilities.getGraphCredentialHeaders?.()).resolves.toEqual({ 'X-Graph-Token': 'graph-token' });
  });
});
