import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { browserHost, memoryStorage, type HostAdapter, type HostAttachment } from '../../host';
import type { DmsDocument } from '../../model';
import { createDatahavenServices, DatahavenServicesProvider } from '../app/DatahavenServices';
import { FakeResponse } from '../test/FakeResponse';
import { testDocument, testToken } from '../test/renderApp';
import { AttachMenu } from './AttachMenu';
import { watchMenuPropsWarnings } from '../test/watchMenuPropsWarnings';
import { UI_TEXT } from '../../locale/uiText';

/** Fluent's focus manager may hide an open dialog from the accessibility tree in jsdom. */
const HIDDEN = { hidden: true } as const;

const FULL_ACCESS = {
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
  delete: false,
  readNotes: true,
  readDetails: true,
  reapplyName: false,
  email: true,
  link: false,
  unlink: false,
};

function mount(documents: readonly DmsDocument[], attachFile?: (file: HostAttachment) => Promise<void>): { urls: string[] } {
  const urls: string[] = [];
  const fakeFetch: typeof fetch = async (input) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(decodeURIComponent(url.pathname + url.search));
    if (/\/access$/.test(url.pathname)) return FakeResponse.json(FULL_ACCESS);
    if (url.pathname === '/api/export/defaults') return FakeResponse.json({ embedAnnotations: false });
    const base64 = /^\/api\/documents\/(\d+)\/data\/base64$/.exec(url.pathname);
    if (base64 !== null) {
      const id = Number(base64[1]);
      return FakeResponse.json({ fileName: `Invoice ${id}.pdf`, mediaType: 'application/pdf', size: 8, base64: btoa('%PDF-1.7') });
    }
    return new FakeResponse('not found', 404, 'text/plain');
  };
  const base = browserHost({
    token: testToken(),
    search: () => '',
    storage: { local: memoryStorage({}), session: memoryStorage({}) },
    fetch: fakeFetch,
  });
  const host: HostAdapter = attachFile === undefined ? base : { ...base, attachFile };
  const services = createDatahavenServices(host, { fetch: fakeFetch });
  render(
    <FluentProvider theme={webLightTheme}>
      <DatahavenServicesProvider host={host} services={services}>
        <AttachMenu documents={documents} />
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return { urls };
}

const two = [testDocument({ id: 7, name: 'Invoice 7.pdf' }), testDocument({ id: 8, name: 'Invoice 8.pdf' })];

// The export menus keep the annotations checkbox's state on their Menu, where Fluent wants it.
watchMenuPropsWarnings();

describe('Attach (a host that attaches files: Outlook compose)', () => {
  it('attaches each document as the base64 the server sends, with annotations when ticked, and shows each file attached', async () => {
    const attached: HostAttachment[] = [];
    const { urls } = mount(two, async (file) => {
      attached.push(file);
    });
    const button = await screen.findByRole('button', { name: UI_TEXT.export.attach });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: UI_TEXT.export.withAnnotations }));
    fireEvent.click(await screen.findByRole('menuitem', { name: UI_TEXT.export.attachDocuments(2) }));
    const dialog = await screen.findByRole('dialog', HIDDEN);
    await within(dialog).findByText(UI_TEXT.export.attachSummary(2, 0));
    expect(attached.map((file) => [file.fileName, atob(file.base64)])).toEqual([
      ['Invoice 7.pdf', '%PDF-1.7'],
      ['Invoice 8.pdf', '%PDF-1.7'],
    ]);
    expect(urls.filter((url) => url.includes('/base64'))).toEqual([
      '/api/documents/7/data/base64?embedAnnotations=true',
      '/api/documents/8/data/base64?embedAnnotations=true',
    ]);
    expect(within(dialog).getAllByText(UI_TEXT.export.attachAttached)).toHaveLength(2);
  });

  it("says in the host's words why a file was not attached, and attaches the others", async () => {
    const tooLarge = 'Invoice 7.pdf is larger than Outlook takes as an attachment.';
    mount(two, async (file) => {
      if (file.fileName === 'Invoice 7.pdf') throw new Error(tooLarge);
    });
    const button = await screen.findByRole('button', { name: UI_TEXT.export.attach });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: UI_TEXT.export.attachDocuments(2) }));
    const dialog = await screen.findByRole('dialog', HIDDEN);
    await within(dialog).findByText(UI_TEXT.export.attachSummary(1, 1));
    expect(within(dialog).getByText(tooLarge)).toBeTruthy();
    expect(within(dialog).getAllByText(UI_TEXT.export.attachAttached)).toHaveLength(1);
  });

  it('takes at most the download limit of documents, and says so', async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => testDocument({ id: index + 1, name: `D${index + 1}.pdf` }));
    mount(eleven, async () => undefined);
    const button = await screen.findByRole('button', { name: UI_TEXT.export.attach });
    await waitFor(() => expect(button.getAttribute('title')).toBe(UI_TEXT.export.attachTooMany(10)));
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('is not offered where the host attaches nothing', async () => {
    mount(two);
    await waitFor(() => expect(screen.queryByRole('button', { name: UI_TEXT.export.attach })).toBeNull());
  });
});
