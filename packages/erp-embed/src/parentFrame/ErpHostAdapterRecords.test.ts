import type { RecordEvent } from '@datahaven/core';
import { createErpHostAdapter, type ErpHostAdapter } from './ErpHostAdapter';
import { createTwoWindows, PARENT_ORIGIN, type TwoWindows } from './test/twoWindows';

interface Sent {
  id: number;
  method: string;
  path: string;
  body?: unknown;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** Plays the parent: answers each request the iframe posts with `reply(sent)`, and keeps what was asked. */
function parent(w: TwoWindows, reply: (sent: Sent) => number): { received: Sent[]; pump(): Promise<void> } {
  const received: Sent[] = [];
  let handled = 0;
  return {
    received,
    async pump() {
      await flush();
      while (handled < w.posted.length) {
        const sent = JSON.parse(w.posted[handled].data) as Sent;
        handled++;
        if (sent.method === undefined) continue;
        // The handshake and the boot-time read of the look and language are no record request.
        if (sent.path !== '/ready' && sent.path !== '/context') received.push(sent);
        w.deliver(JSON.stringify({ id: sent.id, status: sent.path === '/ready' ? 200 : reply(sent) }));
        await flush();
      }
    },
  };
}

const RECORD = {
  typeName: 'bc:Microsoft.NAV.PurchaseHeader',
  dataAreaId: 'CRONUS',
  recordId: '8a4f2e6b-1c9d-4b3a-8e02-000000001003',
  number: 'PI-1003',
  url: 'https://bc.example/?page=51',
};

describe('createErpHostAdapter: records opened by the ERP and refreshes after a link', () => {
  let w: TwoWindows;
  let host: ErpHostAdapter;

  beforeEach(() => {
    w = createTwoWindows();
  });

  afterEach(() => {
    host.dispose();
    w.dispose();
  });

  it("asks the parent to open the record ('POST /record/launch'), and rejects when the parent cannot", async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log: jest.fn() });
    let status = 200;
    const erp = parent(w, () => status);
    const opened = host.openRecord?.(RECORD);
    await erp.pump();
    await expect(opened).resolves.toBeUndefined();
    expect(erp.received).toEqual([expect.objectContaining({ method: 'POST', path: '/record/launch', body: RECORD })]);
    status = 404;
    const refused = host.openRecord?.(RECORD);
    await erp.pump();
    await expect(refused).rejects.toThrow();
  });

  it("after a link sends 'PUT /refreshinframe' and then an upward 'PUT /refresh' with the link", async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log: jest.fn() });
    const erp = parent(w, () => 200);
    const notice = { docId: 7, typeName: RECORD.typeName, dataAreaId: 'CRONUS', recordId: RECORD.recordId };
    const sent = host.notifyDocumentLinked?.(notice);
    await erp.pump();
    await erp.pump();
    await expect(sent).resolves.toBeUndefined();
    expect(erp.received.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /refreshinframe', 'PUT /refresh']);
    expect(erp.received.every((request) => JSON.stringify(request.body) === JSON.stringify(notice))).toBe(true);
  });

  it("hears 'PUT /record/event' (insert events): the listener gets the record, and the parent's answer waits for it; anything but an insert is refused", async () => {
    const log = jest.fn();
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log });
    const heard: RecordEvent[] = [];
    let finish: () => void = () => undefined;
    host.onRecordEvent?.((event) => {
      heard.push(event);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const answers = (): { id: number; status: number }[] =>
      w.posted.map((p) => JSON.parse(p.data) as { id: number; status: number; method?: string }).filter((m) => m.method === undefined);
    // BC sends the SystemId as AL formats it; the product keeps GUIDs lower case without braces.
    w.deliver(
      JSON.stringify({
        id: 41,
        method: 'PUT',
        path: '/record/event',
        body: {
          eventType: 'insert',
          typeName: RECORD.typeName,
          tableId: 38,
          dataAreaId: 'CRONUS',
          recordId: '{8A4F2E6B-1C9D-4B3A-8E02-000000001006}',
          number: 'PI-1006',
        },
      }),
    );
    await flush();
    expect(heard).toEqual([
      {
        eventType: 'insert',
        typeName: RECORD.typeName,
        tableId: 38,
        dataAreaId: 'CRONUS',
        recordId: '8a4f2e6b-1c9d-4b3a-8e02-000000001006',
        number: 'PI-1006',
      },
    ]);
    expect(answers()).toEqual([]);
    finish();
    await flush();
    expect(answers()).toEqual([{ id: 41, status: 200 }]);

    for (const body of [
      { eventType: 'delete', typeName: RECORD.typeName, recordId: 'x' },
      { eventType: 'insert', typeName: RECORD.typeName },
      'insert',
    ]) {
      w.deliver(JSON.stringify({ id: 42, method: 'PUT', path: '/record/event', body }));
      await flush();
      expect(answers().at(-1)).toEqual({ id: 42, status: 500 });
      w.posted.length = 0;
    }
    expect(heard).toHaveLength(1);
  });
});
