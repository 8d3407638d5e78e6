import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The control add-in's relay script (manifests/bc/ControlAddIn/scripts/relay.js) in jsdom, for
 * Launch Card, the refreshes after a link and Capture: a stand-in Microsoft.Dynamics.NAV records the AL
 * events, the test plays our iframe by dispatching MessageEvents whose source is the iframe.
 */

const RELAY = readFileSync(join(__dirname, '..', '..', '..', '..', 'manifests', 'bc', 'ControlAddIn', 'scripts', 'relay.js'), 'utf8');
const BASE_URL = 'https://dh.example';

interface RelayGlobals {
  SetBaseUrl(url: string): void;
  SetContext(json: string): void;
  SendRecordEvent(json: string): void;
  DatahavenRelay: { start(element: HTMLElement): Promise<void> };
  Microsoft?: unknown;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('relay.js: Launch Card and the refreshes after a link', () => {
  const raised: { name: string; args: unknown }[] = [];
  const posted: string[] = [];
  let failing = false;
  let iframe: HTMLIFrameElement;
  const relay = window as Window & typeof globalThis & RelayGlobals;
  const fromIframe = (message: object): void => {
    window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message), origin: BASE_URL, source: iframe.contentWindow }));
  };
  const messages = () => posted.map((data) => JSON.parse(data) as { id: number; status?: number; method?: string; path?: string });

  beforeAll(async () => {
    relay.Microsoft = {
      Dynamics: {
        NAV: {
          InvokeExtensibilityMethod(name: string, args: unknown, _skipIfBusy: boolean, onOk?: () => void, onErr?: (error: Error) => void) {
            raised.push({ name, args });
            setTimeout(() => (failing ? onErr?.(new Error('no such page')) : onOk?.()), 0);
          },
          GetEnvironment: () => ({ UserName: 'clerk', CompanyName: 'CRONUS', DeviceCategory: 0, Busy: false }),
        },
      },
    };
    new Function(RELAY)();
    document.body.innerHTML = '<div id="controlAddIn"></div>';
    const container = document.getElementById('controlAddIn');
    if (!container) throw new Error('no container');
    await relay.DatahavenRelay.start(container);
    await flush();
    relay.SetBaseUrl(`${BASE_URL}/`);
    relay.SetContext(JSON.stringify({ dataAreaId: 'CRONUS', recordId: 'r1', tableId: 38, typeName: 'bc:Microsoft.NAV.PurchaseHeader' }));
    const created = container.querySelector('iframe');
    if (!created || !created.contentWindow) throw new Error('the relay created no iframe');
    iframe = created;
    jest.spyOn(created.contentWindow, 'postMessage').mockImplementation((data: unknown) => {
      posted.push(String(data));
    });
    fromIframe({ id: 1, method: 'POST', path: '/ready' });
    await flush();
  });

  beforeEach(() => {
    posted.length = 0;
    raised.length = 0;
    failing = false;
  });

  it('hands POST /record/launch to AL (RecordLaunchRequested) and answers 200, or 500 when AL fails so the iframe opens the URL', async () => {
    const record = {
      typeName: 'bc:Microsoft.NAV.PurchaseHeader',
      dataAreaId: 'CRONUS',
      recordId: 'r1',
      number: 'PI-1003',
      url: 'https://bc.example/?page=51',
    };
    fromIframe({ id: 11, method: 'POST', path: '/record/launch', body: record });
    await flush();
    expect(raised).toEqual([{ name: 'RecordLaunchRequested', args: [JSON.stringify(record)] }]);
    expect(messages()).toEqual([{ id: 11, status: 200 }]);
    failing = true;
    fromIframe({ id: 12, method: 'POST', path: '/record/launch', body: record });
    await flush();
    expect(messages().at(-1)).toEqual({ id: 12, status: 500 });
  });

  it('after a link: PUT /refreshinframe refreshes the iframe (PUT /refresh down), the upward PUT /refresh raises RefreshRequested', async () => {
    const notice = { docId: 7, typeName: 'bc:Microsoft.NAV.PurchaseHeader', dataAreaId: 'CRONUS', recordId: 'r1' };
    fromIframe({ id: 21, method: 'PUT', path: '/refreshinframe', body: notice });
    await flush();
    expect(messages()).toEqual([{ id: 21, status: 200 }, expect.objectContaining({ method: 'PUT', path: '/refresh' })]);
    fromIframe({ id: 22, method: 'PUT', path: '/refresh', body: notice });
    await flush();
    expect(raised).toEqual([{ name: 'RefreshRequested', args: [JSON.stringify(notice)] }]);
    expect(messages().at(-1)).toEqual({ id: 22, status: 200 });
  });

  it('hands POST /record/capture to AL (CaptureRequested) and answers 200, or 500 when AL fails (nobody captures), so the iframe says the request could not be fulfilled', async () => {
    const record = { dataAreaId: 'CRONUS', recordId: 'r1', tableId: 38, typeName: 'bc:Microsoft.NAV.PurchaseHeader', isCapturable: true };
    fromIframe({ id: 31, method: 'POST', path: '/record/capture', body: record });
    await flush();
    expect(raised).toEqual([{ name: 'CaptureRequested', args: [JSON.stringify(record)] }]);
    expect(messages()).toEqual([{ id: 31, status: 200 }]);
    failing = true;
    fromIframe({ id: 32, method: 'POST', path: '/record/capture', body: record });
    await flush();
    expect(messages().at(-1)).toEqual({ id: 32, status: 500 });
  });

  it('SendRecordEvent (AL: a record was inserted) sends PUT /record/event to the iframe with the SystemId as the product keeps it; anything but an insert is refused', async () => {
    const inserted = {
      eventType: 'insert',
      typeName: 'bc:Microsoft.NAV.PurchaseHeader',
      tableId: 38,
      dataAreaId: 'CRONUS',
      recordId: '{8A4F2E6B-1C9D-4B3A-8E02-000000001006}',
      number: 'PI-1006',
    };
    relay.SendRecordEvent(JSON.stringify(inserted));
    expect(messages()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/record/event',
        body: { ...inserted, recordId: '8a4f2e6b-1c9d-4b3a-8e02-000000001006' },
      }),
    ]);
    relay.SendRecordEvent(JSON.stringify({ ...inserted, eventType: 'delete' }));
    relay.SendRecordEvent(JSON.stringify({ ...inserted, recordId: '' }));
    relay.SendRecordEvent('not json');
    expect(messages()).toHaveLength(1);
  });
});
