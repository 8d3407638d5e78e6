import { act, fireEvent, screen, within } from '@testing-library/react';
import { settableSignal, type HostThemeName } from '../../host';
import { UI_TEXT } from '../../locale/uiText';
import { renderApp } from '../test/renderApp';
import { READ_MAIL_PATH } from './readMailPath';
import { fakeMailMessage, renderReadMailApp } from './test/renderMailPane';

const READ_MESSAGE_TEXT = { views: UI_TEXT.mail.views, file: UI_TEXT.mail.fileTab, reply: UI_TEXT.mail.replyTab };
const FILE_MAIL_TEXT = UI_TEXT.mail.file;
const REPLY_TEXT = UI_TEXT.mail.reply;

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
    // The whole app for a host reading a message: its router starts on the read screen.
    const { container } = renderReadMailApp({ fetch: fetchFn, theme, message: fakeMailMessage({ restId: 'AAMk-read' }).message });
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

  it('says no reply can be drafted when the host gave no id for the message', async () => {
    const fetchFn: typeof fetch = async (input) =>
      String(input).startsWith('/api/workflow-root') ? json({ queueTypes: [] }) : new Response('not found', { status: 404 });
    renderReadMailApp({ fetch: fetchFn, message: fakeMailMessage().message });
    await screen.findByRole('heading', { name: FILE_MAIL_TEXT.title });
    fireEvent.click(screen.getByRole('tab', { name: READ_MESSAGE_TEXT.reply }));
    expect((await screen.findByText(UI_TEXT.mail.noReply)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('heading', { name: REPLY_TEXT.title })).toBeNull();
  });

  it('offers the approver the workflow root on its Approvals tab; a queue opens in the pane', async () => {
    const queue = { id: 12, name: 'Approval L1', enabled: true, queueTypeId: 1, queueTypeName: 'Accounts Payable', documentCount: 3 };
    const fetchFn: typeof fetch = async (input) => {
      const url = String(input);
      if (url.startsWith('/api/workflow-root'))
        return json({ queueTypes: [{ id: 1, name: 'Accounts Payable', enabled: true, documentCount: 3, queues: [queue] }] });
      return new Response('not found', { status: 404 });
    };
    renderReadMailApp({ fetch: fetchFn, message: fakeMailMessage().message });
    await screen.findByRole('heading', { name: FILE_MAIL_TEXT.title });
    fireEvent.click(screen.getByRole('tab', { name: UI_TEXT.phone.approvalsTab }));
    const link = await screen.findByRole('link', { name: /^Approval L1, 3 documents/ });
    fireEvent.click(link);
    // The queue's screen replaces the read screen inside the pane (the memory router): its breadcrumb back to the root under /workflow2, and the tabs gone.
    const breadcrumb = await screen.findByRole('navigation', { name: UI_TEXT.workflow.breadcrumb });
    expect(within(breadcrumb).getByRole('link', { name: UI_TEXT.workflow.workflow }).getAttribute('href')).toBe('/workflow2/auto');
    expect(screen.queryByRole('tab', { name: READ_MESSAGE_TEXT.file })).toBeNull();
  });

  it("sends a host that reads no message home from the read screen's path", async () => {
    renderApp(
      READ_MAIL_PATH,
      {},
      {
        host: (base) => ({
          ...base,
          router: { kind: 'memory', initialPath: READ_MAIL_PATH },
          home: { kind: 'notice', title: 'Datahaven Documents in Outlook', body: 'Open this pane on a received e-mail.' },
        }),
      },
    );
    await screen.findByRole('heading', { name: 'Datahaven Documents in Outlook' });
    expect(screen.queryByRole('tab', { name: READ_MESSAGE_TEXT.file })).toBeNull();
  });
});
