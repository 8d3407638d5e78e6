import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { browserHost, memoryStorage } from '../../host';
import type { EmailDraftRequest, HostAdapter } from '../../host';
import type { DocumentAccess } from '../../model';
import { createDatahavenServices, DatahavenServicesProvider } from '../app/DatahavenServices';
import { FakeResponse } from '../test/FakeResponse';
import { testDocument, testToken } from '../test/renderApp';
import { DeleteDocumentsButton } from './DeleteDocumentsButton';
import { DownloadMenu } from './DownloadMenu';
import { emailErrorMessage } from './emailErrorMessage';
import { CREATE_MAIL_DRAFT_TEXT, EMAIL_UNAVAILABLE_TEXT, ViewerExportActions } from './ViewerExportActions';
import { watchMenuPropsWarnings } from '../test/watchMenuPropsWarnings';
import { UI_TEXT } from '../../locale/uiText';

/**
 * In jsdom, tabster (Fluent's focus manager) may mark an open modal dialog itself aria-hidden at
 * any moment (it sees no layout), so queries for and inside a dialog include hidden elements.
 */
const IN_DIALOG = { hidden: true } as const;

const ACCESS: DocumentAccess = {
  merge: false,
  renewLock: false,
  createLock: false,
  unlock: false,
  route: false,
  approve: false,
  reject: false,
  split: false,
  viewFileData: true,
  exportFileData: true,
  changeSubtype: false,
  delete: true,
  readNotes: true,
  readDetails: true,
  reapplyName: false,
  email: true,
  link: false,
  unlink: false,
};

interface Setup {
  requests: { method: string; url: string; headers: Headers }[];
  host: HostAdapter;
  alerts: () => readonly string[];
}

interface SetupOptions {
  access?: Partial<DocumentAccess>;
  local?: Record<string, string>;
  graphToken?: string;
  /** An ERP-like host that makes drafts itself (HostAdapter.createEmailDraft). */
  createEmailDraft?: (request: EmailDraftRequest) => Promise<void>;
  /** The server's `DATAHAVEN_EMBED_ANNOTATIONS`, answered by GET /api/export/defaults. */
  embedByDefault?: boolean;
  answer?: (url: URL, method: string) => FakeResponse | undefined;
}

function setup(ui: ReactElement, options: SetupOptions = {}): Setup {
  const requests: Setup['requests'] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    requests.push({ method, url: decodeURIComponent(url.pathname + url.search), headers: new Headers(init?.headers) });
    const custom = options.answer?.(url, method);
    if (custom) return custom;
    if (/\/access$/.test(url.pathname)) return FakeResponse.json({ ...ACCESS, ...options.access });
    if (url.pathname === '/api/export/defaults') return FakeResponse.json({ embedAnnotations: options.embedByDefault ?? false });
    if (method === 'DELETE') return FakeResponse.json({ deleted: url.searchParams.getAll('docId[]').map(Number) });
    return new FakeResponse('%PDF-1.7', 200, 'application/pdf');
  };
  const base = browserHost({
    token: testToken(),
    search: () => '',
    storage: { local: memoryStorage(options.local ?? {}), session: memoryStorage({}) },
    fetch: fakeFetch,
  });
  const extra: Partial<HostAdapter> = {};
  if (options.graphToken !== undefined) extra.getGraphToken = async () => options.graphToken ?? '';
  if (options.createEmailDraft !== undefined) extra.createEmailDraft = options.createEmailDraft;
  const host: HostAdapter = Object.assign(Object.create(Object.getPrototypeOf(base) as object) as HostAdapter, base, extra);
  const services = createDatahavenServices(host, { fetch: fakeFetch });
  render(
    <FluentProvider theme={webLightTheme}>
      <DatahavenServicesProvider host={host} services={services}>
        {ui}
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return { requests, host, alerts: () => services.alerts.getSnapshot().alerts.map((alert) => alert.text) };
}

const dataUrls = (requests: Setup['requests']): string[] => requests.filter((r) => r.url.includes('/data')).map((r) => r.url);

async function openMenu(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
  fireEvent.click(button);
  return button;
}

const pdf = testDocument({ id: 7, name: 'Invoice.pdf' });

// The export menus keep the annotations checkbox's state on their Menu, where Fluent wants it.
watchMenuPropsWarnings();

/** The blobs handed out as object URLs, so a test can tell which bytes a download link pointed at. */
const blobUrls = new Map<string, Blob>();

beforeAll(() => {
  // jsdom has neither blob URLs nor a print dialog.
  const createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:http://localhost/${blobUrls.size + 1}`;
    blobUrls.set(url, blob);
    return url;
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
});

/** A file the page asked the browser to save: the link's file name, the type of the blob behind it, whether the link was in the document. */
interface SavedDownload {
  fileName: string;
  type: string | undefined;
  inDocument: boolean;
}

/**
 * The browser's download, recorded. The plain-browser host saves a file by clicking a link with
 * `download` and a blob URL (saveFileAsDownload); a browser saves it, jsdom tries to follow it and
 * prints "Not implemented: navigation". The click is where the page hands over to the browser,
 * so that is where the tests take the browser's place and keep what it was asked to save.
 */
let downloads: SavedDownload[] = [];
let anchorClick: jest.SpyInstance<void, []> | undefined;
beforeEach(() => {
  downloads = [];
  anchorClick = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function saveInstead(this: HTMLAnchorElement) {
    downloads.push({ fileName: this.download, type: blobUrls.get(this.href)?.type, inDocument: this.isConnected });
  });
});
afterEach(() => anchorClick?.mockRestore());

describe('ViewerExportActions', () => {
  it('Print loads the PDF into a hidden frame and calls print() there; Ctrl+P does the same', async () => {
    const { requests } = setup(<ViewerExportActions document={pdf} keyScope="window" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: UI_TEXT.export.withAnnotations }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Print' }));
    const frame = await waitFor(() => {
      const found = document.querySelector(`iframe[title="${UI_TEXT.export.printFrameTitle}"]`);
      if (!(found instanceof HTMLIFrameElement)) throw new Error('no print frame yet');
      return found;
    });
    const print = jest.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { print, focus: jest.fn() } });
    fireEvent.load(frame);
    expect(print).toHaveBeenCalledTimes(1);
    expect(dataUrls(requests)).toEqual(['/api/documents/7/data?asPdf=true&embedAnnotations=true']);

    // Ctrl+P prints with the viewer's current choice.
    const event = new KeyboardEvent('keydown', { key: 'p', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(dataUrls(requests)).toHaveLength(2));
    expect(dataUrls(requests)[1]).toBe('/api/documents/7/data?asPdf=true&embedAnnotations=true');
  });

  it('the "With annotations" checkbox starts at the server default and nothing is sent until the user chooses; Ctrl+P uses the default', async () => {
    const { requests } = setup(<ViewerExportActions document={pdf} keyScope="window" />, { embedByDefault: true });
    const ctrlP = (): void => {
      act(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p', ctrlKey: true, bubbles: true, cancelable: true }));
      });
    };
    ctrlP();
    await waitFor(() => expect(dataUrls(requests)).toEqual(['/api/documents/7/data?asPdf=true']));

    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    const checkbox = await screen.findByRole('menuitemcheckbox', { name: UI_TEXT.export.withAnnotations });
    await waitFor(() => expect(checkbox.getAttribute('aria-checked')).toBe('true'));
    expect(requests.filter((r) => r.url === '/api/export/defaults')).toHaveLength(1);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Print' }));
    await waitFor(() => expect(dataUrls(requests)).toHaveLength(2));
    expect(dataUrls(requests)[1]).toBe('/api/documents/7/data?asPdf=true');

    // Unticked by the user: now false is sent, by the menu and by Ctrl+P.
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: UI_TEXT.export.withAnnotations }));
    expect(screen.getByRole('menuitemcheckbox', { name: UI_TEXT.export.withAnnotations }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Print' }));
    await waitFor(() => expect(dataUrls(requests)).toHaveLength(3));
    ctrlP();
    await waitFor(() => expect(dataUrls(requests)).toHaveLength(4));
    expect(dataUrls(requests).slice(2)).toEqual([
      '/api/documents/7/data?asPdf=true&embedAnnotations=false',
      '/api/documents/7/data?asPdf=true&embedAnnotations=false',
    ]);
  });

  it('E-mail is off without a Graph host and without "email draft download"', async () => {
    setup(<ViewerExportActions document={pdf} keyScope="window" />);
    const off = await screen.findByRole('button', { name: 'E-mail' });
    expect(off.getAttribute('aria-disabled')).toBe('true');
    expect(off.getAttribute('title')).toBe(EMAIL_UNAVAILABLE_TEXT);
  });

  it('downloads the .eml draft when "email draft download" is on', async () => {
    const { requests } = setup(<ViewerExportActions document={pdf} keyScope="window" />, {
      local: { featureFlags: JSON.stringify({ emailDraftDownload: true }) },
      answer: (url) => (url.pathname === '/api/email-link' ? new FakeResponse('X-Unsent: 1\r\n\r\n', 200, 'message/rfc822') : undefined),
    });
    const button = await screen.findByRole('button', { name: 'E-mail' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Download e-mail draft (.eml)' }));
    // No Content-Disposition from the fake server: the draft is saved under the client's fallback name.
    await waitFor(() => expect(downloads).toEqual([{ fileName: 'Documents.eml', type: 'message/rfc822', inDocument: true }]));
    expect(requests.map((r) => r.url)).toContain('/api/email-link?docIds[]=7');
  });

  it("in an ERP host E-mail hands the draft to the parent (no Graph, no .eml flag) and shows a failed draft's message", async () => {
    const drafts: EmailDraftRequest[] = [];
    let fail = false;
    const { requests, alerts } = setup(<ViewerExportActions document={pdf} keyScope="window" />, {
      createEmailDraft: async (request) => {
        drafts.push(request);
        if (fail) throw new Error('{"message":"The e-mail editor could not be opened: no e-mail account is set up."}');
      },
    });
    await openMenu('E-mail');
    expect(screen.queryByRole('menuitem', { name: 'Download e-mail draft (.eml)' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: CREATE_MAIL_DRAFT_TEXT }));
    await waitFor(() => expect(drafts).toHaveLength(1));
    expect(drafts[0]).toEqual({ docIds: [7], embedAnnotations: null, emailLinkUrl: 'http://localhost/api/email-link?docIds%5B%5D=7' });
    // The parent fetches the draft itself; the iframe neither fetches it nor asks for a Graph token.
    expect(requests.some((r) => r.url.startsWith('/api/email-link'))).toBe(false);

    fail = true;
    await openMenu('E-mail');
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: UI_TEXT.export.withAnnotations }));
    fireEvent.click(await screen.findByRole('menuitem', { name: CREATE_MAIL_DRAFT_TEXT }));
    await waitFor(() => expect(alerts()).toEqual(['The e-mail editor could not be opened: no e-mail account is set up.']));
    expect(drafts[1]).toEqual({
      docIds: [7],
      embedAnnotations: true,
      emailLinkUrl: 'http://localhost/api/email-link?docIds%5B%5D=7&embedAnnotations=true',
    });
  });

  it('a mailbox draft opens in the window opened on click; a failure shows the message and closes that window', async () => {
    const opened = { location: { href: '' }, close: jest.fn(), opener: {} };
    const open = jest.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    let fail = false;
    const { requests } = setup(<ViewerExportActions document={pdf} keyScope="window" />, {
      graphToken: 'graph-token',
      answer: (url, method) =>
        url.pathname === '/api/email-link' && method === 'POST'
          ? fail
            ? FakeResponse.json(
                { statusCode: 502, exceptionType: 'GraphError', message: 'The mail draft could not be created: Mailbox is full.' },
                502,
              )
            : new FakeResponse('https://outlook.office365.com/owa/?ItemID=1', 200, 'text/plain')
          : undefined,
    });
    const button = await screen.findByRole('button', { name: 'E-mail' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create mail draft' }));
    await waitFor(() => expect(opened.location.href).toBe('https://outlook.office365.com/owa/?ItemID=1'));
    expect(requests.find((r) => r.method === 'POST')?.headers.get('x-graph-token')).toBe('graph-token');
    expect(opened.opener).toBeNull();

    fail = true;
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create mail draft' }));
    await waitFor(() => expect(opened.close).toHaveBeenCalledTimes(1));
    open.mockRestore();
  });
});

describe('DownloadMenu and Delete', () => {
  it('several documents download as one zip; without the export flag the menu is off', async () => {
    const { requests } = setup(<DownloadMenu documents={[pdf, testDocument({ id: 8, name: 'B.pdf' })]} />, {
      answer: (url) => (url.pathname === '/api/documents/data' ? new FakeResponse('PK', 200, 'application/zip') : undefined),
    });
    const button = await screen.findByRole('button', { name: 'Download' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Download 2 documents (zip)' }));
    const zip: SavedDownload = { fileName: 'Documents.zip', type: 'application/zip', inDocument: true };
    await waitFor(() => expect(downloads).toEqual([zip]));
    expect(requests.map((r) => r.url)).toContain('/api/documents/data?docId[]=7&docId[]=8');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: UI_TEXT.export.withAnnotations }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Download 2 documents (zip)' }));
    await waitFor(() => expect(downloads).toEqual([zip, zip]));
    expect(requests.map((r) => r.url)).toContain('/api/documents/data?docId[]=7&docId[]=8&embedAnnotations=true');
  });

  it('is off when a document lacks exportFileData', async () => {
    setup(<DownloadMenu documents={[pdf]} />, { access: { exportFileData: false } });
    const button = await screen.findByRole('button', { name: 'Download' });
    await waitFor(() => expect(button.getAttribute('title')).toBe('You do not have permission to do this with every selected document.'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('Delete asks first and deletes only on confirmation', async () => {
    const onDeleted = jest.fn();
    const { requests } = setup(<DeleteDocumentsButton documents={[pdf]} onDeleted={onDeleted} />);
    const button = await screen.findByRole('button', { name: 'Delete' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button);
    const firstDialog = await screen.findByRole('dialog', IN_DIALOG);
    expect(within(firstDialog).getByText("'Invoice.pdf' will be deleted.")).toBeTruthy();
    fireEvent.click(within(firstDialog).getByRole('button', { name: 'Cancel', ...IN_DIALOG }));
    // Fluent may keep a closing dialog in the tree until its exit transition ends (or drop it at
    // once): wait until it is gone, or the next findByRole('dialog') could catch the closing one.
    await waitFor(() => expect(firstDialog.isConnected).toBe(false));
    expect(screen.queryByRole('dialog', IN_DIALOG)).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', IN_DIALOG);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete', ...IN_DIALOG }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith([7]));
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/documents?docId[]=7');
  });
});

describe('emailErrorMessage', () => {
  it('reads message text, JSON-wrapped or not', () => {
    expect(emailErrorMessage(new Error('{"message":"Mailbox is full."}'))).toBe('Mailbox is full.');
    expect(emailErrorMessage(new Error('Plain words'))).toBe('Plain words');
    expect(emailErrorMessage(new Error('{"message":""}'))).toBeNull();
  });
});
