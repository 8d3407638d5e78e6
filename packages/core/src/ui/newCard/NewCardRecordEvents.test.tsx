import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DOCUMENT_ACCESS_FLAGS, type DocumentAccess, type FolderEntry } from '../../model';
import type { HostAdapter, RecordEvent } from '../../host';
import { MESSAGES } from '../../rules';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument, testFolder, type FakeRoute, type RecordedRequest } from '../test/renderApp';
import { NEW_CARD_ITEMS_KEY, type NewCardItem } from './newCardItems';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23&typeName=bc:Microsoft.NAV.Vendor';
const TYPE = 'bc:Microsoft.NAV.PurchaseHeader';
const INSERTED: RecordEvent = {
  eventType: 'insert',
  typeName: TYPE,
  tableId: 38,
  dataAreaId: 'CRONUS',
  recordId: '00000000-0000-4000-8000-000000000011',
  number: 'PI-1011',
};
const LINK = {
  dataAreaId: 'CRONUS',
  sourceTableId: 38,
  sourceType: 2,
  sourceNumber: 'PI-1011',
  sourceEntityTypeName: TYPE,
  recordId: INSERTED.recordId,
  sitId: 2,
};
const ITEM: NewCardItem = {
  docId: 7,
  docName: 'NW-77 invoice.pdf',
  typeId: 2,
  subtypeId: 5,
  cancelled: false,
  openerName: '/folders',
  queueId: 3,
};

const access = (): DocumentAccess => ({
  ...(Object.fromEntries(DOCUMENT_ACCESS_FLAGS.map((flag) => [flag, false])) as unknown as DocumentAccess),
  link: true,
});
const structure = (): FolderEntry[] => [
  testFolder('f1', 'Invoices', [
    {
      type: 'document',
      id: 7,
      name: 'NW-77 invoice.pdf',
      document: testDocument({
        id: 7,
        name: 'NW-77 invoice.pdf',
        link: null,
        queue: { id: 3, name: 'AP Inbox', queueTypeName: 'Invoices', features1: 0, features2: 0 },
      }),
    },
  ]),
];

function routes(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/options': () => [],
    'GET /api/folder-structure': () => structure(),
    'GET /api/documents/7/access': () => access(),
    'GET /api/can': (request) => ({ action: request.search.get('action'), value: true }),
    'GET /api/sits/allowsNewCard': () => [
      {
        id: 1,
        externalTableId: 23,
        sourceTypeId: 0,
        entityTypeName: 'bc:Microsoft.NAV.Vendor',
        label: 'Vendor',
        productType: 'bc',
        allowNewCard: true,
      },
      {
        id: 2,
        externalTableId: 38,
        sourceTypeId: 2,
        entityTypeName: TYPE,
        label: 'Purchase Invoice',
        productType: 'bc',
        allowNewCard: true,
      },
    ],
    'GET /api/documents/type/2/subtypes': () => [
      { id: 5, text: 'Vendor Invoice', order: 1, integratedTable: { label: 'Purchase Invoice', sitId: 2 }, categoryId: null },
    ],
    'GET /api/entity-types/bc%3AMicrosoft.NAV.vendor/entities': () => [{ id: 'v3', number: 'V30000', displayName: 'Northwind Traders' }],
    'PUT /api/documents/7/new-card': (request) =>
      (request.body as { operationType: string }).operationType === 'initiate'
        ? {
            docId: 7,
            typeId: 2,
            subTypeId: 5,
            dataAreaId: 'CRONUS',
            tableId: 38,
            typeName: TYPE,
            label: 'Purchase Invoice',
            status: 'initiated',
            initiatedAt: '2025-06-01T08:00:00Z',
          }
        : { link: LINK, rowVersion: 3 },
    ...overrides,
  };
}

/** A host whose ERP parent can send 'PUT /record/event' (`send` resolves when the listeners are done, as the parent's answer waits), and that records the link notices. */
function erpParent(): { wrap: (base: HostAdapter) => HostAdapter; send: (event: RecordEvent) => Promise<void>; linked: unknown[] } {
  const listeners = new Set<(event: RecordEvent) => Promise<void> | void>();
  const linked: unknown[] = [];
  return {
    linked,
    wrap: (base) => ({
      ...base,
      onRecordEvent(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      notifyDocumentLinked: async (notice) => {
        linked.push(notice);
      },
    }),
    send: async (event) => {
      await act(async () => {
        await Promise.all([...listeners].map((listener) => listener(event)));
      });
    },
  };
}

const completes = (requests: RecordedRequest[]): unknown[] =>
  requests
    .filter(
      (request) => request.path === '/api/documents/7/new-card' && (request.body as { operationType: string }).operationType === 'complete',
    )
    .map((request) => request.body);

async function openAndStart(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('treeitem', { name: /^NW-77 invoice\.pdf/ }));
  const action = screen.getByRole('button', { name: 'New Card From Document' });
  await waitFor(() => expect(action.getAttribute('aria-disabled')).not.toBe('true'));
  fireEvent.click(action);
  const dialog = await screen.findByRole('dialog', { hidden: true });
  const type = (await within(dialog).findByRole('combobox', { name: 'Record type', hidden: true })) as HTMLSelectElement;
  await waitFor(() => expect(type.value).toBe('2'));
  await waitFor(() =>
    expect((within(dialog).getByRole('combobox', { name: 'Document subtype', hidden: true }) as HTMLSelectElement).value).toBe('5'),
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
  await within(dialog).findByText('New Purchase Invoice');
  return dialog;
}

describe("New Card From Document completed by the ERP's insert event (PUT /record/event)", () => {
  // jsdom has no ResizeObserver, which Fluent's MessageBar asks for once the folders show one after the link: one that observes nothing.
  const resizeObserver = window.ResizeObserver;
  beforeAll(() => {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  });
  afterAll(() => {
    window.ResizeObserver = resizeObserver;
  });

  it('links the document when the ERP saves the record on its own page: the dialog shows it, the item goes, the ERP page is told', async () => {
    const parent = erpParent();
    const app = renderApp(`/folders${CONTEXT}`, routes(), { search: CONTEXT, host: parent.wrap });
    const dialog = await openAndStart();
    expect(
      within(dialog).getByText("Or make the record on the ERP's own page: when it is saved there, the document is linked to it."),
    ).toBeTruthy();
    await waitFor(() => expect(JSON.parse(app.local.getItem(NEW_CARD_ITEMS_KEY) ?? '[]')).toEqual([ITEM]));

    // Another table's insert is not this new card's.
    await parent.send({ ...INSERTED, typeName: 'bc:Microsoft.NAV.Vendor', tableId: 23 });
    expect(completes(app.requests)).toEqual([]);

    await parent.send(INSERTED);
    expect(await within(dialog).findByText('Purchase Invoice PI-1011 was created and the document linked to it.')).toBeTruthy();
    expect(completes(app.requests)).toEqual([
      { operationType: 'complete', typeId: 2, subTypeId: 5, dataAreaId: 'CRONUS', tableId: 38, recordId: INSERTED.recordId },
    ]);
    expect(app.local.getItem(NEW_CARD_ITEMS_KEY)).toBeNull();
    // The record is open in the ERP already: no 'Open', and no 'no URL' warning.
    expect(within(dialog).queryByText(MESSAGES.noUrlForNewRecord)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Open PI-1011', hidden: true })).toBeNull();
    expect(parent.linked).toEqual([{ docId: 7, typeName: TYPE, dataAreaId: 'CRONUS', recordId: INSERTED.recordId }]);
    // A second event for the same save finds nothing pending.
    await parent.send(INSERTED);
    expect(completes(app.requests)).toHaveLength(1);
  });

  it("shows 'The product failed to link the document to the newly created record.' with the server's reason when complete is refused", async () => {
    const parent = erpParent();
    const refused: FakeRoute = (request) =>
      (request.body as { operationType: string }).operationType === 'initiate'
        ? {
            docId: 7,
            typeId: 2,
            subTypeId: 5,
            dataAreaId: 'CRONUS',
            tableId: 38,
            typeName: TYPE,
            label: 'Purchase Invoice',
            status: 'initiated',
            initiatedAt: '2025-06-01T08:00:00Z',
          }
        : FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: 'The document has been locked by another user.' }, 409);
    renderApp(`/folders${CONTEXT}`, routes({ 'PUT /api/documents/7/new-card': refused }), { search: CONTEXT, host: parent.wrap });
    const dialog = await openAndStart();
    await parent.send(INSERTED);
    expect(await within(dialog).findByText(MESSAGES.linkToNewRecordFailed)).toBeTruthy();
    expect(within(dialog).getByText('Reason: The document has been locked by another user.')).toBeTruthy();
    expect(parent.linked).toEqual([]);
  });

  it('completes an item of another window (no dialog here) and says so; a cancelled item is never completed', async () => {
    const parent = erpParent();
    const app = renderApp(`/folders${CONTEXT}`, routes(), {
      search: CONTEXT,
      host: parent.wrap,
      local: { [NEW_CARD_ITEMS_KEY]: JSON.stringify([{ ...ITEM, cancelled: true }]) },
    });
    await screen.findByRole('treeitem', { name: /^NW-77 invoice\.pdf/ });
    await parent.send(INSERTED);
    expect(completes(app.requests)).toEqual([]);
    expect(app.local.getItem(NEW_CARD_ITEMS_KEY)).not.toBeNull();

    app.local.setItem(NEW_CARD_ITEMS_KEY, JSON.stringify([ITEM]));
    await parent.send(INSERTED);
    expect(await screen.findByText('NW-77 invoice.pdf is linked to the new Purchase Invoice PI-1011.')).toBeTruthy();
    expect(completes(app.requests)).toHaveLength(1);
    expect(app.local.getItem(NEW_CARD_ITEMS_KEY)).toBeNull();
  });
});
