import { messageTimedOut } from '@datahaven/core';
import { createErpHostAdapter, type ErpHostAdapter } from './ErpHostAdapter';
import { createTwoWindows, PARENT_ORIGIN, type TwoWindows } from './test/twoWindows';

interface Sent {
  id: number;
  method?: string;
  path?: string;
  body?: unknown;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const CONTEXT = {
  dataAreaId: 'CRONUS',
  recordId: '8a4f2e6b-1c9d-4b3a-8e02-000000001003',
  tableId: 38,
  typeName: 'bc:Microsoft.NAV.PurchaseHeader',
  isCapturable: true,
};

describe('createErpHostAdapter: Capture (\'POST /record/capture\', embedded §7 "a capture starts by messaging the parent")', () => {
  let w: TwoWindows;
  let host: ErpHostAdapter;

  beforeEach(() => {
    w = createTwoWindows();
  });

  afterEach(() => {
    host.dispose();
    w.dispose();
    jest.useRealTimers();
  });

  /** Answers the handshake, and each capture request with `status` (null: never). */
  async function answerAll(status: number | null): Promise<Sent[]> {
    await flush();
    const requests: Sent[] = [];
    for (const { data } of w.posted.splice(0)) {
      const sent = JSON.parse(data) as Sent;
      if (sent.method === undefined) continue;
      // The handshake, and the look and language the adapter reads right after it, are not the capture's.
      if (sent.path === '/ready' || sent.path === '/context') w.deliver(JSON.stringify({ id: sent.id, status: 200, body: {} }));
      else {
        requests.push(sent);
        if (status !== null) w.deliver(JSON.stringify({ id: sent.id, status }));
      }
      await flush();
    }
    return requests;
  }

  it('hands the record in view to the parent and resolves when the parent answers 2xx', async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log: jest.fn() });
    const capture = host.captureRecord?.(CONTEXT);
    await answerAll(200);
    const requests = await answerAll(200);
    await expect(capture).resolves.toBeUndefined();
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', path: '/record/capture', body: CONTEXT })]);
  });

  it("rejects when the parent refuses (AL's CaptureRequested failed: 500), so Capture says the request could not be fulfilled", async () => {
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log: jest.fn() });
    const capture = host.captureRecord?.(CONTEXT);
    await answerAll(500);
    await answerAll(500);
    await expect(capture).rejects.toThrow('The parent frame answered 500 to /record/capture.');
  });

  it("rejects with 'Message #n timed out.' when the parent never answers", async () => {
    jest.useFakeTimers();
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], log: jest.fn() });
    const capture = host.captureRecord?.(CONTEXT);
    const settled = capture?.then(
      () => 'resolved',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await answerAll(null);
    const requests = await answerAll(null);
    expect(requests).toHaveLength(1);
    jest.advanceTimersByTime(10_000);
    await expect(settled).resolves.toBe(messageTimedOut(requests[0].id));
  });
});
