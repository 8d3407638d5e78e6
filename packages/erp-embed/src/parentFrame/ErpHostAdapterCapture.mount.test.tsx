import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DatahavenApp, MESSAGES, encodeBase64Url } from '@datahaven/core';
import { createErpHostAdapter, type ErpHostAdapter } from './ErpHostAdapter';
import { JsonResponse } from './test/JsonResponse';
import { createTwoWindows, PARENT_ORIGIN, type TwoWindows } from './test/twoWindows';

interface Sent {
  id: number;
  method?: string;
  path?: string;
  body?: unknown;
}

const token = `${encodeBase64Url(JSON.stringify({ username: 'clerk', expiration: new Date(Date.now() + 3_600_000).toISOString(), passthroughResources: [] }))}.c2ln`;
const CONTEXT = { dataAreaId: 'CRONUS', recordId: 'r1', tableId: 38, typeName: 'bc:Microsoft.NAV.PurchaseHeader', isCapturable: true };

/** Plays Business Central's relay: the handshake, context and token, and each capture answered with `captureStatus()`. */
function playParent(w: TwoWindows, captureStatus: () => number, captures: Sent[]): () => void {
  let handled = 0;
  const timer = setInterval(() => {
    while (handled < w.posted.length) {
      const sent = JSON.parse(w.posted[handled].data) as Sent;
      handled++;
      if (sent.method === undefined) continue;
      if (sent.path === '/record/capture') {
        captures.push(sent);
        w.deliver(JSON.stringify({ id: sent.id, status: captureStatus() }));
        continue;
      }
      const body = sent.path === '/context' ? CONTEXT : sent.path === '/user/token' ? token : undefined;
      w.deliver(JSON.stringify({ id: sent.id, status: 200, body }));
    }
  }, 5);
  return () => clearInterval(timer);
}

describe('Capture under the ERP host', () => {
  let w: TwoWindows;
  let host: ErpHostAdapter;
  let stopParent: () => void;
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    w = createTwoWindows();
    globalThis.fetch = (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/access'))
        return Promise.resolve(
          new JsonResponse({ entityTypeName: CONTEXT.typeName, sitId: 2, dataAreaId: 'CRONUS', upload: true, capture: true }),
        );
      return Promise.resolve(new JsonResponse(url.pathname === '/api/can' ? false : []));
    };
  });

  afterEach(() => {
    stopParent();
    host.dispose();
    w.dispose();
    globalThis.fetch = realFetch;
  });

  it("messages the parent 'POST /record/capture' with the record; a parent that refuses gives the spec's sentence", async () => {
    window.history.replaceState(null, '', '/folders');
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], search: () => '', log: jest.fn() });
    let status = 200;
    const captures: Sent[] = [];
    stopParent = playParent(w, () => status, captures);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<DatahavenApp host={host} />);

    const button = await screen.findByRole('button', { name: 'Capture' });
    fireEvent.click(button);
    expect(await screen.findByText('Capture started in the ERP.')).toBeTruthy();
    expect(captures).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/record/capture',
        body: expect.objectContaining({ recordId: 'r1', typeName: CONTEXT.typeName, dataAreaId: 'CRONUS' }),
      }),
    ]);

    status = 500;
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(MESSAGES.captureNotFulfilled)).toBeTruthy();
    expect(captures).toHaveLength(2);
  });
});
