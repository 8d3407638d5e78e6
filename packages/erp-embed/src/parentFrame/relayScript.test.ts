import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The other end of the protocol: the control add-in's relay script (manifests/bc/ControlAddIn/scripts/relay.js) run in jsdom,
 * as BC runs it: a stand-in Microsoft.Dynamics.NAV records the events raised to AL, the test
 * plays our iframe by dispatching MessageEvents whose source is the iframe's window.
 */

const RELAY = readFileSync(join(__dirname, '..', '..', '..', '..', 'manifests', 'bc', 'ControlAddIn', 'scripts', 'relay.js'), 'utf8');
const BASE_URL = 'https://dh.example';

interface Raised {
  name: string;
  args: unknown;
}

interface RelayGlobals {
  SetBaseUrl(url: string): void;
  SetContext(json: string): void;
  SetToken(token: string): void;
  Refresh(): void;
  SetTheme(name: string): void;
  EmailDraftDone(requestId: number, resultJson: string): void;
  DatahavenRelay: { start(element: HTMLElement): Promise<void> };
  Microsoft?: unknown;
}

function relayWindow(): Window & RelayGlobals {
  return window as Window & typeof globalThis & RelayGlobals;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('relay.js (the BC control add-in script)', () => {
  let raised: Raised[];
  let posted: { data: unknown; origin: string }[];
  let iframe: HTMLIFrameElement;
  let deviceCategory: number;
  let raisedOnStart: Raised[] = [];

  const fromIframe = (message: object, origin = BASE_URL, source: Window | null = iframe.contentWindow): void => {
    window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message), origin, source }));
  };
  const answers = (): { id: number; status?: number; method?: string; path?: string; body?: unknown }[] =>
    posted.map((p) => JSON.parse(String(p.data)) as { id: number; status?: number; method?: string; path?: string; body?: unknown });

  beforeAll(async () => {
    raised = [];
    deviceCategory = 2;
    relayWindow().Microsoft = {
      Dynamics: {
        NAV: {
          InvokeExtensibilityMethod(name: string, args: unknown, _skipIfBusy: boolean, onOk?: () => void) {
            raised.push({ name, args });
            setTimeout(() => onOk?.(), 0);
          },
          GetEnvironment: () => ({ UserName: 'clerk', CompanyName: 'CRONUS', DeviceCategory: deviceCategory, Busy: false }),
        },
      },
    };
    new Function(RELAY)();
    document.body.innerHTML = '<div id="controlAddIn"></div>';
    const container = document.getElementById('controlAddIn');
    if (!container) throw new Error('no container');
    await relayWindow().DatahavenRelay.start(container);
    await flush();
    raisedOnStart = [...raised];
    relayWindow().SetBaseUrl(`${BASE_URL}/`);
    relayWindow().SetContext(
      JSON.stringify({
        dataAreaId: 'CRONUS',
        recordId: '{5D7E1C2A-8B3F-4A6E-9C01-000000010000}',
        tableId: 23,
        typeName: 'bc:Microsoft.NAV.Vendor',
      }),
    );
    const created = container.querySelector('iframe');
    if (!created || !created.contentWindow) throw new Error('the relay created no iframe');
    iframe = created;
    posted = [];
    jest.spyOn(created.contentWindow, 'postMessage').mockImplementation((data: unknown, origin?: unknown) => {
      posted.push({ data, origin: String(origin) });
    });
  });

  beforeEach(() => {
    posted.length = 0;
    raised.length = 0;
  });

  it('raised ControlReady with an empty argument array and created our iframe with the context in its query', () => {
    expect(raisedOnStart).toEqual([{ name: 'ControlReady', args: [] }]);
    expect(iframe.title).toBe('Datahaven Documents');
    const src = new URL(iframe.src);
    expect(src.origin).toBe(BASE_URL);
    expect(src.pathname).toBe('/folders');
    expect(src.searchParams.get('recordId')).toBe('5d7e1c2a-8b3f-4a6e-9c01-000000010000');
    expect(src.searchParams.get('tableId')).toBe('23');
    expect(src.searchParams.get('typeName')).toBe('bc:Microsoft.NAV.Vendor');
  });

  it('answers the ready handshake and GET /context, with clientType from DeviceCategory, to the iframe origin only', () => {
    fromIframe({ id: 1, method: 'POST', path: '/ready' });
    fromIframe({ id: 2, method: 'GET', path: '/context' });
    expect(answers()).toEqual([
      { id: 1, status: 200 },
      {
        id: 2,
        status: 200,
        body: {
          dataAreaId: 'CRONUS',
          recordId: '5d7e1c2a-8b3f-4a6e-9c01-000000010000',
          tableId: 23,
          typeName: 'bc:Microsoft.NAV.Vendor',
          clientType: 'Phone',
        },
      },
    ]);
    expect(posted.every((p) => p.origin === BASE_URL && typeof p.data === 'string')).toBe(true);
  });

  it('ignores messages from a foreign origin or a window other than the iframe', () => {
    fromIframe({ id: 3, method: 'GET', path: '/context' }, 'https://evil.example');
    fromIframe({ id: 4, method: 'GET', path: '/context' }, BASE_URL, window);
    fromIframe({ id: 5, method: 'GET', path: '/context' }, BASE_URL, null);
    expect(posted).toEqual([]);
  });

  it('answers GET /user/token by raising RequestToken and replying when AL calls SetToken', async () => {
    fromIframe({ id: 6, method: 'GET', path: '/user/token' });
    await flush();
    expect(raised).toEqual([{ name: 'RequestToken', args: [] }]);
    expect(posted).toEqual([]);
    relayWindow().SetToken('payload.signature');
    expect(answers()).toEqual([{ id: 6, status: 200, body: 'payload.signature' }]);
  });

  it('pushes PUT /user/token when AL calls SetToken unasked, and PUT /refresh for a new record', () => {
    relayWindow().SetToken('fresh.token');
    relayWindow().SetContext(
      JSON.stringify({
        dataAreaId: 'CRONUS',
        recordId: '8a4f2e6b-1c9d-4b3a-8e02-000000001001',
        tableId: 38,
        typeName: 'bc:Microsoft.NAV.PurchaseHeader',
        sourceType: 2,
      }),
    );
    relayWindow().Refresh();
    const sent = answers();
    expect(sent.map((m) => [m.method, m.path, m.body])).toEqual([
      ['PUT', '/user/token', 'fresh.token'],
      ['PUT', '/refresh', undefined],
      ['PUT', '/refresh', undefined],
    ]);
    expect(new Set(sent.map((m) => m.id)).size).toBe(3);
  });

  it('forwards the selection and queued uploads to AL events with JSON text arguments, then answers', async () => {
    fromIframe({ id: 7, method: 'PUT', path: '/selected-documents', body: [3, 5] });
    fromIframe({ id: 8, method: 'POST', path: '/queue/upload', body: { id: 'u1', files: [{ name: 'a.pdf', size: 1 }] } });
    expect(posted).toEqual([]);
    await flush();
    expect(raised).toEqual([
      { name: 'SelectedDocumentsChanged', args: ['[3,5]'] },
      { name: 'UploadQueued', args: ['{"id":"u1","files":[{"name":"a.pdf","size":1}]}'] },
    ]);
    expect(answers()).toEqual([
      { id: 7, status: 200 },
      { id: 8, status: 200 },
    ]);
  });

  it('forwards POST /email-draft to EmailDraftRequested and answers when AL calls EmailDraftDone; a failure carries its message', async () => {
    const link = `${BASE_URL}/api/email-link?docIds%5B%5D=7&docIds%5B%5D=8`;
    fromIframe({ id: 10, method: 'POST', path: '/email-draft', body: { docIds: [7, 8], embedAnnotations: null, emailLinkUrl: link } });
    fromIframe({
      id: 11,
      method: 'POST',
      path: '/email-draft',
      body: { docIds: [9], embedAnnotations: true, emailLinkUrl: `${BASE_URL}/api/email-link?docIds%5B%5D=9` },
    });
    await flush();
    expect(raised).toEqual([
      {
        name: 'EmailDraftRequested',
        args: [JSON.stringify({ requestId: 10, docIds: [7, 8], embedAnnotations: null, emailLinkUrl: link })],
      },
      {
        name: 'EmailDraftRequested',
        args: [
          JSON.stringify({ requestId: 11, docIds: [9], embedAnnotations: true, emailLinkUrl: `${BASE_URL}/api/email-link?docIds%5B%5D=9` }),
        ],
      },
    ]);
    // Raising the event is not the draft: the answer waits for AL.
    expect(posted).toEqual([]);
    relayWindow().EmailDraftDone(11, '{"message":"No e-mail account is set up in Business Central."}');
    relayWindow().EmailDraftDone(10, '');
    relayWindow().EmailDraftDone(10, '');
    expect(answers()).toEqual([
      { id: 11, status: 502, body: '{"message":"No e-mail account is set up in Business Central."}' },
      { id: 10, status: 200 },
    ]);
  });

  it('refuses an e-mail draft whose link leaves the Datahaven server, without raising an AL event', async () => {
    fromIframe({
      id: 12,
      method: 'POST',
      path: '/email-draft',
      body: { docIds: [7], emailLinkUrl: 'https://evil.example/api/email-link?docIds%5B%5D=7' },
    });
    fromIframe({ id: 13, method: 'POST', path: '/email-draft', body: { docIds: [], emailLinkUrl: `${BASE_URL}/api/email-link` } });
    await flush();
    expect(raised).toEqual([]);
    expect(answers().map((a) => a.status)).toEqual([400, 400]);
  });

  it('pushes PUT /theme when AL calls SetTheme, ignores a theme it does not know, and answers GET /context with the theme', () => {
    posted = [];
    relayWindow().SetTheme('webDark');
    relayWindow().SetTheme('sepia');
    const pushed = answers().filter((message) => message.path === '/theme');
    expect(pushed.map((message) => [message.method, message.body])).toEqual([['PUT', 'webDark']]);
    fromIframe({ id: 30, method: 'GET', path: '/context' });
    expect(answers().find((message) => message.id === 30)?.body).toMatchObject({ theme: 'webDark' });
  });

  it('answers 404 to a path it does not know', () => {
    fromIframe({ id: 9, method: 'DELETE', path: '/everything' });
    expect(answers()).toEqual([{ id: 9, status: 404 }]);
  });
});
