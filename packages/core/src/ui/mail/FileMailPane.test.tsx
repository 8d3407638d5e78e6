import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HostMailAttachment, HostMailMessage } from '../../host';
import { UI_TEXT } from '../../locale/uiText';
import { MESSAGES } from '../../rules';
import { queryKeys } from '../../state/queryKeys';
import { FileMailPane } from './FileMailPane';
import { fakeMailMessage, renderMailPane, renderReadMailApp, type RenderedMail } from './test/renderMailPane';

const FILE_MAIL_TEXT = UI_TEXT.mail.file;

const PDF_BASE64 = btoa('%PDF-1.7 invoice');
const EML_BASE64 = btoa('From: ap@vendor.example\r\nSubject: Rechnung 4711\r\n\r\nAnbei die Rechnung.\r\n');

const PDF: HostMailAttachment = {
  id: 'att-1',
  name: 'Rechnung März.pdf',
  contentType: 'application/pdf',
  size: 16,
  attachmentType: 'file',
  isInline: false,
};
const TEXT: HostMailAttachment = {
  id: 'att-2',
  name: 'readme.txt',
  contentType: 'text/plain',
  size: 5,
  attachmentType: 'file',
  isInline: false,
};

/** How the host answers: which attachments the message holds, which it cannot read (in its words), and whether it hands out the message (Mailbox 1.14). */
interface OutlookSetup {
  attachments?: HostMailAttachment[];
  unreadable?: Record<string, string>;
  messageFile?: boolean;
}

/** A message being read, as the host hands it out. */
function readItem(setup: OutlookSetup = {}): { item: HostMailMessage; asked: string[] } {
  const { message, asked } = fakeMailMessage({
    attachments: setup.attachments ?? [PDF, TEXT],
    unreadable: setup.unreadable,
    content: PDF_BASE64,
    eml: setup.messageFile === true ? EML_BASE64 : undefined,
    restId: 'AAMk-read',
  });
  return { item: message, asked };
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
        // A final queue: the server says it takes no filing (issue 35), so the pane does not offer it.
        {
          id: 9,
          name: 'Approved',
          enabled: true,
          queueTypeId: 1,
          queueTypeName: 'Accounts Payable',
          importRefusal: 'Error: Cannot complete import! The queue Approved is a final queue.',
        },
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

/** The filing view of the read screen for `item`, with the app's services over `fetchFn`. */
function renderPane(item: HostMailMessage, fetchFn: typeof fetch): RenderedMail {
  return renderMailPane(<FileMailPane message={item} />, { fetch: fetchFn, message: item });
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

describe("filing a read e-mail's invoice into a queue (the host's message)", () => {
  it('reads the PDF through Outlook, posts it with subject, sender and note into the chosen queue, and says what was filed', async () => {
    const { item, asked } = readItem();
    const api = server();
    const { opened } = renderPane(item, api.fetch);
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
    fireEvent.click(screen.getByRole('combobox', { name: 'Queue' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Accounts Payable — AP Inbox',
      'Accounts Payable — AP Coding',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Accounts Payable — AP Inbox' }));
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
    // The queue's page in the responsive workflow view, opened as the host opens app pages (this host: a window).
    const link = screen.getByRole('link', { name: 'Open AP Inbox' });
    expect(link.getAttribute('href')).toBe('/workflow2/queues/7/documents');
    fireEvent.click(link);
    expect(opened).toEqual(['/workflow2/queues/7/documents']);
  });

  it("says the server's duplicate in words: in the answer beside others, and as the 409 when every file is one", async () => {
    const message = "'Rechnung März.pdf' is already in the queue AP Inbox; it was not imported again.";
    const partial = server({
      importAnswer: () => json(201, { documents: [], duplicates: [{ fileName: 'Rechnung März.pdf', documentId: 41, message }] }),
    });
    const { unmount } = renderPane(readItem().item, partial.fetch);
    await queuesRead();
    fireEvent.click(fileButton());
    await screen.findByText(`Rechnung März.pdf: ${message}`);
    await outcome('status', FILE_MAIL_TEXT.nothingFiled);
    unmount();

    const conflict = server({ importAnswer: () => json(409, { statusCode: 409, exceptionType: 'Conflict', message }) });
    renderPane(readItem().item, conflict.fetch);
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
    renderPane(readItem().item, api.fetch);
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
    renderPane(readItem().item, api.fetch);
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
    renderPane(readItem({ attachments: [TEXT] }).item, api.fetch);
    await queuesRead();
    expect((screen.getByRole('checkbox', { name: 'readme.txt' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(FILE_MAIL_TEXT.nothingImportable)).toBeTruthy();
    expect(fileButton().disabled).toBe(true);
    expect(api.forms).toEqual([]);
  });

  it('says a message without attachments has none to file', async () => {
    renderPane(readItem({ attachments: [] }).item, server().fetch);
    await queuesRead();
    expect(screen.getByText(FILE_MAIL_TEXT.noAttachments)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /\.pdf$/ })).toBeNull();
    expect(fileButton().disabled).toBe(true);
  });
});

describe('what a filing refreshes', () => {
  it('marks the queues, the folders and the searches stale once the server filed the documents, and asks the queues again', async () => {
    let roots = 0;
    const api = server();
    const counting: typeof fetch = (input, init) => {
      if (String(input).startsWith('/api/workflow-root')) roots += 1;
      return api.fetch(input, init);
    };
    const { services } = renderPane(readItem().item, counting);
    await queuesRead();
    // What other screens of this mount had read: a record's folders and a search.
    services.queryClient.setQueryData(queryKeys.folderStructure({ tableId: 23, recordId: 'guid-10000' }), []);
    services.queryClient.setQueryData(queryKeys.search('invoice'), { pages: [], pageParams: [] });
    expect(roots).toBe(1);
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(services.queryClient.getQueryState(queryKeys.folderStructure({ tableId: 23, recordId: 'guid-10000' }))?.isInvalidated).toBe(
      true,
    );
    expect(services.queryClient.getQueryState(queryKeys.search('invoice'))?.isInvalidated).toBe(true);
    // The pane's own queue list is shown, so it is asked again at once.
    await waitFor(() => expect(roots).toBe(2));
  });
});

describe('errors while filing', () => {
  it("says an attachment over the server's upload size limit before Outlook is asked for it", async () => {
    const big: HostMailAttachment = { ...PDF, id: 'att-3', name: 'scan.tif', contentType: 'image/tiff', size: 3 * 1024 * 1024 };
    const { item, asked } = readItem({ attachments: [PDF, big] });
    const api = server({ options: [{ optionName: 'File Upload Size Limit', optionData: String(2 * 1024 * 1024) }] });
    renderPane(item, api.fetch);
    await queuesRead();
    await screen.findByText('3.0 MB · scan.tif cannot be filed: it is larger than the upload size limit (2.0 MB).');
    expect((screen.getByRole('checkbox', { name: 'scan.tif' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(asked).toEqual(['att-1']);
    expect((api.forms[0].form.getAll('file') as File[]).map((file) => file.name)).toEqual(['Rechnung März.pdf']);
  });

  it("files what Outlook could read and says why the rest was not; nothing read → nothing sent; the server's refusal in its words", async () => {
    const second: HostMailAttachment = { ...PDF, id: 'att-4', name: 'Lieferschein.pdf' };
    const api = server();
    // The host's own words for a file it could not read (the Outlook host's are proven in its mailMessageOfItem test).
    const unreadable = { 'att-4': 'Outlook could not read Lieferschein.pdf: The attachment could not be downloaded.' };
    const { unmount } = renderPane(readItem({ attachments: [PDF, second], unreadable }).item, api.fetch);
    await queuesRead();
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(
      screen.getByText('Lieferschein.pdf: Outlook could not read Lieferschein.pdf: The attachment could not be downloaded.'),
    ).toBeTruthy();
    expect((api.forms[0].form.getAll('file') as File[]).map((file) => file.name)).toEqual(['Rechnung März.pdf']);
    unmount();

    const none = server();
    const { unmount: unmountNone } = renderPane(
      readItem({ attachments: [PDF], unreadable: { 'att-1': 'Outlook could not read Rechnung März.pdf: Too busy.' } }).item,
      none.fetch,
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
    renderPane(readItem({ attachments: [PDF] }).item, refused.fetch);
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
    renderPane(item, api.fetch);
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
    renderPane(readItem({ attachments: [TEXT], messageFile: true }).item, api.fetch);
    await queuesRead();
    expect(fileButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: FILE_MAIL_TEXT.keepMessage }));
    fireEvent.click(fileButton());
    await outcome('status', FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'));
    expect(api.forms[0].form.getAll('file')).toEqual([]);
    expect((api.forms[0].form.get('message') as File).name).toBe('Rechnung 4711.eml');
  });

  it('is off, with the reason, where Outlook cannot hand out the message', async () => {
    renderPane(readItem({ messageFile: false }).item, server().fetch);
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
    renderPane(item, api.fetch);
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
    renderPane(readItem().item, api.fetch);
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
    const { unmount } = renderPane(readItem().item, api.fetch);
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
    renderPane(readItem().item, refused.fetch);
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
    // The whole app, as the host mounts it: its theme provider follows the host's signal.
    const item = readItem().item;
    const { container } = renderReadMailApp({ fetch: server().fetch, message: item, theme });
    await queuesRead();
    expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('webLight');
    current = 'webDark';
    act(() => listeners.forEach((listener) => listener('webDark')));
    await waitFor(() => expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('webDark'));
  });

  it("keeps the theme of a host's FluentProvider around it, and opens its lists inside the pane", async () => {
    // renderMailPane holds the pane in a provider of its own, data-theme="host" with Fluent's web dark theme.
    const { container } = renderPane(readItem().item, server().fetch);
    await queuesRead();
    expect([...container.querySelectorAll('[data-theme]')].map((element) => element.getAttribute('data-theme'))).toEqual(['host']);
    fireEvent.click(screen.getByRole('combobox', { name: 'Queue' }));
    const option = await screen.findByRole('option', { name: 'Accounts Payable — AP Coding' });
    // Inline, not in a portal that would carry the host provider's classes over the pane.
    expect(container.querySelector('form')?.contains(option)).toBe(true);
  });
});
