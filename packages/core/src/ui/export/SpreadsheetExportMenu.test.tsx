import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { browserHost, memoryStorage } from '../../host';
import type { HostAdapter, HostFile } from '../../host';
import { createDatahavenServices, DatahavenServicesProvider, useServices } from '../app/DatahavenServices';
import { FakeResponse } from '../test/FakeResponse';
import { testToken } from '../test/renderApp';
import { SpreadsheetExportMenu } from './SpreadsheetExportMenu';
import { UI_TEXT } from '../../locale/uiText';

interface Setup {
  requests: string[];
  saved: HostFile[];
  /** What the alert area and the exception banner show. */
  alerts: () => readonly string[];
  /** Lets the server's answer to the export go (until then the file is being prepared). */
  finish: (response: FakeResponse) => void;
}

/** The queue's Export menu as the queue screen builds it: the shown columns and the queue's export call. */
function QueueExport({ empty = false }: { empty?: boolean }) {
  const { api } = useServices();
  return (
    <SpreadsheetExportMenu
      columns={['name', 'vendor', 'amount']}
      empty={empty}
      exporter={(request) => api.spreadsheets.queueDocuments(12, { q: 'Contoso', sort: 'amount', desc: true }, request)}
    />
  );
}

function setup(empty = false): Setup {
  const requests: string[] = [];
  const saved: HostFile[] = [];
  let finish: (response: FakeResponse) => void = () => undefined;
  const fakeFetch: typeof fetch = async (input) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(decodeURIComponent(url.pathname + url.search));
    if (url.pathname.endsWith('/export')) return new Promise<FakeResponse>((resolve) => (finish = resolve));
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
        <QueueExport empty={empty} />
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return {
    requests,
    saved,
    alerts: () => {
      const { alerts, banner } = services.alerts.getSnapshot();
      return [...alerts.map((alert) => alert.text), ...(banner === null ? [] : [banner.message])];
    },
    finish: (response) => finish(response),
  };
}

async function choose(item: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: UI_TEXT.spreadsheet.export }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('SpreadsheetExportMenu', () => {
  it('asks for the whole list with the shown columns and the locale, says "Preparing export…" while it comes, and saves the file', async () => {
    const { requests, saved, finish } = setup();
    await choose(UI_TEXT.spreadsheet.excel);
    const busy = await screen.findByRole('button', { name: UI_TEXT.spreadsheet.preparing });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(requests.filter((url) => url.endsWith('/export') || url.includes('/export?'))).toEqual([
      expect.stringMatching(
        /^\/api\/queues\/12\/documents\/export\?q=Contoso&sort=amount&desc=true&format=xlsx&columns=name,vendor,amount&locale=en-US/,
      ),
    ]);
    const answer = new FakeResponse('PK', 200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    answer.headers.set('content-disposition', `attachment; filename="AP Inbox.xlsx"`);
    finish(answer);
    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['AP Inbox.xlsx']));
    const again = await screen.findByRole('button', { name: UI_TEXT.spreadsheet.export });
    expect(again.getAttribute('aria-busy')).toBe('false');
  });

  it("shows the server's refusal in its words and offers the menu again", async () => {
    const { alerts, saved, finish } = setup();
    await choose(UI_TEXT.spreadsheet.csv);
    await screen.findByRole('button', { name: UI_TEXT.spreadsheet.preparing });
    const refusal = "The list has no column 'vendor'. Its columns are: name, amount.";
    finish(FakeResponse.json({ statusCode: 400, exceptionType: 'BadRequest', message: refusal }, 400));
    await waitFor(() => expect(alerts()).toContain(refusal));
    expect(saved).toEqual([]);
    await screen.findByRole('button', { name: UI_TEXT.spreadsheet.export });
  });

  it('is off with its reason when the list is empty', async () => {
    setup(true);
    const button = await screen.findByRole('button', { name: UI_TEXT.spreadsheet.export });
    expect([button.getAttribute('aria-disabled'), button.getAttribute('title')]).toEqual(['true', UI_TEXT.spreadsheet.nothingToExport]);
  });
});
