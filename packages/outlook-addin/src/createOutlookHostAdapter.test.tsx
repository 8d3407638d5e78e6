import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { OfficeMockObject } from 'office-addin-mock';
import { DatahavenApp, READ_MAIL_PATH, createDatahavenServices, encodeBase64Url, type HostAttachment } from '@datahaven/core';
import { ATTACH_ERROR_TEXT } from './attachToComposeItem';
import { OUTLOOK_BASE64_LIMIT } from './outlookBase64Limit';
import { OUTLOOK_TEXT, OUTLOOK_TEXT_EN } from './outlookText';
import { createOutlookHostAdapter, type OutlookOffice } from './createOutlookHostAdapter';
import { OUTLOOK_SIGN_IN_TEXT } from './createOutlookSignIn';
import { ENTRA_ASSERTION_HEADER, GRAPH_MAIL_SCOPE } from './graphTokenHeaders';

/** What the mock compose item heard: one entry per addFileAttachmentFromBase64Async call. */
interface Recorded {
  base64: string;
  name: string;
  options: { isInline: boolean };
}

interface MockOptions {
  /** Office's error name for the next attach, e.g. 'AttachmentSizeExceeded'; none → success. */
  failWith?: string;
  naaSupported?: boolean;
  getAccessToken?: () => Promise<string>;
  compose?: boolean;
  officeTheme?: Record<string, unknown>;
}

function mockOffice(options: MockOptions = {}): { office: OutlookOffice; recorded: Recorded[]; requirementAsks: string[] } {
  const recorded: Recorded[] = [];
  const requirementAsks: string[] = [];
  const composeItem = {
    addFileAttachmentFromBase64Async: (
      base64: string,
      name: string,
      attachOptions: { isInline: boolean },
      callback: (result: unknown) => void,
    ) => {
      recorded.push({ base64, name, options: attachOptions });
      const error =
        options.failWith === undefined ? undefined : { name: options.failWith, message: `Office says ${options.failWith}`, code: 9000 };
      callback(error === undefined ? { status: 'succeeded', value: `att-${recorded.length}` } : { status: 'failed', error });
    },
  };
  const mock = new OfficeMockObject({
    // Outlook's object model has no load/sync: with the host named, the mock hands out values as they are.
    host: 'outlook',
    context: {
      displayLanguage: 'de-DE',
      officeTheme: options.officeTheme ?? { bodyBackgroundColor: '#ffffff', bodyForegroundColor: '#000000' },
      requirements: {
        isSetSupported: (name: string, version?: string) => {
          requirementAsks.push(`${name} ${version ?? ''}`);
          return name === 'NestedAppAuth' ? options.naaSupported === true : true;
        },
      },
      mailbox: { item: options.compose === false ? { itemId: 'AAMk-read' } : composeItem },
    },
    auth: { getAccessToken: options.getAccessToken ?? (() => Promise.resolve('entra-token')) },
  });
  return { office: mock as unknown as OutlookOffice, recorded, requirementAsks };
}

// office-addin-mock reads only the OfficeApp names from office-addin-manifest, whose validator pulls in ES-module-only packages jest cannot load.
jest.mock('office-addin-manifest', () => ({ OfficeApp: { Outlook: 'outlook' } }));

const pdf: HostAttachment = { fileName: 'Rechnung März.pdf', mediaType: 'application/pdf', size: 8, base64: btoa('%PDF-1.7') };

describe('the Outlook host (office-addin-mock)', () => {
  it('attaches a file to the message being written: bare base64, its name, not inline', async () => {
    const { office, recorded } = mockOffice();
    const host = createOutlookHostAdapter(window, office);
    expect(host.attachFile).toBeDefined();
    await host.attachFile?.({ ...pdf, base64: `data:application/pdf;base64,${pdf.base64}` });
    expect(recorded).toEqual([{ base64: pdf.base64, name: 'Rechnung März.pdf', options: { isInline: false } }]);
    await expect(host.getContext()).resolves.toEqual({ record: {}, outlook: { mode: 'compose', itemId: undefined } });
  });

  it("refuses a file over Outlook's base64 limit in words, in Outlook's display language (German here), without asking Outlook", async () => {
    const { office, recorded } = mockOffice();
    const host = createOutlookHostAdapter(window, office);
    const big = { ...pdf, base64: 'A'.repeat(OUTLOOK_BASE64_LIMIT + 4) };
    await expect(host.attachFile?.(big)).rejects.toThrow(
      'Rechnung März.pdf ist zu groß zum Anhängen: Outlook nimmt Dateien bis etwa 24 MB an. Laden Sie sie herunter und teilen Sie sie auf anderem Weg.',
    );
    expect(OUTLOOK_TEXT_EN.attachError.tooLarge('x')).toContain('about 24 MB');
    expect(recorded).toEqual([]);
  });

  // The words are read after the host is made: it shows Outlook's display language (the mock's de-DE).
  it.each([
    ['AttachmentSizeExceeded', () => ATTACH_ERROR_TEXT.tooLarge('Rechnung März.pdf')],
    ['NumberOfAttachmentsExceeded', () => ATTACH_ERROR_TEXT.tooMany('Rechnung März.pdf')],
    ['FileTypeNotSupported', () => ATTACH_ERROR_TEXT.typeNotAllowed('Rechnung März.pdf')],
    ['InternalServerError', () => ATTACH_ERROR_TEXT.failed('Rechnung März.pdf', 'Office says InternalServerError')],
  ])("says Outlook's %s in words", async (name, words) => {
    const { office } = mockOffice({ failWith: name });
    const host = createOutlookHostAdapter(window, office);
    await expect(host.attachFile?.(pdf)).rejects.toThrow(words());
    expect(words()).toMatch(/angehängt|Anhängen/);
  });

  it("in read mode attaches nothing and shows its notice; its theme and language are Outlook's; it routes in memory", async () => {
    const { office } = mockOffice({ compose: false, officeTheme: { bodyBackgroundColor: '#1f1f1f' } });
    const host = createOutlookHostAdapter(window, office);
    expect(host.attachFile).toBeUndefined();
    expect(host.router).toEqual({ kind: 'memory', initialPath: '/' });
    expect(host.theme?.current()).toBe('webDark');
    expect(host.locale?.current()).toEqual({ language: 'de-DE', region: 'de-DE' });
    await expect(host.getContext()).resolves.toEqual({ record: {}, outlook: { mode: 'read', itemId: 'AAMk-read' } });
    const compose = createOutlookHostAdapter(
      window,
      mockOffice({ officeTheme: { isDarkTheme: false, bodyBackgroundColor: '#000000' } }).office,
    );
    expect(compose.router).toEqual({ kind: 'memory', initialPath: '/search' });
    expect(compose.theme?.current()).toBe('webLight');
  });

  it("signs in without NAA (unsupported): Office's SSO token exchanged at /api/token/user?type=jwt, kept until a fresh one is asked", async () => {
    const { office, requirementAsks } = mockOffice({ naaSupported: false });
    const calls: { url: string; auth: string | null }[] = [];
    let issued = 0;
    const fetchFn: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
      issued += 1;
      return new Response(`product-token-${issued}\n`, { status: 200, headers: { 'content-type': 'text/plain' } });
    };
    const naa = { acquireToken: jest.fn(() => Promise.resolve('naa-token')) };
    const host = createOutlookHostAdapter(window, office, { fetch: fetchFn, nestedAppAuth: naa });
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe('product-token-1');
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe('product-token-1');
    await expect(host.getToken({ forceRefresh: true })).resolves.toBe('product-token-2');
    expect(calls).toEqual([
      { url: '/api/token/user?type=jwt', auth: 'Bearer entra-token' },
      { url: '/api/token/user?type=jwt', auth: 'Bearer entra-token' },
    ]);
    expect(naa.acquireToken).not.toHaveBeenCalled();
    expect(requirementAsks).toContain('NestedAppAuth 1.1');
  });

  it('signs in through NAA where Outlook supports it', async () => {
    const { office } = mockOffice({ naaSupported: true, getAccessToken: () => Promise.reject(new Error('SSO must not be used')) });
    const seen: string[] = [];
    const fetchFn: typeof fetch = async (_input, init) => {
      seen.push(new Headers(init?.headers).get('authorization') ?? '');
      return new Response('product-token', { status: 200 });
    };
    const host = createOutlookHostAdapter(window, office, {
      fetch: fetchFn,
      nestedAppAuth: { acquireToken: () => Promise.resolve('naa-token') },
    });
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe('product-token');
    expect(seen).toEqual(['Bearer naa-token']);
  });

  it('says in words when Outlook refuses sign-in, or our server refuses the Entra token', async () => {
    const refused = mockOffice({
      getAccessToken: () => Promise.reject(Object.assign(new Error(''), { code: 13001, message: 'The user is not signed in.' })),
    });
    const never: typeof fetch = () => Promise.reject(new Error('no exchange without a token'));
    await expect(createOutlookHostAdapter(window, refused.office, { fetch: never }).getToken({ forceRefresh: false })).rejects.toThrow(
      OUTLOOK_SIGN_IN_TEXT.officeRefused('13001', 'The user is not signed in.'),
    );
    const forbidden: typeof fetch = async () =>
      new Response(JSON.stringify({ message: 'You do not have a license or permission to access Datahaven Documents.' }), { status: 403 });
    await expect(
      createOutlookHostAdapter(window, mockOffice().office, { fetch: forbidden }).getToken({ forceRefresh: false }),
    ).rejects.toThrow(OUTLOOK_SIGN_IN_TEXT.exchangeFailed(403, 'You do not have a license or permission to access Datahaven Documents.'));
  });

  it('outside Outlook (no mailbox) mounts the core with a notice saying where the pane runs, with history.pushState nulled as Office.js does', async () => {
    const { pushState, replaceState } = window.history;
    // Office.js sets both to null inside Outlook (OfficeDev/office-js #429); a browser router would throw.
    Object.assign(window.history, { pushState: null, replaceState: null });
    try {
      render(<DatahavenApp host={createOutlookHostAdapter(window, undefined)} />);
      await screen.findByRole('status');
    } finally {
      Object.assign(window.history, { pushState, replaceState });
    }
    expect(screen.getByRole('heading', { name: 'Datahaven Documents in Outlook' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(OUTLOOK_TEXT.home.notInOutlook);
  });

  it('outside Outlook in a German browser, says where the pane runs in German and names German in <html lang>; in English again for an English one', async () => {
    const language = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('de-DE');
    try {
      const { unmount } = render(<DatahavenApp host={createOutlookHostAdapter(window, undefined)} />);
      expect((await screen.findByRole('status')).textContent).toContain(
        'Datahaven Documents für Outlook läuft in Outlook: Öffnen Sie es aus einer Nachricht, in der das Add-In installiert ist.',
      );
      expect(document.documentElement.lang).toBe('de');
      unmount();
      language.mockReturnValue('en-US');
      render(<DatahavenApp host={createOutlookHostAdapter(window, undefined)} />);
      expect((await screen.findByRole('status')).textContent).toContain(OUTLOOK_TEXT_EN.home.notInOutlook);
      expect(document.documentElement.lang).toBe('en');
    } finally {
      language.mockRestore();
    }
  });

  it("on a read item that is not an e-mail, Outlook's de-DE display language shows the home notice in German", () => {
    const { office } = mockOffice({ compose: false });
    const home = createOutlookHostAdapter(window, office).home;
    expect(home).toMatchObject({
      kind: 'notice',
      title: 'Datahaven Documents in Outlook',
      body: expect.stringContaining('Um gespeicherte Belege anzuhängen'),
    });
    createOutlookHostAdapter(window, mockReadingOffice().office);
    expect(home).toMatchObject({ body: OUTLOOK_TEXT_EN.home.readItem });
  });
});

/** Outlook reading an e-mail with one PDF attachment, as office-addin-mock plays it: every requirement set but (unless asked) NAA, openBrowserWindow and convertToRestId. */
function mockReadingOffice(options: { naaSupported?: boolean } = {}): { office: OutlookOffice; opened: string[]; read: string[] } {
  const opened: string[] = [];
  const read: string[] = [];
  const mock = new OfficeMockObject({
    host: 'outlook',
    context: {
      displayLanguage: 'en-US',
      officeTheme: { bodyBackgroundColor: '#ffffff' },
      requirements: {
        isSetSupported: (name: string) => (name === 'NestedAppAuth' ? options.naaSupported === true : true),
      },
      ui: { openBrowserWindow: (url: string) => opened.push(url) },
      mailbox: {
        convertToRestId: (itemId: string) => `rest-${itemId}`,
        item: {
          itemId: 'AAMk-read',
          subject: 'Invoice OUT-1',
          from: { displayName: 'Fabrikam Accounts', emailAddress: 'ap@fabrikam.example' },
          attachments: [
            { id: 'att-1', name: 'Invoice OUT-1.pdf', contentType: 'application/pdf', size: 8, attachmentType: 'file', isInline: false },
          ],
          getAttachmentContentAsync: (id: string, callback: (result: unknown) => void) => {
            read.push(id);
            callback({ status: 'succeeded', value: { content: btoa('%PDF-1.7'), format: 'base64' } });
          },
        },
      },
    },
    auth: { getAccessToken: () => Promise.resolve('entra-token') },
  });
  return { office: mock as unknown as OutlookOffice, opened, read };
}

/** A product token the core can read (TokenManager reads its expiry; the signature is never checked on the client). */
const PRODUCT_TOKEN = `${encodeBase64Url(JSON.stringify({ username: 'clerk', expiration: new Date(Date.now() + 3_600_000).toISOString(), passthroughResources: [] }))}.signature`;

describe('the Outlook host reading an e-mail (office-addin-mock)', () => {
  it("starts on the core's read screen with the message as Outlook hands it out, the Entra assertion as a reply's Graph credential, and drafts opened in Outlook's browser window", async () => {
    const { office, opened } = mockReadingOffice();
    const exchanged: string[] = [];
    const fetchFn: typeof fetch = async (_input, init) => {
      exchanged.push(new Headers(init?.headers).get('authorization') ?? '');
      return new Response('product-token', { status: 200 });
    };
    const host = createOutlookHostAdapter(window, office, { fetch: fetchFn });
    expect(host.router).toEqual({ kind: 'memory', initialPath: READ_MAIL_PATH });
    expect(host.attachFile).toBeUndefined();
    expect(host.messageBeingRead?.subject).toBe('Invoice OUT-1');
    expect(host.messageBeingRead?.restId).toBe('rest-AAMk-read');
    await expect(host.messageBeingRead?.readAttachment(host.messageBeingRead.attachments[0])).resolves.toBe(btoa('%PDF-1.7'));
    // Office SSO gives no Graph token: the Entra token for our API goes along, for the server to trade on-behalf-of.
    await expect(host.getGraphCredentialHeaders?.()).resolves.toEqual({ [ENTRA_ASSERTION_HEADER]: 'entra-token' });
    // The same sign-in as the product token's.
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe('product-token');
    expect(exchanged).toEqual(['Bearer entra-token']);
    host.openMailDraft?.('/demo/graph/drafts/draft-1');
    expect(opened).toEqual([new URL('/demo/graph/drafts/draft-1', window.location.href).href]);
  });

  it("asks NAA for a Graph token (Mail.ReadWrite) as a reply's credential where Outlook supports it", async () => {
    const scopes: (readonly string[] | undefined)[] = [];
    const host = createOutlookHostAdapter(window, mockReadingOffice({ naaSupported: true }).office, {
      nestedAppAuth: {
        acquireToken: (request) => {
          scopes.push(request.scopes);
          return Promise.resolve(request.scopes === undefined ? 'naa-token' : 'graph-token');
        },
      },
    });
    await expect(host.getGraphCredentialHeaders?.()).resolves.toEqual({ 'X-Graph-Token': 'graph-token' });
    expect(scopes).toEqual([[GRAPH_MAIL_SCOPE]]);
  });

  it("runs the filing inside the core app: the attachment read through Outlook and filed into the clerk's queue", async () => {
    const { office, read } = mockReadingOffice();
    const forms: { url: string; form: FormData }[] = [];
    const json = (body: unknown, status = 200): Response =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const fetchFn: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/token/user')) return new Response(PRODUCT_TOKEN, { status: 200 });
      if (url.startsWith('/api/workflow-root')) {
        const queue = { id: 7, name: 'AP Inbox', enabled: true, queueTypeId: 1, queueTypeName: 'Accounts Payable' };
        return json({ queueTypes: [{ id: 1, name: 'Accounts Payable', enabled: true, documentCount: 0, queues: [queue] }] });
      }
      if (url.startsWith('/api/mail-import') && init?.body instanceof FormData) {
        forms.push({ url, form: init.body });
        return json({ documents: [{ id: 41 }], duplicates: [] }, 201);
      }
      return json({ statusCode: 404, exceptionType: 'NotFound', message: 'Not found' }, 404);
    };
    const host = createOutlookHostAdapter(window, office, { fetch: fetchFn });
    render(<DatahavenApp host={host} services={createDatahavenServices(host, { fetch: fetchFn })} />);
    await screen.findByRole('heading', { name: "File this e-mail's invoice" });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Queue' }).textContent).toContain('Accounts Payable — AP Inbox'));
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    await screen.findByText('1 document filed in AP Inbox.');
    expect(read).toEqual(['att-1']);
    expect(forms.map(({ url }) => url)).toEqual(['/api/mail-import?queueId=7']);
    expect((forms[0].form.getAll('file') as File[]).map((file) => file.name)).toEqual(['Invoice OUT-1.pdf']);
    expect(forms[0].form.get('from')).toBe('Fabrikam Accounts <ap@fabrikam.example>');
  });
});
