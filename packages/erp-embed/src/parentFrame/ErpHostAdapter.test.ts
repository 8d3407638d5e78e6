import { encodeBase64Url } from '@datahaven/core';
import { CONTEXT_FAILED_LOG, EMAIL_DRAFT_FAILED_JSON, createErpHostAdapter, type ErpHostAdapter } from './ErpHostAdapter';
import { createTwoWindows, PARENT_ORIGIN, type TwoWindows } from './test/twoWindows';

interface Sent {
  id: number;
  method: string;
  path: string;
  body?: unknown;
}

function tokenFor(username: string, expiresInMs: number): string {
  const payload = { username, expiration: new Date(Date.now() + expiresInMs).toISOString(), passthroughResources: [] };
  return `${encodeBase64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** Plays the parent: answers every request the iframe posts with `reply(path, body)`. */
function answerRequests(w: TwoWindows, reply: (sent: Sent) => { status: number; body?: unknown } | null): () => Promise<void> {
  let handled = 0;
  return async () => {
    await flush();
    while (handled < w.posted.length) {
      const sent = JSON.parse(w.posted[handled].data) as Sent;
      handled++;
      if (sent.method === undefined) continue;
      const answer = sent.path === '/ready' ? { status: 200 } : reply(sent);
      if (answer) w.deliver(JSON.stringify({ id: sent.id, ...answer }));
      await flush();
    }
  };
}

describe('createErpHostAdapter', () => {
  let w: TwoWindows;
  let host: ErpHostAdapter;
  const log = jest.fn();

  beforeEach(() => {
    w = createTwoWindows();
    log.mockReset();
  });

  afterEach(() => {
    host.dispose();
    w.dispose();
    jest.useRealTimers();
  });

  it('merges the parent context over the query parameters', async () => {
    host = createErpHostAdapter(w.child, {
      allowedOrigins: [PARENT_ORIGIN],
      log,
      search: () => '?dataAreaId=OLD&typename=Microsoft.NAV.Vendor&isCapturable=true',
    });
    const pump = answerRequests(w, (sent) =>
      sent.path === '/context'
        ? { status: 200, body: { dataAreaId: 'CRONUS', recordId: '{ABC}', tableId: '23', clientType: 'Tablet', extra: 1 } }
        : null,
    );
    const result = host.getContext();
    await pump();
    await expect(result).resolves.toEqual({
      record: {
        dataAreaId: 'CRONUS',
        recordId: 'ABC',
        tableId: 23,
        typeName: 'bc:Microsoft.NAV.Vendor',
        clientType: 'Tablet',
        isCapturable: true,
      },
    });
    expect(host.getClientType()).toBe('Tablet');
  });

  it('logs and falls back to the query when the parent does not answer GET /context', async () => {
    jest.useFakeTimers();
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log, timeoutMs: 500, search: () => '?recordId=r1' });
    const pump = answerRequests(w, () => null);
    const result = host.getContext();
    await pump();
    jest.advanceTimersByTime(500);
    await expect(result).resolves.toEqual({ record: { recordId: 'r1' } });
    const sent = w.posted.map((p) => JSON.parse(p.data) as Sent).find((s) => s.path === '/context');
    expect(log).toHaveBeenCalledWith(CONTEXT_FAILED_LOG, new Error(`Message #${sent?.id} timed out.`));
  });

  it('asks the parent for a token once, keeps it, and asks again on forceRefresh', async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log });
    const tokens = [tokenFor('clerk', 3_600_000), tokenFor('clerk', 3_600_000 - 1)];
    let asked = 0;
    const pump = answerRequests(w, (sent) => (sent.path === '/user/token' ? { status: 200, body: tokens[asked++] } : null));
    const first = host.getToken({ forceRefresh: false });
    const same = host.getToken({ forceRefresh: false });
    await pump();
    await expect(first).resolves.toBe(tokens[0]);
    await expect(same).resolves.toBe(tokens[0]);
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(tokens[0]);
    const forced = host.getToken({ forceRefresh: true });
    await pump();
    await expect(forced).resolves.toBe(tokens[1]);
    expect(asked).toBe(2);
  });

  it('refuses a token that cannot be read', async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log });
    const pump = answerRequests(w, () => ({ status: 200, body: 'not-a-token' }));
    const result = host.getToken({ forceRefresh: false });
    await pump();
    await expect(result).rejects.toThrow('Received a bad Authentication token');
  });

  it('takes a pushed token (PUT /user/token) and a refresh (PUT /refresh) from the parent', async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log });
    const pushed: string[] = [];
    let refreshed = 0;
    host.onTokenPushed((token) => pushed.push(token));
    host.onContextChanged(() => refreshed++);
    const token = tokenFor('approver', 3_600_000);
    w.deliver(JSON.stringify({ id: 1, method: 'PUT', path: '/user/token', body: token }));
    w.deliver(JSON.stringify({ id: 2, method: 'PUT', path: '/refresh' }));
    w.deliver(JSON.stringify({ id: 3, method: 'PUT', path: '/refresh' }), 'https://evil.example');
    w.deliver(JSON.stringify({ id: 4, method: 'PUT', path: '/webservices/url', body: 'https://dh.example/api' }));
    await flush();
    expect(pushed).toEqual([token]);
    expect(refreshed).toBe(1);
    expect(host.webServicesUrl()).toBe('https://dh.example/api');
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(token);
  });

  it('sends the selection and upload notices to the parent', async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log });
    const received: Sent[] = [];
    const pump = answerRequests(w, (sent) => {
      // The boot-time read of the look and language is no notice.
      if (sent.path === '/context') return { status: 200, body: {} };
      received.push(sent);
      return { status: 200 };
    });
    const selection = host.notifySelectedDocuments([3, 5]);
    const upload = host.notifyUploadQueued({
      id: 'u1',
      files: [{ name: 'a.pdf', size: 10 }],
      folder: null,
      link: null,
      queue: null,
      scan: false,
    });
    await pump();
    await Promise.all([selection, upload]);
    expect(received.map((s) => [s.method, s.path, s.body])).toEqual([
      ['PUT', '/selected-documents', [3, 5]],
      ['POST', '/queue/upload', { id: 'u1', files: [{ name: 'a.pdf', size: 10 }], folder: null, link: null, queue: null, scan: false }],
    ]);
  });

  it("sends POST /email-draft to the parent and rejects with the parent's JSON message when the draft failed", async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log });
    const received: Sent[] = [];
    const answersInTurn = [
      { status: 200 },
      { status: 502, body: '{"message":"No e-mail account is set up in Business Central."}' },
      { status: 500 },
    ];
    const pump = answerRequests(w, (sent) => {
      if (sent.path === '/context') return { status: 200, body: {} };
      received.push(sent);
      return answersInTurn[received.length - 1] ?? null;
    });
    const request = { docIds: [7], embedAnnotations: null, emailLinkUrl: 'https://dh.example/api/email-link?docIds%5B%5D=7' };
    const ok = host.createEmailDraft?.(request);
    await pump();
    await expect(ok).resolves.toBeUndefined();
    expect(received.map((s) => [s.method, s.path, s.body])).toEqual([['POST', '/email-draft', request]]);
    const refused = host.createEmailDraft?.(request);
    await pump();
    await expect(refused).rejects.toThrow('{"message":"No e-mail account is set up in Business Central."}');
    const bare = host.createEmailDraft?.(request);
    await pump();
    await expect(bare).rejects.toThrow(EMAIL_DRAFT_FAILED_JSON);
  });

  it('reads the look and the language from GET /context right after the handshake, before any screen asks for the record', async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log });
    const pump = answerRequests(w, (sent) =>
      sent.path === '/context'
        ? { status: 200, body: { dataAreaId: 'CRONUS', theme: 'webDark', language: 'de-DE', region: 'de-DE' } }
        : null,
    );
    await pump();
    await pump();
    expect(host.locale.current()).toEqual({ language: 'de-DE', region: 'de-DE' });
    expect(host.theme.current()).toBe('webDark');
    expect(log).not.toHaveBeenCalled();
  });

  it("takes the theme and the user's language and region from GET /context, and a live theme switch from PUT /theme", async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log });
    const themes: string[] = [];
    host.theme.onChange((name) => themes.push(name));
    const pump = answerRequests(w, (sent) =>
      sent.path === '/context' ? { status: 200, body: { recordId: 'r1', theme: 'webDark', language: 'de-de', region: 'de-AT' } } : null,
    );
    const result = host.getContext();
    await pump();
    await expect(result).resolves.toEqual({ record: { recordId: 'r1' } });
    expect(host.locale.current()).toEqual({ language: 'de-DE', region: 'de-AT' });
    w.deliver(JSON.stringify({ id: 7, method: 'PUT', path: '/theme', body: 'teamsHighContrast' }));
    w.deliver(JSON.stringify({ id: 8, method: 'PUT', path: '/theme', body: 'sepia' }));
    await flush();
    expect(themes).toEqual(['webDark', 'teamsHighContrast']);
    expect(host.theme.current()).toBe('teamsHighContrast');
    const answers = w.posted.map((p) => JSON.parse(p.data) as { id: number; status?: number }).filter((m) => m.status !== undefined);
    expect(answers.find((m) => m.id === 7)?.status).toBe(200);
    expect(answers.find((m) => m.id === 8)?.status).toBeGreaterThanOrEqual(400);
  });
});
