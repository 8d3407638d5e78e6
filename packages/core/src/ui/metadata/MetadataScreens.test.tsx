import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, type FakeRoute } from '../test/renderApp';

const VENDOR = {
  name: 'bc:Microsoft.NAV.vendor',
  entitySet: 'vendors',
  keys: ['id'],
  properties: [
    { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null },
    { name: 'number', type: 'Edm.String', nullable: true, maxLength: 20 },
  ],
  navigations: [{ name: 'purchaseInvoices', targetType: 'Microsoft.NAV.purchaseInvoice', collection: true }],
};
const INVOICE = { name: 'bc:Microsoft.NAV.purchaseInvoice', entitySet: 'purchaseInvoices', keys: ['id'], properties: [], navigations: [] };
const guid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const VENDORS = Array.from({ length: 31 }, (_, i) => ({ id: guid(i), number: `V${10000 + i * 10}`, dataAreaId: 'CRONUS' }));

function routes(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/options': () => [],
    'GET /api/debug/meta-list/entities/bc': () => [VENDOR, INVOICE],
    'GET /api/entity-types/bc%3Asource/system': () => ({ prefix: 'bc', label: 'Business Central', defaultDataAreaId: 'CRONUS' }),
    'GET /api/debug/meta/bc%3AMicrosoft.NAV.vendor': () => VENDOR,
    'GET /api/entity-types/bc%3AMicrosoft.NAV.vendor/properties': () => [
      { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null, isKey: true },
      { name: 'number', type: 'Edm.String', nullable: true, maxLength: 20, isKey: false },
    ],
    'GET /api/entity-types/bc%3AMicrosoft.NAV.vendor/entities': (request) => {
      const filter = request.search.get('q_number') ?? '';
      const skip = Number(request.search.get('skip'));
      return VENDORS.filter((vendor) => vendor.number.includes(filter)).slice(skip, skip + Number(request.search.get('take')));
    },
    ...overrides,
  };
}

describe('metadata screens', () => {
  it('/metadata-sources/{prefix}: the ERP, its company and its entity types, filtered, each a link to its description', async () => {
    renderApp('/metadata-sources/bc', routes());
    expect(await screen.findByRole('heading', { name: 'Business Central (bc)' })).toBeTruthy();
    expect(screen.getByText('Default company: CRONUS')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Entity types' });
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['bc:Microsoft.NAV.vendor', 'bc:Microsoft.NAV.purchaseInvoice']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter entity types' }), { target: { value: 'invoice' } });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['bc:Microsoft.NAV.purchaseInvoice']),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter entity types' }), { target: { value: 'nothing' } });
    expect(await screen.findByText('No entity types match.')).toBeTruthy();
  });

  it('/metadata/entities without a prefix lists bc; a refusal shows the server words with Retry', async () => {
    let refuse = true;
    renderApp(
      '/metadata/entities',
      routes({
        'GET /api/debug/meta-list/entities/bc': () =>
          refuse ? FakeResponse.json({ statusCode: 403, exceptionType: 'Forbidden', message: 'Security: Manager only.' }, 403) : [VENDOR],
      }),
    );
    expect(await screen.findByText('Security: Manager only.')).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'bc:Microsoft.NAV.vendor' })).toBeTruthy();
  });

  it('/metadata/entity/{type}: keys, properties, navigations linked to their target, and the records', async () => {
    renderApp(`/metadata/entity/${encodeURIComponent('bc:Microsoft.NAV.vendor')}`, routes());
    const properties = await screen.findByRole('table', { name: 'Properties' });
    expect(
      within(properties)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['id', 'number']);
    expect(screen.getByText('Keys: id')).toBeTruthy();
    const target = within(screen.getByRole('table', { name: 'Navigations' })).getByRole('link', { name: 'Microsoft.NAV.purchaseInvoice' });
    expect(target.getAttribute('href')).toBe(`/metadata/entity/${encodeURIComponent('bc:Microsoft.NAV.purchaseInvoice')}`);
    fireEvent.click(screen.getByRole('link', { name: 'Show records' }));
    expect(await screen.findByRole('heading', { name: 'Records of bc:Microsoft.NAV.vendor' })).toBeTruthy();
  });

  it('/entity-types/{name}/entities: 30 a page, the next page, a filter per column, and an empty state', async () => {
    const app = renderApp(`/entity-types/${encodeURIComponent('bc:Microsoft.NAV.vendor')}/entities?dataAreaId=CRONUS`, routes(), {
      search: '?dataAreaId=CRONUS',
    });
    const table = await screen.findByRole('table', { name: 'Records' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2 + 30));
    const next = screen.getByRole('button', { name: 'Next page' });
    fireEvent.click(next);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2 + 1));
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(table).getByRole('textbox', { name: 'Filter number' }), { target: { value: 'V99' } });
    expect(await screen.findByText('No records match the filters.')).toBeTruthy();
    const last = app.requests.filter((request) => request.path.endsWith('/entities')).at(-1);
    expect(last?.search.get('q_number')).toBe('V99');
    expect(last?.search.get('skip')).toBe('0');
    expect(last?.search.get('dataAreaId')).toBe('CRONUS');
  });
});
