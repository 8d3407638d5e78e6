import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { HostAdapter, RecordToOpen } from '../../host';
import { encodeDocumentId, type DocumentLink } from '../../model';
import { MESSAGES, recordUrlError } from '../../rules';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument, testFolder, type FakeRoute } from '../test/renderApp';
import { LAUNCH_LINKED_DOC_ID_KEY } from './launchLinkedRecord';

const RECORD_ID = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
const URL_ANSWER = { url: 'https://bc.example/CRONUS/?company=CRONUS&page=51', pageId: 51, number: 'PI-1003' };
const LINK: DocumentLink = {
  dataAreaId: 'CRONUS',
  sourceTableId: 38,
  sourceType: 2,
  sourceNumber: 'PI-1003',
  sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
  recordId: RECORD_ID,
  sitId: 2,
};
const linkedDoc = (link: DocumentLink | null = LINK) => testDocument({ id: 7, name: 'invoice.pdf', link });

function routes(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/options': () => [],
    'GET /api/documents/7': () => linkedDoc(),
    'GET /api/entities/url': () => URL_ANSWER,
    ...overrides,
  };
}

/** What the host was asked to open: URLs (a promise while the URL is being made) and records the ERP opens itself. */
interface Opened {
  urls: (string | Promise<string>)[];
  records: RecordToOpen[];
}

function withOpeners(opened: Opened, erp: 'none' | 'opens' | 'refuses', openUrlFails = false): (base: HostAdapter) => HostAdapter {
  return (base) => ({
    ...base,
    openUrl: (url) => {
      if (openUrlFails) throw new Error('The window was not allowed.');
      opened.urls.push(url);
    },
    ...(erp === 'none'
      ? {}
      : {
          openRecord: (record: RecordToOpen) => {
            opened.records.push(record);
            return erp === 'opens' ? Promise.resolve() : Promise.reject(new Error('404'));
          },
        }),
  });
}

describe('/launch-linked and Launch Card', () => {
  it("outside an ERP opens a window at once and sends it to the record's URL from GET /entities/url", async () => {
    const opened: Opened = { urls: [], records: [] };
    const app = renderApp(`/launch-linked?docId=${encodeDocumentId(7)}`, routes(), { host: withOpeners(opened, 'none') });
    expect(await screen.findByText('PI-1003 opened in the ERP.', { selector: '[role=status]' })).toBeTruthy();
    expect(opened.urls).toHaveLength(1);
    await expect(opened.urls[0]).resolves.toBe(URL_ANSWER.url);
    const call = app.requests.find((request) => request.path === '/api/entities/url');
    expect(call?.search.toString()).toBe(`typeName=bc%3AMicrosoft.NAV.PurchaseHeader&dataAreaId=CRONUS&recordId=${RECORD_ID}`);
  });

  it('in an ERP that opens records itself hands the record to the parent and opens no window; when the parent cannot, the URL opens', async () => {
    const opened: Opened = { urls: [], records: [] };
    renderApp('/launch-linked?docId=7', routes(), { host: withOpeners(opened, 'opens') });
    await screen.findByText('PI-1003 opened in the ERP.', { selector: '[role=status]' });
    expect(opened.records).toEqual([
      { typeName: LINK.sourceEntityTypeName, dataAreaId: 'CRONUS', recordId: RECORD_ID, number: 'PI-1003', url: URL_ANSWER.url },
    ]);
    expect(opened.urls).toEqual([]);
  });

  it('opens the URL when the parent frame refuses to open the record', async () => {
    const opened: Opened = { urls: [], records: [] };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/launch-linked?docId=7', routes(), { host: withOpeners(opened, 'refuses') });
    await screen.findByText('PI-1003 opened in the ERP.', { selector: '[role=status]' });
    expect(opened.records).toHaveLength(1);
    expect(opened.urls).toEqual([URL_ANSWER.url]);
    warn.mockRestore();
  });

  it("says 'There was an error getting a URL to record: …' with the server's words when GET /entities/url fails", async () => {
    const opened: Opened = { urls: [], records: [] };
    const failing = () =>
      FakeResponse.json(
        {
          statusCode: 503,
          exceptionType: 'InternalError',
          message: 'Business Central cannot be reached right now. Please try again later.',
        },
        503,
      );
    renderApp('/launch-linked?docId=7', routes({ 'GET /api/entities/url': failing }), { host: withOpeners(opened, 'opens') });
    expect(await screen.findByText(recordUrlError('Business Central cannot be reached right now. Please try again later.'))).toBeTruthy();
    expect(opened.records).toEqual([]);
  });

  it("warns 'Unable to generate URL to record...' for a link without its entity type, and for an empty URL", async () => {
    const opened: Opened = { urls: [], records: [] };
    const first = renderApp(
      '/launch-linked?docId=7',
      routes({ 'GET /api/documents/7': () => linkedDoc({ ...LINK, sourceEntityTypeName: undefined }) }),
      { host: withOpeners(opened, 'opens') },
    );
    expect(await screen.findByText(MESSAGES.unableToGenerateRecordUrl)).toBeTruthy();
    expect(first.requests.some((request) => request.path === '/api/entities/url')).toBe(false);
    first.unmount();
    renderApp('/launch-linked?docId=7', routes({ 'GET /api/entities/url': () => ({ ...URL_ANSWER, url: '' }) }), {
      host: withOpeners(opened, 'opens'),
    });
    expect(await screen.findByText(MESSAGES.unableToGenerateRecordUrl)).toBeTruthy();
    expect(opened.records).toEqual([]);
  });

  it("logs 'There was an error launching a record.' when the host cannot open the record, and says so", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/launch-linked?docId=7', routes(), { host: withOpeners({ urls: [], records: [] }, 'none', true) });
    expect(await screen.findByText(MESSAGES.launchRecordError)).toBeTruthy();
    expect(logged.mock.calls.some((call) => call[0] === MESSAGES.launchRecordError)).toBe(true);
    logged.mockRestore();
  });

  it("without docId reads the local-storage item 'launch-linked docId' once", async () => {
    const opened: Opened = { urls: [], records: [] };
    const app = renderApp('/launch-linked', routes(), {
      host: withOpeners(opened, 'opens'),
      local: { [LAUNCH_LINKED_DOC_ID_KEY]: encodeDocumentId(7) },
    });
    await screen.findByText('PI-1003 opened in the ERP.', { selector: '[role=status]' });
    expect(app.local.getItem(LAUNCH_LINKED_DOC_ID_KEY)).toBeNull();
    expect(opened.records).toHaveLength(1);
  });

  describe('Launch Card in the folders', () => {
    const CONTEXT = '?recordId=r1&typeName=bc:Microsoft.NAV.Vendor';
    const folderRoutes = (held: boolean): Record<string, FakeRoute> => ({
      'GET /api/options': () => [],
      'GET /api/folder-structure': () => [
        testFolder('f1', 'Invoices', [{ type: 'document', id: 7, name: 'invoice.pdf', document: linkedDoc() }]),
      ],
      'GET /api/documents/7/access': () => ({}),
      'GET /api/can': (request) => ({
        action: request.search.get('action'),
        value: held && request.search.get('action') === 'Dynamics: Launch Card From Document',
      }),
      'GET /api/entities/url': () => URL_ANSWER,
    });

    it('is off without the privilege, with its reason', async () => {
      const opened: Opened = { urls: [], records: [] };
      renderApp(`/folders${CONTEXT}`, folderRoutes(false), { search: CONTEXT, host: withOpeners(opened, 'opens') });
      fireEvent.click(await screen.findByRole('treeitem', { name: /^invoice\.pdf/ }));
      const button = await screen.findByRole('button', { name: 'Launch Card' });
      await waitFor(() =>
        expect(button.getAttribute('title')).toBe('This document is not linked, or you may not open records in the ERP.'),
      );
      fireEvent.click(button);
      expect(opened.records).toEqual([]);
    });

    it("with 'Dynamics: Launch Card From Document' opens the selected linked document's record", async () => {
      const opened: Opened = { urls: [], records: [] };
      renderApp(`/folders${CONTEXT}`, folderRoutes(true), { search: CONTEXT, host: withOpeners(opened, 'opens') });
      fireEvent.click(await screen.findByRole('treeitem', { name: /^invoice\.pdf/ }));
      const button = await screen.findByRole('button', { name: 'Launch Card' });
      await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
      fireEvent.click(button);
      await waitFor(() => expect(opened.records.map((record) => record.number)).toEqual(['PI-1003']));
    });
  });
});
