import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { browserHost, memoryStorage } from '../../host';
import type { HostAdapter, HostFile } from '../../host';
import { createDatahavenServices, DatahavenServicesProvider } from '../app/DatahavenServices';
import { FakeResponse } from '../test/FakeResponse';
import { testToken } from '../test/renderApp';
import { EvidencePacketButton } from './EvidencePacketButton';
import { UI_TEXT } from '../../locale/uiText';

interface Setup {
  requests: { method: string; url: string; body: string | null }[];
  saved: HostFile[];
  /** What the alert area and the exception banner show. */
  alerts: () => readonly string[];
  /** Lets the server's packet answer go (until then the request is under way). */
  finishPacket: (response: FakeResponse) => void;
}

interface SetupOptions {
  /** The caller's answers for the packet's privileges (all held unless named). */
  privileges?: Partial<Record<'Cabinet: Export Documents' | 'Notes: View Only' | 'Notes: View Admin', boolean>>;
}

function pdfAnswer(fileName: string): FakeResponse {
  const response = new FakeResponse('%PDF-1.7 evidence', 200, 'application/pdf');
  response.headers.set('content-disposition', `attachment; filename="${fileName}"`);
  return response;
}

function setup(ui: ReactElement, options: SetupOptions = {}): Setup {
  const requests: Setup['requests'] = [];
  const saved: HostFile[] = [];
  let finish: (response: FakeResponse) => void = () => undefined;
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    requests.push({ method, url: decodeURIComponent(url.pathname + url.search), body: typeof init?.body === 'string' ? init.body : null });
    if (url.pathname === '/api/can/actions') {
      const held = { 'Cabinet: Export Documents': true, 'Notes: View Only': true, 'Notes: View Admin': false, ...options.privileges };
      return FakeResponse.json(
        url.searchParams.getAll('action[]').map((action) => ({ action, value: held[action as keyof typeof held] ?? false })),
      );
    }
    if (url.pathname.endsWith('/evidence')) return new Promise<FakeResponse>((resolve) => (finish = resolve));
    return FakeResponse.json({ statusCode: 404, exceptionType: 'NotFound', message: 'No such route.' }, 404);
  };
  const base = browserHost({
    token: testToken(),
    search: () => '',
    storage: { local: memoryStorage({}), session: memoryStorage({}) },
    fetch: fakeFetch,
  });
  const host: HostAdapter = Object.assign(Object.create(Object.getPrototypeOf(base) as object) as HostAdapter, base, {
    saveFile: async (file: HostFile) => {
      saved.push(file);
    },
  });
  const services = createDatahavenServices(host, { fetch: fakeFetch });
  render(
    <FluentProvider theme={webLightTheme}>
      <DatahavenServicesProvider host={host} services={services}>
        {ui}
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return {
    requests,
    saved,
    alerts: () => {
      // An error body with an exceptionType shows in the exception banner (spec §8), others as alerts.
      const { alerts, banner } = services.alerts.getSnapshot();
      return [...alerts.map((alert) => alert.text), ...(banner === null ? [] : [banner.message])];
    },
    finishPacket: (response) => finish(response),
  };
}

async function enabledButton(name: string = UI_TEXT.export.evidencePacket): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
  return button;
}

describe('EvidencePacketButton', () => {
  it("saves one document's packet from GET /documents/{id}/evidence, busy and not pressable again while the server builds it", async () => {
    const { requests, saved, finishPacket } = setup(<EvidencePacketButton documents={[{ id: 42 }]} />);
    const button = await enabledButton();
    // A native button in the tab order: Tab reaches it, Enter and Space press it.
    expect(button.tagName).toBe('BUTTON');
    expect(button.tabIndex).toBe(0);
    expect(button.getAttribute('title')).toBe(UI_TEXT.export.evidencePacketTitle(1));
    fireEvent.click(button);

    const busy = await screen.findByRole('button', { name: UI_TEXT.export.evidencePacketBuilding });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    expect(requests.filter((request) => request.url.endsWith('/evidence'))).toEqual([
      { method: 'GET', url: '/api/documents/42/evidence', body: null },
    ]);

    finishPacket(pdfAnswer('INV 42 - evidence.pdf'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].fileName).toBe('INV 42 - evidence.pdf');
    expect([saved[0].blob.type, saved[0].blob.size]).toEqual(['application/pdf', '%PDF-1.7 evidence'.length]);
    const again = await enabledButton();
    expect(again.getAttribute('aria-busy')).toBe('false');
  });

  it('saves a selection as one packet from POST /documents/evidence with { docIds }', async () => {
    const { requests, saved, finishPacket } = setup(<EvidencePacketButton documents={[{ id: 7 }, { id: 8 }, { id: 9 }]} />);
    fireEvent.click(await enabledButton());
    await screen.findByRole('button', { name: UI_TEXT.export.evidencePacketBuilding });
    finishPacket(pdfAnswer('Evidence packet - 3 documents.pdf'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].fileName).toBe('Evidence packet - 3 documents.pdf');
    const packets = requests.filter((request) => request.url.endsWith('/evidence'));
    expect(packets.map((request) => [request.method, request.url])).toEqual([['POST', '/api/documents/evidence']]);
    expect(JSON.parse(packets[0].body ?? '')).toEqual({ docIds: [7, 8, 9] });
  });

  it("shows the server's refusal in its words and is pressable again", async () => {
    const { alerts, saved, finishPacket } = setup(<EvidencePacketButton documents={[{ id: 42 }]} />);
    fireEvent.click(await enabledButton());
    await screen.findByRole('button', { name: UI_TEXT.export.evidencePacketBuilding });
    const refusal = "An evidence packet holds every note of the documents: it needs 'Notes: View Only' or 'Notes: View Admin'.";
    finishPacket(FakeResponse.json({ statusCode: 403, exceptionType: 'Forbidden', message: refusal }, 403));
    await waitFor(() => expect(alerts()).toContain(refusal));
    expect(saved).toEqual([]);
    await enabledButton();
  });

  it('is off with the reason for no document or more than 100', async () => {
    setup(
      <>
        <EvidencePacketButton documents={[]} />
        <EvidencePacketButton documents={Array.from({ length: 101 }, (_, index) => ({ id: index + 1 }))} />
      </>,
    );
    const buttons = await screen.findAllByRole('button', { name: UI_TEXT.export.evidencePacket });
    expect(buttons.map((button) => [button.getAttribute('aria-disabled'), button.getAttribute('title')])).toEqual([
      ['true', UI_TEXT.export.evidencePacketNone],
      ['true', UI_TEXT.export.evidencePacketTooMany(100)],
    ]);
  });

  it('is off, saying why, for a caller without the export privilege', async () => {
    const { requests } = setup(<EvidencePacketButton documents={[{ id: 42 }]} />, { privileges: { 'Cabinet: Export Documents': false } });
    const button = await screen.findByRole('button', { name: UI_TEXT.export.evidencePacket });
    await waitFor(() => expect(button.getAttribute('title')).toBe(UI_TEXT.export.evidencePacketNotPermitted));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(requests.filter((request) => request.url.endsWith('/evidence'))).toEqual([]);
  });
});
