import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webDarkTheme } from '@fluentui/react-components';
import { OfficeMockObject } from 'office-addin-mock';
import { ApiClient, MESSAGES } from '@datahaven/core';
import { FILE_MAIL_TEXT, FileMailPane } from './FileMailPane';
import { isReadMailItem, type MailAttachment, type ReadMailItem } from './mailAttachments';

// office-addin-mock reads only the OfficeApp names from office-addin-manifest, whose validator pulls in ES-module-only packages jest cannot load.
jest.mock('office-addin-manifest', () => ({ OfficeApp: { Outlook: 'outlook' } }));

const PDF_BASE64 = btoa('%PDF-1.7 invoice');
const EML_BASE64 = btoa('From: ap@vendor.example\r\nSubject: Rechnung 4711\r\n\r\nAnbei die Rechnung.\r\n');

const PDF: MailAttachment = {
  id: 'att-1',
  name: 'Rechnung März.pdf',
  contentType: 'application/pdf',
  size: 16,
  attachmentType: 'file',
  isInline: false,
};
const TEXT: MailAttachment = {
  id: 'att-2',
  name: 'readme.txt',
  contentType: 'text/plain',
  size: 5,
  attachmentType: 'file',
  isInline: false,
};

type Callback = (result: unknown) => void;

/** How the mocked Outlook answers: which attachments it holds, which it cannot read, and whether it hands out the message (Mailbox 1.14). */
interface OutlookSetup {
  attachments?: MailAttachment[];
  unreadable?: Record<string, string>;
  messageFile?: boolean;
}

/** A message being read, through office-addin-mock. */
function readItem(setup: OutlookSetup = {}): { item: ReadMailItem; asked: string[] } {
  const asked: string[] = [];
  const item: Record<string, unknown> = {
    itemId: 'AAMk-read',
    subject: 'Rechnung 4711',
    from: { displayName: 'Jane Doe', emailAddress: 'ap@vendor.example' },
    attachments: setup.attachments ?? [PDF, TEXT],
    getAttachmentContentAsync: (id: string, callback: Callback) => {
      asked.push(id);
      const refusal = setup.unreadable?.[id];
      if (refusal !== undefined) callback({ status: 'failed', error: { name: 'InternalServerError', message: refusal, code: 9018 } });
      else callback({ status: 'succeeded', value: { content: PDF_BASE64, format: 'base64' } });
    },
  };
  if (setup.messageFile === true) {
    item.getAsFileAsync = (callback: Callback) => {
      asked.push('message');
      callback({ status: 'succeeded', value: EML_BASE64 });
    };
  }
  const mock = new OfficeMockObject({ host: 'outlook', context: { mailbox: { item } } });
  const mocked = (mock as unknown as { context: { mailbox: { item: unknown } } }).context.mailbox.item;
  if (!isReadMailItem(mocked)) throw new Error('the mock is no read item');
  return { item: mocked, asked };
}

const ROOT = {
  queueTypes: [
    {
      id: 1,
      name: 'Accounts Payable',
      enabled: true,
      documentCount: 0,
      queues: [
        { id: 7, name: 'AP Inbox', enabled: true, queueTypeId: 1, queueTypeName: 'Accounts Payable' },
        { id: 8, name: 'AP Coding', enabled: true, queueTypeId: 1, queueTypeName: 'Accounts Payable' },
      ],
    },
  ],
};

const VENDOR_TYPE = 'bc:Microsoft.NAV.Vendor';
const TABLES = [
  { id: 3, externalTableId: 23, sourceTypeId: 0, entityTypeName: VENDOR_TYPE, label: 'Vendor', productType: null, allowNewCard: false },
  {
    id: 4,
    externalTableId: 38,
    sourceTypeId: 2,
    entityTypeName: 'bc:Microsoft.NAV.PurchaseInvoice',
    label: 'Purchase Invoice',
    productType: null,
    allowNewCard: false,
  },
];
const VENDOR_PROPERTIES = [
  { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null, isKey: true },
  { name: 'number', type: 'Edm.String', nullable: true, maxLength: 20, isKey: false },
  { name: 'displayName', type: 'Edm.String', nullable: true, maxLength: 100, isKey: false },
];
const VENDOR_SETTINGS = {
  sitId: 3,
  canUpload: true,
  dataAreaIds: null,
  folders: [
    { id: 11, text: 'Correspondence', subtypeId: 21 },
    { id: 12, text: 'Invoices', subtypeId: 22 },
  ],
  queueId: 7,
};

/** A vendor record as the entities listing answers it. */
function vendor(index: number, displayName = `Vendor ${index}`): Record<string, string> {
  return { id: `guid-${index}`, number: `V${String(index).padStart(5, '0')}`, displayName, dataAreaId: 'CRONUS' };
}

/** What the stand-in server answers beside the workflow root; each route returns a Response or null (404). */
interface ServerSetup {
  importAnswer?: () => Response;
  options?: { optionName: string; optionData: string }[];
  sits?: () => Response;
  settings?: Record<string, unknown>;
  /** Records of the vendor listing for the query's filters and skip. */
  vendors?: (query: URLSearchParams) => Record<string, string>[];
}

/** A loopback stand-in for the calls the pane makes; records the mail-import forms and the record searches. */
function server(setup: ServerSetup = {}): {
  fetch: typeof fetch;
  forms: { url: string; form: FormData; idempotencyKey: string | null }[];
  searches: URLSearchParams[];
} {
  const forms: { url: string; form: FormData; idempotencyKey: string | null }[] = [];
  const searches: URLSearchParams[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://pane.test');
    const path = decodeURIComponent(url.pathname);
    if (path === '/api/workflow-root') return json(200, ROOT);
    if (path === '/api/options') return setup.options === undefined ? json(404, { message: 'not here' }) : json(200, setup.options);
    if (path === '/api/sits') return setup.sits?.() ?? json(200, TABLES);
    if (path === '/api/sits/3/importSettings') return json(200, setup.settings ?? VENDOR_SETTINGS);
    if (path === `/api/entity-types/${VENDOR_TYPE}/properties`) return json(200, VENDOR_PROPERTIES);
    if (path === `/api/entity-types/${VENDOR_TYPE}/entities`) {
      searches.push(url.searchParams);
      return json(200, setup.vendors?.(url.searchParams) ?? [vendor(10000, 'Fabrikam, Inc.'), vendor(20000, 'Northwind Traders')]);
    }
    if (path === '/api/mail-import' && init?.method === 'POST' && init.body instanceof FormData) {
      forms.push({
        url: `${url.pathname}${url.search}`,
        form: init.body,
        idempotencyKey: new Headers(init.headers).get('Idempotency-Key'),
      });
      return (setup.importAnswer ?? (() => json(201, { documents: [{ id: 41 }], duplicates: [] })))();
    }
    return new Response('not found', { status: 404 });
  };
  return { fetch: fetchFn, forms, searches };
}

function client(fetchFn: typeof fetch): ApiClient {
  return new ApiClient({ tokens: { getToken: () => Promise.resolve('product-token') }, fetch: fetchFn, baseUrl: '/api' });
}

/** jsdom's File has no text(): read it as Outlook's bytes arrived. */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Waits until the queue list is read and shows the first queue. */
async function queuesRead(): Promise<void> {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Queue' }).textContent).toContain('Accounts Payable — AP Inbox'));
}

/** Picks an option of a Fluent Dropdown by the keyboard-free path a user clicks. */
async function choose(combobox: string, option: string): Promise<void> {
  fireEvent.click(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function fileButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: FILE_MAIL_TEXT.file }) as HTMLButtonElement;
}

/** The outcome bar's words (status for a success or warning, alert for an error). */
async function outcome(role: 'status' | 'alert', text: string | RegExp): Promise<void> {
  await waitFor(() =>
    expect(
      screen
        .getAllByRole(role)
        .some((element) => (typeof text === 'string' ? element.textContent?.includes(text) : text.test(element.textContent ?? ''))),
    ).toBe(true),
  );
}

describe("filing a read e-mail's invoice into a queue (office-addin-mock)", () => {
  it('reads the PDF through Outlook, posts it with subject, sender and note into the chosen queue, and says what was filed', async () => {
    const { item, asked } = readItem();
    const api = server();
    render(<FileMailPane item={item} client={client(api.fetch)} />);
    await queuesRead();
    const pdf = screen.getByRole('checkbox', { name: 'Rechnung März.pdf' }) as HTMLInputElement;
    expect(pdf.checked).toBe(true);
    // Its size is its description; the text file is listed, off, with why.
    expect(document.getElementById(pdf.getAttribute('aria-describedby') ?? '')?.textContent).toBe('16 B');
    const text = screen.getByRole('checkbox', { name: 'readme.txt' }) as HTMLInputElement;
    expect(text.disabled).toBe(true);
    expect(document.getElementById(text.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '5 B · readme.txt cannot be filed: only PDF, TIFF and image files are imported.',
    );
    await choose('Queue', 'Accounts Payable — AP Coding');
    await choose('Queue', 'Accounts Payable — AP Inbox');
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Please approve by Friday.' } });
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(asked).toEqual(['att-1']);
    expect(api.forms).toHaveLength(1);
    const { url, form } = api.forms[0];
    expect(url).toBe('/api/mail-import?queueId=7');
    const files = form.getAll('file') as File[];
    expect(files.map((file) => file.name)).toEqual(['Rechnung März.pdf']);
    expect(await textOf(files[0])).toBe('%PDF-1.7 invoice');
    expect(form.get('subject')).toBe('Rechnung 4711');
    expect(form.get('from')).toBe('Jane Doe <ap@vendor.example>');
    expect(form.get('note')).toBe('Please approve by Friday.');
    expect(form.get('message')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Progress' })).getByText('Rechnung März.pdf: Filed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open AP Inbox' }).getAttribute('href')).toBe('/queues/7/documents');
  });

  it("says the server's duplicate in words: in the answer beside others, and as the 409 when every file is one", async () => {
    const message = "'Rechnung März.pdf' is already in the queue AP Inbox; it was not imported again.";
    const partial = server({
      importAnswer: () => json(201, { documents: [], duplicates: [{ fileName: 'Rechnung März.pdf', documentId: 41, message }] }),
    });
    const { unmount } = render(<FileMailPane item={readItem().item} client={client(partial.fetch)} />);
    await queuesRead();
    fireEvent.click(fileButton());
    await screen.findByText(`Rechnung März.pdf: ${message}`);
    await outcome('status', FILE_MAIL_TEXT.nothingFiled);
    unmount();

    const conflict = server({ importAnswer: () => json(409, { statusCode: 409, exceptionType: 'Conflict', message }) });
    render(<FileMailPane item={readItem().item} client={client(conflict.fetch)} />);
    await queuesRead();
    fireEvent.click(fileButton());
    await screen.findByText(`Rechnung März.pdf: ${FILE_MAIL_TEXT.notFiled}`);
    await outcome('alert', message);
  });

  it('sends the filing again with its Idempotency-Key while its outcome is unknown, and a new key for anything else', async () => {
    const inProgress = { statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.idempotencyKeyInProgress };
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(409, inProgress),
      () => new Response('Bad Gateway', { status: 502 }),
      () => json(201, { documents: [{ id: 41 }], duplicates: [] }),
      () =>
        json(409, {
          statusCode: 409,
          exceptionType: 'Conflict',
          message: "'Rechnung März.pdf' is already in the queue AP Inbox; it was not imported again.",
        }),
      () => json(201, { documents: [{ id: 42 }], duplicates: [] }),
    ];
    const api = server({ importAnswer: () => (answers.shift() ?? answers[0])() });
    render(<FileMailPane item={readItem().item} client={client(api.fetch)} />);
    await queuesRead();
    // No answer, 'still being processed', a gateway's 502: the server may have filed it each time.
    for (let sent = 1; sent <= 3; sent += 1) {
      fireEvent.click(fileButton());
      await waitFor(() => expect(api.forms).toHaveLength(sent));
      await waitFor(() => expect(fileButton().disabled).toBe(false));
    }
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    // Filed: filing once more is a new action (the server's duplicate check answers it) …
    fireEvent.click(fileButton());
    await outcome('alert', 'already in the queue AP Inbox');
    // … and after a refusal nothing was stored: the next try is new as well.
    fireEvent.click(fileButton());
    await waitFor(() => expect(api.forms).toHaveLength(6));
    const keys = api.forms.map((form) => form.idempotencyKey);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys.slice(1, 4)).toEqual([keys[0], keys[0], keys[0]]);
    expect(new Set(keys.slice(3)).size).toBe(3);
  });

  it('keeps the key when the server filed it but its answer could not be read', async () => {
    const answers: (() => Response)[] = [
      () => new Response('{"documents": [', { status: 201, headers: { 'content-type': 'application/json' } }),
      () => json(201, { documents: [{ id: 41 }], duplicates: [] }),
    ];
    const api = server({ importAnswer: () => (answers.shift() ?? answers[0])() });
    render(<FileMailPane item={readItem().item} client={client(api.fetch)} />);
    await queuesRead();
    fireEvent.click(fileButton());
    await waitFor(() => expect(api.forms).toHaveLength(1));
    await waitFor(() => expect(fileButton().disabled).toBe(false));
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(api.forms[1].idempotencyKey).toBe(api.forms[0].idempotencyKey);
  });

  it('offers no unsupported file: with only a text file the message has nothing to file and File stays off', async () => {
    const api = server();
    render(<FileMailPane item={readItem({ attachments: [TEXT] }).item} client={client(api.fetch)} />);
    await queuesRead();
    expect((screen.getByRole('checkbox', { name: 'readme.txt' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(FILE_MAIL_TEXT.nothingImportable)).toBeTruthy();
    expect(fileButton().disabled).toBe(true);
    expect(api.forms).toEqual([]);
  });

  it('says a message without attachments has none to file', async () => {
    render(<FileMailPane item={readItem({ attachments: [] }).item} client={client(server().fetch)} />);
    await queuesRead();
    expect(screen.getByText(FILE_MAIL_TEXT.noAttachments)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /\.pdf$/ })).toBeNull();
    expect(fileButton().disabled).toBe(true);
  });
});

describe('errors while filing', () => {
  it("says an attachment over the server's upload size limit before Outlook is asked for it", async () => {
    const big: MailAttachment = { ...PDF, id: 'att-3', name: 'scan.tif', contentType: 'image/tiff', size: 3 * 1024 * 1024 };
    const { item, asked } = readItem({ attachments: [PDF, big] });
    const api = server({ options: [{ optionName: 'File Upload Size Limit', optionData: String(2 * 1024 * 1024) }] });
    render(<FileMailPane item={item} client={client(api.fetch)} />);
    await queuesRead();
    await screen.findByText('3.0 MB · scan.tif cannot be filed: it is larger than the upload size limit (2.0 MB).');
    expect((screen.getByRole('checkbox', { name: 'scan.tif' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(asked).toEqual(['att-1']);
    expect((api.forms[0].form.getAll('file') as File[]).map((file) => file.name)).toEqual(['Rechnung März.pdf']);
  });

  it("files what Outlook could read and says why the rest was not; nothing read → nothing sent; the server's refusal in its words", async () => {
    const second: MailAttachment = { ...PDF, id: 'att-4', name: 'Lieferschein.pdf' };
    const api = server();
    const { unmount } = render(
      <FileMailPane
        item={readItem({ attachments: [PDF, second], unreadable: { 'att-4': 'The attachment could not be downloaded.' } }).item}
        client={client(api.fetch)}
      />,
    );
    await queuesRead();
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(
      screen.getByText('Lieferschein.pdf: Outlook could not read Lieferschein.pdf: The attachment could not be downloaded.'),
    ).toBeTruthy();
    expect((api.forms[0].form.getAll('file') as File[]).map((file) => file.name)).toEqual(['Rechnung März.pdf']);
    unmount();

    const none = server();
    const { unmount: unmountNone } = render(
      <FileMailPane item={readItem({ attachments: [PDF], unreadable: { 'att-1': 'Too busy.' } }).item} client={client(none.fetch)} />,
    );
    await queuesRead();
    fireEvent.click(fileButton());
    await outcome('alert', FILE_MAIL_TEXT.nothingFiled);
    expect(none.forms).toEqual([]);
    unmountNone();

    const refused = server({
      importAnswer: () =>
        json(415, { statusCode: 415, exceptionType: 'UnsupportedMediaType', message: "'Rechnung März.pdf' is not a PDF file." }),
    });
    render(<FileMailPane item={readItem({ attachments: [PDF] }).item} client={client(refused.fetch)} />);
    await queuesRead();
    fireEvent.click(fileButton());
    await outcome('alert', "'Rechnung März.pdf' is not a PDF file.");
    expect(screen.getByText(`Rechnung März.pdf: ${FILE_MAIL_TEXT.notFiled}`)).toBeTruthy();
    // The form is usable again after the refusal.
    expect(fileButton().disabled).toBe(false);
  });
});

describe('keeping the e-mail itself', () => {
  it('reads the message through getAsFileAsync (Mailbox 1.14) and sends it as the message part beside the attachments', async () => {
    const { item, asked } = readItem({ messageFile: true });
    const api = server({ importAnswer: () => json(201, { documents: [{ id: 41 }, { id: 42 }], duplicates: [] }) });
    render(<FileMailPane item={item} client={client(api.fetch)} />);
    await queuesRead();
    const keep = screen.getByRole('checkbox', { name: FILE_MAIL_TEXT.keepMessage }) as HTMLInputElement;
    expect(keep.checked).toBe(false);
    fireEvent.click(keep);
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(2, 'AP Inbox'));
    expect(asked).toEqual(['att-1', 'message']);
    const message = api.forms[0].form.get('message') as File;
    expect(message.name).toBe('Rechnung 4711.eml');
    expect(await textOf(message)).toContain('Subject: Rechnung 4711');
    expect(screen.getByText('Rechnung 4711.eml: Filed')).toBeTruthy();
  });

  it('keeps the e-mail alone when no attachment is chosen', async () => {
    const api = server();
    render(<FileMailPane item={readItem({ attachments: [TEXT], messageFile: true }).item} client={client(api.fetch)} />);
    await queuesRead();
    expect(fileButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: FILE_MAIL_TEXT.keepMessage }));
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(api.forms[0].form.getAll('file')).toEqual([]);
    expect((api.forms[0].form.get('message') as File).name).toBe('Rechnung 4711.eml');
  });

  it('is off, with the reason, where Outlook cannot hand out the message', async () => {
    render(<FileMailPane item={readItem({ messageFile: false }).item} client={client(server().fetch)} />);
    await queuesRead();
    const keep = screen.getByRole('checkbox', { name: FILE_MAIL_TEXT.keepMessage }) as HTMLInputElement;
    expect(keep.disabled).toBe(true);
    expect(
      screen.getByText('This version of Outlook cannot hand out the e-mail itself, so only its attachments can be filed.'),
    ).toBeTruthy();
  });
});

describe("filing into a record's folder", () => {
  it('finds the vendor by number or name, files into its Invoices folder with the record context, and says where it went', async () => {
    const { item } = readItem();
    const api = server({
      importAnswer: () => json(201, { documents: [{ id: 51 }], duplicates: [] }),
      vendors: (query) =>
        query.get('q_number') === 'fab'
          ? []
          : query.get('q_displayName') === 'fab'
            ? [vendor(10000, 'Fabrikam, Inc.')]
            : [vendor(10000, 'Fabrikam, Inc.'), vendor(20000)],
    });
    render(<FileMailPane item={item} client={client(api.fetch)} />);
    await queuesRead();
    fireEvent.click(screen.getByRole('radio', { name: FILE_MAIL_TEXT.intoRecord }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Record type' }).textContent).toBe('Vendor'));
    const record = screen.getByRole('combobox', { name: 'Record' });
    await waitFor(() => expect((record as HTMLInputElement).disabled).toBe(false));
    // No record yet: File waits for one.
    expect(fileButton().disabled).toBe(true);
    fireEvent.change(record, { target: { value: 'fab' } });
    await waitFor(() => expect(api.searches.some((query) => query.get('q_displayName') === 'fab')).toBe(true));
    // Number and name are searched side by side (one call's filters all have to hold), 30 at a time.
    const asked = api.searches.filter((query) => query.has('q_number') || query.has('q_displayName'));
    expect(asked.map((query) => [query.get('q_number'), query.get('q_displayName'), query.get('skip'), query.get('take')])).toEqual([
      ['fab', null, '0', '30'],
      [null, 'fab', '0', '30'],
    ]);
    fireEvent.click(record);
    fireEvent.click(await screen.findByRole('option', { name: 'V10000 — Fabrikam, Inc.' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Folder' }).textContent).toBe('Correspondence'));
    await choose('Folder', 'Invoices');
    await waitFor(() => expect(fileButton().disabled).toBe(false));
    fireEvent.click(fileButton());
    await outcome('status', '1 document filed on Vendor V10000 — Fabrikam, Inc. in the folder Invoices. It waits in AP Inbox.');
    expect(api.forms).toHaveLength(1);
    expect(api.forms[0].url).toBe('/api/mail-import?sitId=3&recordId=guid-10000&dataAreaId=CRONUS&subtypeId=22');
    expect(api.forms[0].form.get('subject')).toBe('Rechnung 4711');
    expect(screen.getByRole('link', { name: 'Open AP Inbox' })).toBeTruthy();
  });

  it('pages on with More records while a page comes back full', async () => {
    const api = server({
      vendors: (query) => (query.get('skip') === '0' ? Array.from({ length: 30 }, (_unused, index) => vendor(index + 1)) : [vendor(31)]),
    });
    render(<FileMailPane item={readItem().item} client={client(api.fetch)} />);
    await queuesRead();
    fireEvent.click(screen.getByRole('radio', { name: FILE_MAIL_TEXT.intoRecord }));
    fireEvent.click(await screen.findByRole('button', { name: FILE_MAIL_TEXT.moreRecords }));
    await waitFor(() => expect(api.searches.map((query) => query.get('skip'))).toEqual(['0', '30']));
    await waitFor(() => expect(screen.queryByRole('button', { name: FILE_MAIL_TEXT.moreRecords })).toBeNull());
    fireEvent.click(screen.getByRole('combobox', { name: 'Record' }));
    expect(await screen.findByRole('option', { name: 'V00031 — Vendor 31' })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(31);
  });

  it("says a record type the user may not upload on, and the server's words when the record types cannot be read", async () => {
    const api = server({ settings: { ...VENDOR_SETTINGS, canUpload: false, dataAreaIds: [], folders: [] } });
    const { unmount } = render(<FileMailPane item={readItem().item} client={client(api.fetch)} />);
    await queuesRead();
    fireEvent.click(screen.getByRole('radio', { name: FILE_MAIL_TEXT.intoRecord }));
    await screen.findByText(FILE_MAIL_TEXT.mayNotUpload('Vendor'));
    expect((screen.getByRole('combobox', { name: 'Record' }) as HTMLInputElement).disabled).toBe(true);
    expect(fileButton().disabled).toBe(true);
    unmount();

    const refused = server({
      sits: () =>
        json(403, {
          statusCode: 403,
          exceptionType: 'Forbidden',
          message: "Choosing a record needs the 'Dynamics: Link to Existing' privilege.",
        }),
    });
    render(<FileMailPane item={readItem().item} client={client(refused.fetch)} />);
    await queuesRead();
    fireEvent.click(screen.getByRole('radio', { name: FILE_MAIL_TEXT.intoRecord }));
    await screen.findByText("Choosing a record needs the 'Dynamics: Link to Existing' privilege.");
    expect(fileButton().disabled).toBe(true);
  });
});

describe("the pane's theme", () => {
  it("follows the host's theme signal live", async () => {
    let current: 'webLight' | 'webDark' = 'webLight';
    const listeners = new Set<(value: 'webLight' | 'webDark') => void>();
    const theme = {
      current: () => current,
      onChange: (listener: (value: 'webLight' | 'webDark') => void) => (listeners.add(listener), () => listeners.delete(listener)),
    };
    const { container } = render(<FileMailPane item={readItem().item} client={client(server().fetch)} theme={theme} />);
    await queuesRead();
    expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('webLight');
    current = 'webDark';
    act(() => listeners.forEach((listener) => listener('webDark')));
    await waitFor(() => expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('webDark'));
  });

  it("keeps the theme of a host's FluentProvider around it, and opens its lists inside the pane", async () => {
    const { container } = render(
      <FluentProvider theme={webDarkTheme} data-theme="host">
        <FileMailPane item={readItem().item} client={client(server().fetch)} />
      </FluentProvider>,
    );
    await queuesRead();
    expect([...container.querySelectorAll('[data-theme]')].map((element) => element.getAttribute('data-theme'))).toEqual(['host']);
    fireEvent.click(screen.getByRole('combobox', { name: 'Queue' }));
    const option = await screen.findByRole('option', { name: 'Accounts Payable — AP Coding' });
    // Inline, not in a portal that would carry the host provider's classes over the pane.
    expect(container.querySelector('form')?.contains(option)).toBe(true);
  });
});
