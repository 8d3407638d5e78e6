import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { OfficeMockObject } from 'office-addin-mock';
import { ApiClient } from '@datahaven/core';
import { FILE_MAIL_TEXT, FileMailPane } from './FileMailPane';
import { isReadMailItem, type ReadMailItem } from './mailAttachments';

// office-addin-mock reads only the OfficeApp names from office-addin-manifest, whose validator pulls in ES-module-only packages jest cannot load.
jest.mock('office-addin-manifest', () => ({ OfficeApp: { Outlook: 'outlook' } }));

const PDF_BASE64 = btoa('%PDF-1.7 invoice');

/** A message being read, through office-addin-mock: a PDF invoice and a text file. */
function readItem(): { item: ReadMailItem; asked: string[] } {
  const asked: string[] = [];
  const mock = new OfficeMockObject({
    host: 'outlook',
    context: {
      mailbox: {
        item: {
          itemId: 'AAMk-read',
          subject: 'Rechnung 4711',
          from: { displayName: 'Jane Doe', emailAddress: 'ap@vendor.example' },
          attachments: [
            { id: 'att-1', name: 'Rechnung März.pdf', contentType: 'application/pdf', size: 16, attachmentType: 'file', isInline: false },
            { id: 'att-2', name: 'readme.txt', contentType: 'text/plain', size: 5, attachmentType: 'file', isInline: false },
          ],
          getAttachmentContentAsync: (id: string, callback: (result: unknown) => void) => {
            asked.push(id);
            callback({ status: 'succeeded', value: { content: PDF_BASE64, format: 'base64' } });
          },
        },
      },
    },
  });
  const item = (mock as unknown as { context: { mailbox: { item: unknown } } }).context.mailbox.item;
  if (!isReadMailItem(item)) throw new Error('the mock is no read item');
  return { item, asked };
}

const ROOT = { queueTypes: [{ id: 1, name: 'Accounts Payable', enabled: true, documentCount: 0, queues: [{ id: 7, name: 'AP Inbox', enabled: true, queueTypeId: 1, queueTypeName: 'Accounts Payable' }] }] };

/** A loopback stand-in for the two calls the pane makes; records the mail-import form. */
function server(importAnswer: () => Response): { fetch: typeof fetch; forms: { url: string; form: FormData }[] } {
  const forms: { url: string; form: FormData }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/workflow-root')) return new Response(JSON.stringify(ROOT), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/mail-import') && init?.method === 'POST' && init.body instanceof FormData) {
      forms.push({ url, form: init.body });
      return importAnswer();
    }
    return new Response('not found', { status: 404 });
  };
  return { fetch: fetchFn, forms };
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

const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("filing a read e-mail's invoice (office-addin-mock)", () => {
  it('reads the PDF through Outlook, posts it with subject, sender and note into the chosen queue, and says what was filed', async () => {
    const { item, asked } = readItem();
    const api = server(() => json(201, { documents: [{ id: 41 }], duplicates: [] }));
    render(<FileMailPane item={item} client={client(api.fetch)} />);
    await screen.findByRole('option', { name: 'Accounts Payable — AP Inbox' });
    expect(screen.getByText('readme.txt cannot be filed: only PDF, TIFF and image files are imported.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Rechnung März.pdf' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Please approve by Friday.' } });
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    await screen.findByText(FILE_MAIL_TEXT.filedIn(1, 'AP Inbox'), { exact: false });
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
    expect(screen.getByText('Rechnung März.pdf: Filed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open AP Inbox' }).getAttribute('href')).toBe('/queues/7/documents');
  });

  it("says the server's duplicate in words: in the answer beside others, and as the 409 when every file is one", async () => {
    const message = "'Rechnung März.pdf' is already in the queue AP Inbox; it was not imported again.";
    const { item } = readItem();
    const partial = server(() => json(201, { documents: [], duplicates: [{ fileName: 'Rechnung März.pdf', documentId: 41, message }] }));
    const { unmount } = render(<FileMailPane item={item} client={client(partial.fetch)} />);
    await screen.findByRole('option', { name: 'Accounts Payable — AP Inbox' });
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    await screen.findByText(`Rechnung März.pdf: ${message}`);
    expect(screen.getByText(FILE_MAIL_TEXT.nothingFiled)).toBeTruthy();
    unmount();

    const conflict = server(() => json(409, { statusCode: 409, exceptionType: 'Conflict', message }));
    render(<FileMailPane item={readItem().item} client={client(conflict.fetch)} />);
    await screen.findByRole('option', { name: 'Accounts Payable — AP Inbox' });
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    await screen.findByText(`Rechnung März.pdf: ${FILE_MAIL_TEXT.notFiled}`);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(message));
  });

  it('offers no unsupported file: with only a text file the message has nothing to file and File stays off', async () => {
    const { item } = readItem();
    const textOnly: ReadMailItem = { ...item, attachments: item.attachments.filter((attachment) => attachment.name === 'readme.txt'), getAttachmentContentAsync: item.getAttachmentContentAsync };
    const api = server(() => json(201, { documents: [], duplicates: [] }));
    render(<FileMailPane item={textOnly} client={client(api.fetch)} />);
    await screen.findByRole('option', { name: 'Accounts Payable — AP Inbox' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('readme.txt cannot be filed: only PDF, TIFF and image files are imported.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'File' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.forms).toEqual([]);
  });
});
