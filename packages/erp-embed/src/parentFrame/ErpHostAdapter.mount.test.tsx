import { render, screen, waitFor, within } from '@testing-library/react';
import { DatahavenApp, encodeBase64Url } from '@datahaven/core';
import { createErpHostAdapter, type ErpHostAdapter } from './ErpHostAdapter';
import { JsonResponse } from './test/JsonResponse';
import { createTwoWindows, PARENT_ORIGIN, type TwoWindows } from './test/twoWindows';

interface Sent {
  id: number;
  method?: string;
  path?: string;
}

const token = `${encodeBase64Url(JSON.stringify({ username: 'clerk', expiration: new Date(Date.now() + 3_600_000).toISOString(), passthroughResources: [] }))}.c2ln`;
const folder = {
  type: 'folder',
  id: 'f1',
  name: 'Invoices',
  allowUpload: true,
  defaultExpanded: true,
  forceDefaultExpanded: false,
  groups: [],
  constraints: { dataAreaId: 'CRONUS', tableId: 23, recordId: 'r1', subtypeId: 1 },
  children: [{ type: 'empty', id: 'empty-f1', name: 'No Documents Found' }],
};

/** Plays Business Central's relay: answers the ready handshake, the context and token requests, as the parent frame. */
function playParent(w: TwoWindows, context: Record<string, unknown>): () => void {
  let handled = 0;
  const timer = setInterval(() => {
    while (handled < w.posted.length) {
      const sent = JSON.parse(w.posted[handled].data) as Sent;
      handled++;
      if (sent.method === undefined) continue;
      const body = sent.path === '/context' ? context : sent.path === '/user/token' ? token : undefined;
      w.deliver(JSON.stringify({ id: sent.id, status: 200, body }));
    }
  }, 5);
  return () => clearInterval(timer);
}

describe('DatahavenApp under the ERP host', () => {
  let w: TwoWindows;
  let host: ErpHostAdapter;
  let stopParent: () => void;
  const realFetch = globalThis.fetch;
  const calls: { path: string; authorization: string | null }[] = [];

  beforeEach(() => {
    w = createTwoWindows();
    calls.length = 0;
    globalThis.fetch = (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ path: url.pathname + url.search, authorization: new Headers(init?.headers).get('Authorization') });
      const body = url.pathname === '/api/folder-structure' ? [folder] : url.pathname === '/api/can' ? false : [];
      return Promise.resolve(new JsonResponse(body));
    };
  });

  afterEach(() => {
    stopParent();
    host.dispose();
    w.dispose();
    globalThis.fetch = realFetch;
  });

  it("shows the folders of the parent's record, with the parent's token", async () => {
    window.history.replaceState(null, '', '/folders');
    host = createErpHostAdapter(w.child, { allowedOrigins: [PARENT_ORIGIN], search: () => '' });
    stopParent = playParent(w, { dataAreaId: 'CRONUS', recordId: 'r1', tableId: 23, typeName: 'bc:Microsoft.NAV.Vendor' });
    render(<DatahavenApp host={host} />);

    const tree = await screen.findByRole('tree', { name: 'Folders' });
    expect(await within(tree).findByRole('treeitem', { name: 'Invoices' })).toBeTruthy();
    const structure = calls.find((call) => call.path.startsWith('/api/folder-structure'));
    expect(structure?.path).toContain('recordId=r1');
    expect(structure?.authorization).toBe(`Bearer ${token}`);
    await waitFor(() => expect(w.posted.some((p) => (JSON.parse(p.data) as Sent).path === '/selected-documents')).toBe(true));
  });
});
