import { act, fireEvent, render, screen } from '@testing-library/react';
import { OfficeMockObject } from 'office-addin-mock';
import { ApiClient, settableSignal, type HostThemeName } from '@datahaven/core';
import { READ_MESSAGE_TEXT, ReadMessagePane } from './ReadMessagePane';
import { FILE_MAIL_TEXT } from './FileMailPane';
import { REPLY_TEXT } from './ReplyWithDocumentsPane';
import { isReadMailItem, type ReadMailItem } from './mailAttachments';

// office-addin-mock reads only the OfficeApp names from office-addin-manifest, whose validator pulls in ES-module-only packages jest cannot load.
jest.mock('office-addin-manifest', () => ({ OfficeApp: { Outlook: 'outlook' } }));

/** A message being read, through office-addin-mock. */
function readItem(): ReadMailItem {
  const mock = new OfficeMockObject({
    host: 'outlook',
    context: {
      mailbox: { item: { itemId: 'AAMk-read', subject: 'Rechnung 4711', attachments: [], getAttachmentContentAsync: () => undefined } },
    },
  });
  const item = (mock as unknown as { context: { mailbox: { item: unknown } } }).context.mailbox.item;
  if (!isReadMailItem(item)) throw new Error('the mock is no read item');
  return item;
}

const json = (body: unknown): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the read pane', () => {
  it("opens on filing, shows the reply view on its tab (searching only then) and keeps both mounted, in Outlook's theme live", async () => {
    const asked: string[] = [];
    const fetchFn: typeof fetch = async (input) => {
      const url = String(input);
      asked.push(url.split('?')[0]);
      if (url.startsWith('/api/workflow-root')) return json({ queueTypes: [] });
      if (url.startsWith('/api/export/defaults')) return json({ embedAnnotations: false });
      if (url.startsWith('/api/documents/search')) return json({ documents: [], total: 0, skip: 0, take: 30 });
      return new Response('not found', { status: 404 });
    };
    const theme = settableSignal<HostThemeName>('webLight');
    const client = new ApiClient({ tokens: { getToken: () => Promise.resolve('product-token') }, fetch: fetchFn, baseUrl: '/api' });
    const { container } = render(
      <ReadMessagePane
        item={readItem()}
        client={client}
        theme={theme}
        messageId="AAMk-read"
        graphHeaders={() => Promise.resolve({})}
        openDraft={() => undefined}
      />,
    );
    await screen.findByRole('heading', { name: FILE_MAIL_TEXT.title });
    expect(screen.getByRole('tab', { name: READ_MESSAGE_TEXT.file }).getAttribute('aria-selected')).toBe('true');
    expect(asked).not.toContain('/api/documents/search');

    fireEvent.click(screen.getByRole('tab', { name: READ_MESSAGE_TEXT.reply }));
    await screen.findByRole('heading', { name: REPLY_TEXT.title });
    await screen.findByText(REPLY_TEXT.noResults);
    expect(asked).toContain('/api/documents/search');
    // The filing view is hidden, not gone: its heading is still in the document.
    expect(screen.queryByRole('heading', { name: FILE_MAIL_TEXT.title })).toBeNull();
    expect(screen.getByRole('heading', { name: FILE_MAIL_TEXT.title, hidden: true })).toBeTruthy();

    expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('webLight');
    act(() => theme.set('webDark'));
    await screen.findByRole('tab', { name: READ_MESSAGE_TEXT.reply });
    expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('webDark');
  });
});
