import { useState, type ReactElement } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { browserHost, fixedSignal, memoryStorage, type HostLocale } from '../../host';
import type { DmsDocument, DocumentAccess, DocumentCustomData, Subtype } from '../../model';
import { MESSAGES, formatUserDate, todayUserDate } from '../../rules';
import { DatahavenServicesProvider, createDatahavenServices } from '../app/DatahavenServices';
import { createLocaleFormats } from '../locale/localeFormats';
import { FakeResponse } from '../test/FakeResponse';
import { testDocument, testToken, type FakeRoute, type RecordedRequest } from '../test/renderApp';
import { PROPERTIES_SECTIONS, PropertiesPanel } from './PropertiesPanel';
import { UI_TEXT } from '../../locale/uiText';

const LINK = { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 3 };
const ACCESS_NONE: DocumentAccess = {
  merge: false,
  renewLock: false,
  createLock: false,
  unlock: false,
  route: false,
  approve: false,
  reject: false,
  split: false,
  viewFileData: true,
  exportFileData: false,
  changeSubtype: false,
  delete: false,
  readNotes: true,
  readDetails: true,
  reapplyName: false,
  email: false,
  link: false,
  unlink: false,
};
const SUBTYPES: Subtype[] = [
  { id: 1, text: 'Invoice', order: 1, integratedTable: { label: 'Vendor', sitId: 3 }, categoryId: 10 },
  { id: 2, text: 'Contract', order: 2, integratedTable: { label: 'Vendor', sitId: 3 }, categoryId: null },
];
const CUSTOM: DocumentCustomData = {
  documentId: 7,
  categories: [
    {
      id: 10,
      name: 'Invoice data',
      order: 1,
      fields: [
        {
          id: 100,
          categoryId: 10,
          name: 'vat',
          label: 'VAT id',
          dataSource: 'ManualEntry',
          valueType: 'text',
          order: 1,
          required: true,
          maxLength: 20,
          editable: true,
        },
        {
          id: 101,
          categoryId: 10,
          name: 'from',
          label: 'From',
          dataSource: 'EmailHeader',
          valueType: 'text',
          order: 2,
          required: true,
          maxLength: 200,
          editable: false,
        },
      ],
    },
  ],
  values: [
    { fieldId: 100, value: 'DE1' },
    { fieldId: 101, value: 'ap@fabrikam.test' },
  ],
};

function invoice(fields: Partial<DmsDocument> = {}): DmsDocument {
  return testDocument({
    id: 7,
    name: 'scan.pdf',
    link: LINK,
    subtype: { id: 1, text: 'Invoice' },
    userString: 'PO-77',
    userDate: '2025-05-30T12:00:00.000Z',
    ...fields,
  });
}

interface Harness {
  requests: RecordedRequest[];
  changed: DmsDocument[];
}

/** Mounts the panel over fake web services; the panel re-renders with each changed document. */
function renderPanel(
  document: DmsDocument,
  routes: Record<string, FakeRoute>,
  options: { optionData?: Record<string, string>; locale?: HostLocale } = {},
): Harness {
  const requests: RecordedRequest[] = [];
  const changed: DmsDocument[] = [];
  const all: Record<string, FakeRoute> = {
    'GET /api/options': () => Object.entries(options.optionData ?? {}).map(([optionName, optionData]) => ({ optionName, optionData })),
    'GET /api/documents/7/access': () => ACCESS_NONE,
    'GET /api/document/7/custom': () => CUSTOM,
    ...routes,
  };
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = all[`${method} ${url.pathname}`];
    if (!route) return FakeResponse.json({ statusCode: 404, exceptionType: 'NotFound', message: 'Not found' }, 404);
    const answer = route(request);
    return answer instanceof FakeResponse ? answer : FakeResponse.json(answer, method === 'POST' ? 201 : 200);
  };
  const base = browserHost({
    token: testToken(),
    search: () => '',
    storage: { local: memoryStorage({}), session: memoryStorage({}) },
    fetch: fakeFetch,
  });
  const host = options.locale ? { ...base, locale: fixedSignal(options.locale) } : base;
  const services = createDatahavenServices(host, { fetch: fakeFetch });
  function Stateful(): ReactElement {
    const [current, setCurrent] = useState(document);
    return (
      <PropertiesPanel
        document={current}
        onDocumentChanged={(next) => {
          changed.push(next);
          setCurrent(next);
        }}
      />
    );
  }
  render(
    <FluentProvider theme={webLightTheme}>
      <DatahavenServicesProvider host={host} services={services}>
        <MemoryRouter>
          <Stateful />
        </MemoryRouter>
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return { requests, changed };
}

/**
 * In jsdom, tabster (Fluent's focus manager) may mark an open modal dialog itself aria-hidden (it
 * sees no layout), so queries inside a dialog include hidden elements, as the workflow tests do.
 */
const IN_DIALOG = { hidden: true } as const;

describe('PropertiesPanel', () => {
  it('shows the six sections open, the user fields under the option labels and a 12:00 UTC date as a date', async () => {
    renderPanel(invoice(), {}, { optionData: { 'Document User String 1 Label': 'PO number', 'Document User Date 1 Label': 'Due on' } });
    const panel = screen.getByRole('complementary', { name: 'Document properties' });
    for (const section of PROPERTIES_SECTIONS) {
      expect(within(panel).getByRole('button', { name: UI_TEXT.properties.sections[section] }).getAttribute('aria-expanded')).toBe('true');
    }
    expect(await screen.findByRole('textbox', { name: 'PO number' })).toHaveProperty('value', 'PO-77');
    expect(screen.getByRole('combobox', { name: 'Due on' })).toHaveProperty('value', '05/30/2025');
    // Basic info: the label from the option, the 12:00 UTC date as a date without a time.
    const term = within(panel)
      .getAllByText('Due on')
      .find((element) => element.tagName === 'DT');
    expect(term?.nextElementSibling?.textContent).toBe(
      createLocaleFormats({ language: 'en-US', region: 'en-US' }).formatDate('2025-05-30T12:00:00.000Z'),
    );
    expect(term?.nextElementSibling?.textContent).not.toMatch(/\d:\d\d/);
    // Offered only with the access flags.
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change subtype' })).toBeNull();
  });

  it('collapses a section from the keyboard-operable header', async () => {
    renderPanel(invoice(), {});
    const header = screen.getByRole('button', { name: 'Advanced info' });
    fireEvent.click(header);
    await waitFor(() => expect(header.getAttribute('aria-expanded')).toBe('false'));
  });

  it('shows the year-1900 placeholder date as blank', async () => {
    renderPanel(invoice({ userDate: '1900-01-01T12:00:00.000Z' }), {});
    expect(await screen.findByRole('combobox', { name: 'User Date 1' })).toHaveProperty('value', '');
  });

  it("says the spec's date messages: while invalid, then saves it as blank and asks to re-enter", async () => {
    const app = renderPanel(invoice(), {
      'PUT /api/documents/7': (request) => invoice({ userDate: (request.body as { userDate: string | null }).userDate, rowVersion: 2 }),
    });
    const date = await screen.findByRole('combobox', { name: 'User Date 1' });
    fireEvent.change(date, { target: { value: '31/12/2025' } });
    expect(screen.getByText(MESSAGES.enterValidDate)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(MESSAGES.reenterValidDate);
    expect(app.requests.filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/documents/7', body: { userDate: null } }),
    ]);

    fireEvent.change(screen.getByRole('combobox', { name: 'User Date 1' }), { target: { value: '12/31/2025' } });
    expect(screen.queryByText(MESSAGES.reenterValidDate)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(app.requests.filter((r) => r.method === 'PUT')[1].body).toEqual({ userDate: '2025-12-31T12:00:00.000Z' });
  });

  it('takes a date typed as 30.05.2025 in de-DE and saves it as 2025-05-30; shows the stored date the German way', async () => {
    const app = renderPanel(
      invoice({ userDate: '2025-04-01T12:00:00.000Z' }),
      { 'PUT /api/documents/7': (request) => invoice({ userDate: (request.body as { userDate: string | null }).userDate, rowVersion: 2 }) },
      {
        locale: { language: 'de-DE', region: 'de-DE' },
      },
    );
    const date = await screen.findByRole('combobox', { name: 'User Date 1' });
    expect(date).toHaveProperty('value', '01.04.2025');
    expect(screen.getByText('Format DD.MM.YYYY')).toBeTruthy();
    fireEvent.change(date, { target: { value: '30.05.2025' } });
    fireEvent.blur(date);
    expect(screen.queryByText(MESSAGES.enterValidDate)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(app.requests.find((r) => r.method === 'PUT')?.body).toEqual({ userDate: '2025-05-30T12:00:00.000Z' });
    // The US form is no date in de-DE.
    fireEvent.change(screen.getByRole('combobox', { name: 'User Date 1' }), { target: { value: '05/30/2025' } });
    expect(screen.getByText(MESSAGES.enterValidDate)).toBeTruthy();
  });

  it('fills a blank user date with today when "Default User Date to Today" is on', async () => {
    renderPanel(invoice({ userDate: null }), {}, { optionData: { 'Default User Date to Today': 'true' } });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'User Date 1' })).toHaveProperty('value', formatUserDate(todayUserDate(new Date()))),
    );
    expect(screen.getByText('Defaulted to today; save to keep it.')).toBeTruthy();
  });

  it('changes the subtype, then updates the extra data, then re-reads the document', async () => {
    const app = renderPanel(invoice(), {
      'GET /api/documents/7/access': () => ({ ...ACCESS_NONE, changeSubtype: true }),
      'GET /api/documents/type/3/subtypes': () => SUBTYPES,
      'PUT /api/documents/7/subtype': () => invoice({ subtype: { id: 2, text: 'Contract' }, rowVersion: 2 }),
      'PUT /api/documents/7': () => invoice({ subtype: { id: 2, text: 'Contract' }, userString: 'PO-78', rowVersion: 3 }),
      'GET /api/documents/7': () => invoice({ subtype: { id: 2, text: 'Contract' }, userString: 'PO-78', rowVersion: 3 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change subtype' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change subtype' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Contract', ...IN_DIALOG }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'User String 1', ...IN_DIALOG }), { target: { value: 'PO-78' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to Contract', ...IN_DIALOG }));
    await waitFor(() => expect(app.changed).toHaveLength(1));
    expect(app.changed[0]).toMatchObject({ subtype: { id: 2, text: 'Contract' }, userString: 'PO-78' });
    const writes = app.requests.filter((r) => r.method !== 'GET' || r.path === '/api/documents/7');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/documents/7/subtype',
      'PUT /api/documents/7',
      'GET /api/documents/7',
    ]);
    expect(writes[0].body).toEqual({ subtype: 2, rowVersion: 1 });
    expect(writes[1].body).toEqual({ userString: 'PO-78' });
    expect(app.requests.find((r) => r.path === '/api/documents/type/3/subtypes')?.search.get('modify')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the dialog open with the server's message when the change is refused", async () => {
    renderPanel(invoice(), {
      'GET /api/documents/7/access': () => ({ ...ACCESS_NONE, changeSubtype: true }),
      'GET /api/documents/type/3/subtypes': () => SUBTYPES,
      'PUT /api/documents/7/subtype': () =>
        FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.documentLockedByOther }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change subtype' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change subtype' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Contract', ...IN_DIALOG }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to Contract', ...IN_DIALOG }));
    expect(await within(dialog).findByText(MESSAGES.documentLockedByOther)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Change to Contract', ...IN_DIALOG })).toHaveProperty('disabled', false);
  });

  const renameRoutes = (): Record<string, FakeRoute> => ({
    'GET /api/documents/7/access': () => ({ ...ACCESS_NONE, reapplyName: true }),
    'PUT /api/documents/7': (request) =>
      invoice({ name: 'name' in (request.body as object) ? 'March.pdf' : 'V10000 Invoice 2025-05-30.pdf', rowVersion: 2 }),
  });

  it('renames the document when reapplyName is granted', async () => {
    const app = renderPanel(invoice(), renameRoutes());
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename document' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Name', ...IN_DIALOG }), { target: { value: 'March.pdf' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename', ...IN_DIALOG }));
    await waitFor(() => expect(app.changed.map((d) => d.name)).toEqual(['March.pdf']));
    expect(app.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ name: 'March.pdf' }]);
  });

  it('applies the automatic name from the rename dialog', async () => {
    const app = renderPanel(invoice(), renameRoutes());
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename document' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Apply automatic name', ...IN_DIALOG }));
    await waitFor(() => expect(app.changed.map((d) => d.name)).toEqual(['V10000 Invoice 2025-05-30.pdf']));
    expect(app.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ autoname: true }]);
  });

  it('edits only ManualEntry custom fields and checks required values before saving', async () => {
    const app = renderPanel(invoice(), {
      'POST /api/document/7/custom': () => ({ ...CUSTOM, values: [{ fieldId: 100, value: 'DE2' }, CUSTOM.values[1]] }),
    });
    const vat = await screen.findByRole('textbox', { name: /VAT id/ });
    expect(screen.getByRole('textbox', { name: /From/ })).toHaveProperty('readOnly', true);
    expect(vat).toHaveProperty('readOnly', false);
    fireEvent.change(vat, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save custom data' }));
    expect(await screen.findByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(app.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(vat, { target: { value: 'DE2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save custom data' }));
    });
    await waitFor(() => expect(app.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(app.requests.find((r) => r.method === 'POST')?.body).toEqual({ values: [{ fieldId: 100, value: 'DE2' }] });
  });

  it("shows where the write-back of a linked document's decision to the ERP stands, in the server's words", async () => {
    const app = renderPanel(invoice(), {
      'GET /api/documents/7/erp-status': () => ({
        state: 'updated',
        text: 'ERP updated',
        detail: 'Business Central holds Approved for PI-1002.',
        status: 'Approved',
        erpStatus: 'Approved',
        recordNumber: 'PI-1002',
        decidedAt: '2026-12-07T10:00:00.000Z',
        finishedAt: '2026-12-07T10:00:02.000Z',
      }),
    });
    const line = await screen.findByRole('status', { name: 'ERP status' });
    await waitFor(() => expect(line.textContent).toBe('ERP updatedBusiness Central holds Approved for PI-1002.'));
    expect(app.requests.filter((r) => r.path === '/api/documents/7/erp-status')).toHaveLength(1);
  });

  it('says when nothing of a linked document was written to the ERP', async () => {
    const linked = renderPanel(invoice(), { 'GET /api/documents/7/erp-status': () => null });
    const line = await screen.findByRole('status', { name: 'ERP status' });
    await waitFor(() => expect(line.textContent).toBe('Nothing written to the ERP'));
    expect(linked.requests.some((r) => r.path === '/api/documents/7/erp-status')).toBe(true);
  });

  it('asks nothing about the ERP for an unlinked document', async () => {
    const unlinked = renderPanel(invoice({ link: null }), {});
    await screen.findByRole('button', { name: 'Advanced info' });
    await waitFor(() => expect(unlinked.requests.some((r) => r.path === '/api/documents/7/access')).toBe(true));
    expect(screen.queryByRole('status', { name: 'ERP status' })).toBeNull();
    expect(unlinked.requests.some((r) => r.path === '/api/documents/7/erp-status')).toBe(false);
  });
});
