import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teamsHighContrastTheme, webDarkTheme } from '@fluentui/react-components';
import { settableSignal, type HostLocale, type HostRouter, type HostThemeName } from '../host';
import { encodeDocumentId, type DocumentAccess } from '../model';
import { CREATE_MAIL_DRAFT_TEXT } from './export/ViewerExportActions';
import { FakeResponse } from './test/FakeResponse';
import { recordingHost, type HostRecording } from './test/recordingHost';
import { renderApp, testDocument, testFolder } from './test/renderApp';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23';
const FOLDERS = `/folders${CONTEXT}`;
const VIEWER = `/viewer/${encodeDocumentId(7)}`;
const scan = testDocument({ id: 7, name: 'scan-7.png', mediaType: 'image/png' });
const ACCESS: DocumentAccess = {
  merge: false,
  renewLock: false,
  createLock: false,
  unlock: false,
  route: false,
  approve: false,
  reject: false,
  split: false,
  splitAdvanced: false,
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

const routes = {
  'GET /api/options': () => [],
  'GET /api/folder-structure': () => [testFolder('f1', 'Invoices', [{ type: 'document', id: 7, name: scan.name, document: scan }])],
  'GET /api/documents/7': () => scan,
  'GET /api/documents/7/view': () => ({ document: scan, dataUrl: '/api/documents/7/data', viewable: true }),
  'GET /api/documents/7/data': () => new FakeResponse('png', 200, 'image/png'),
  'GET /api/documents/7/access': () => ACCESS,
  'GET /api/export/defaults': () => ({ embedAnnotations: false }),
  'POST /api/email-link': () => new FakeResponse('https://outlook.example/draft/1', 200, 'text/plain'),
};

async function chooseFromMenu(button: string, item: string): Promise<void> {
  const trigger = await screen.findByRole('button', { name: button });
  await waitFor(() => expect(trigger.getAttribute('aria-disabled')).not.toBe('true'));
  fireEvent.click(trigger);
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

async function selectScan(): Promise<void> {
  const tree = await screen.findByRole('tree', { name: 'Folders' });
  fireEvent.click(await within(tree).findByRole('treeitem', { name: /^scan-7\.png, / }));
}

/**
 * One journey through the screens: folders → Open → the viewer's Print and E-mail → Back → the
 * folders' Download. Everything that leaves the app goes to the recording host.
 */
async function walkThrough(recording: HostRecording): Promise<void> {
  await selectScan();
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  await screen.findByRole('heading', { name: 'scan-7.png', level: 1 });

  await chooseFromMenu('Print', 'Print');
  await waitFor(() => expect(recording.printed).toHaveLength(1));
  expect(recording.printed[0].type).toBe('image/png');

  await chooseFromMenu('E-mail', CREATE_MAIL_DRAFT_TEXT);
  await waitFor(() => expect(recording.opened).toHaveLength(1));
  await expect(recording.opened[0].url).resolves.toBe('https://outlook.example/draft/1');

  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await selectScan();
  await chooseFromMenu('Download', 'Download');
  await waitFor(() => expect(recording.saved).toHaveLength(1));
  expect(recording.saved[0].blob.size).toBe('png'.length);
  expect(recording.routes).toEqual([FOLDERS, VIEWER, FOLDERS]);
}

describe('DatahavenApp under different hosts', () => {
  // jsdom has no object URLs; the image viewer needs them to show the page.
  beforeAll(() => Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined }));
  afterAll(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('runs the screens under a host with the browser router; routing, back, open, save and print go through the host', async () => {
    let recording: HostRecording | undefined;
    renderApp(FOLDERS, routes, {
      search: CONTEXT,
      host: (base) => {
        const recorded = recordingHost(base, { kind: 'browser' });
        recording = recorded.recording;
        return recorded.host;
      },
    });
    if (!recording) throw new Error('the host was not made');
    await walkThrough(recording);
    expect(window.location.pathname + window.location.search).toBe(FOLDERS);
  });

  it('runs the same screens under a memory router while history.pushState and replaceState are null (Office.js)', async () => {
    window.history.replaceState(null, '', '/outlook/');
    const { pushState, replaceState } = window.history;
    Object.assign(window.history, { pushState: null, replaceState: null });
    try {
      let recording: HostRecording | undefined;
      const router: HostRouter = { kind: 'memory', initialPath: FOLDERS };
      renderApp(FOLDERS, routes, {
        search: CONTEXT,
        host: (base) => {
          const recorded = recordingHost(base, router);
          recording = recorded.recording;
          return recorded.host;
        },
      });
      if (!recording) throw new Error('the host was not made');
      await walkThrough(recording);
      // The page's own address never moved.
      expect(window.location.pathname).toBe('/outlook/');
    } finally {
      Object.assign(window.history, { pushState, replaceState });
    }
  });

  it('runs the screens under the plain-browser host with its default capabilities (the window is the browser)', async () => {
    renderApp(FOLDERS, routes, { search: CONTEXT });
    await selectScan();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('heading', { name: 'scan-7.png', level: 1 });
    expect(window.location.pathname).toBe(VIEWER);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('tree', { name: 'Folders' });
    expect(window.location.pathname + window.location.search).toBe(FOLDERS);
  });

  it("follows the host's theme live: a switch restyles the mounted app without remounting it", async () => {
    const theme = settableSignal<HostThemeName>('webLight');
    renderApp(FOLDERS, routes, { search: CONTEXT, host: (base) => ({ ...base, theme }) });
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    const provider = tree.closest('[data-theme]');
    expect(provider?.getAttribute('data-theme')).toBe('webLight');
    // Fluent writes each theme as a rule of CSS variables on the provider's class.
    const themeRules = (): string =>
      Array.from(document.styleSheets)
        .flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText))
        .filter((rule) => (provider?.className ?? '').split(' ').some((name) => name !== '' && rule.startsWith(`.${name} `)))
        .join('\n');

    act(() => theme.set('webDark'));
    expect(provider?.getAttribute('data-theme')).toBe('webDark');
    expect(themeRules()).toContain(`--colorNeutralBackground1: ${webDarkTheme.colorNeutralBackground1}`);
    act(() => theme.set('teamsHighContrast'));
    expect(provider?.getAttribute('data-theme')).toBe('teamsHighContrast');
    expect(themeRules()).toContain(`--colorNeutralBackground1: ${teamsHighContrastTheme.colorNeutralBackground1}`);
    // The same tree, not a new mount.
    expect(screen.getByRole('tree', { name: 'Folders' })).toBe(tree);
  });

  it("writes dates and sizes in the host's region and its texts and <html lang> in the language shown, live", async () => {
    const locale = settableSignal<HostLocale>({ language: 'en-US', region: 'en-US' });
    renderApp(FOLDERS, routes, { search: CONTEXT, host: (base) => ({ ...base, locale }) });
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    expect(await within(tree).findByRole('treeitem', { name: /^scan-7\.png, 12\.3 KB, May 30, 2025$/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    // German: the catalogue's words, German formats, and lang names the language on screen.
    act(() => locale.set({ language: 'de-DE', region: 'de-DE' }));
    const ordner = await screen.findByRole('tree', { name: 'Ordner' });
    expect(await within(ordner).findByRole('treeitem', { name: /^scan-7\.png, 12,3 KB, 30\. Mai 2025$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hochladen' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    // French has no catalogue: English words and lang 'en', while dates and sizes follow the French region.
    act(() => locale.set({ language: 'fr-FR', region: 'fr-FR' }));
    const folders = await screen.findByRole('tree', { name: 'Folders' });
    expect(await within(folders).findByRole('treeitem', { name: /^scan-7\.png, 12,3 KB, 30 mai 2025$/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });
});
