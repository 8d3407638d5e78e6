import { waitFor } from '@testing-library/react';
import { OfficeMockObject } from 'office-addin-mock';
import {
  DIALOG_TOKEN_REUSE_MARGIN_MS,
  OUTLOOK_SIGN_IN_TEXT,
  createOutlookSignIn,
  type OfficeDialogEvent,
  type OfficeSignInApi,
} from './createOutlookSignIn';

// office-addin-mock reads only the OfficeApp names from office-addin-manifest, whose validator pulls in ES-module-only packages jest cannot load.
jest.mock('office-addin-manifest', () => ({ OfficeApp: { Outlook: 'outlook' } }));

const DIALOG_URL = 'https://documents.contoso.example/outlook/sign-in.html';

/** What the mock Office recorded of the dialogs the pane opened, and a way to act as the dialog page or the user. */
interface DialogScript {
  opened: { url: string; options: unknown }[];
  closed: number;
  ssoCalls: number;
  /** The dialog page's `messageParent` (from its origin unless another is named). */
  send(message: unknown, origin?: string): void;
  /** Office's dialog event, e.g. 12006 when the user closed the window. */
  event(code: number): void;
}

interface MockOptions {
  /** The Office SSO error code; none → SSO answers 'sso-token'. */
  ssoError?: number;
  identityApi?: boolean;
  /** An error code displayDialogAsync answers with instead of opening. */
  openError?: number;
}

function mockOffice(options: MockOptions = {}): { office: OfficeSignInApi; script: DialogScript } {
  const handlers = new Map<string, (event: OfficeDialogEvent) => void>();
  const script: DialogScript = {
    opened: [],
    closed: 0,
    ssoCalls: 0,
    send: (message, origin = new URL(DIALOG_URL).origin) =>
      handlers.get('dialogMessageReceived')?.({ message: typeof message === 'string' ? message : JSON.stringify(message), origin }),
    event: (code) => handlers.get('dialogEventReceived')?.({ error: code }),
  };
  const dialog = {
    close: () => {
      script.closed += 1;
    },
    addEventHandler: (eventType: string, handler: (event: OfficeDialogEvent) => void) => {
      handlers.set(eventType, handler);
    },
  };
  const mock = new OfficeMockObject({
    host: 'outlook',
    context: {
      requirements: {
        isSetSupported: (name: string, version?: string) =>
          name === 'IdentityAPI' ? options.identityApi !== false && version === '1.3' : false,
      },
      ui: {
        displayDialogAsync: (url: string, dialogOptions: unknown, callback: (result: unknown) => void) => {
          script.opened.push({ url, options: dialogOptions });
          if (options.openError !== undefined)
            callback({ status: 'failed', error: { code: options.openError, message: 'Office says no.' } });
          else callback({ status: 'succeeded', value: dialog });
        },
      },
    },
    auth: {
      getAccessToken: () => {
        script.ssoCalls += 1;
        return options.ssoError === undefined
          ? Promise.resolve('sso-token')
          : Promise.reject({ code: options.ssoError, message: `Office SSO error ${options.ssoError}.` });
      },
    },
  });
  return { office: mock as unknown as OfficeSignInApi, script };
}

/** A loopback stand-in for GET /api/token/user?type=jwt: the product token names the Entra token it was given. */
function tokenServer(): { fetch: typeof fetch; bearers: string[] } {
  const bearers: string[] = [];
  return {
    bearers,
    fetch: async (_input, init) => {
      const bearer = new Headers(init?.headers).get('authorization') ?? '';
      bearers.push(bearer);
      return new Response(`product-for-${bearer.replace(/^Bearer /, '')}`, { status: 200 });
    },
  };
}

/** An Entra-shaped access token (a JWT, unsigned: the pane reads only its `exp`) naming `name`, expiring at `expiresAtMs`. */
function entraJwt(name: string, expiresAtMs: number): string {
  const part = (value: object): string => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ name, exp: Math.floor(expiresAtMs / 1000) })}.signature`;
}

/** A token server that refuses the Entra tokens in `refused` 401, as the server does a token it no longer takes. */
function refusingTokenServer(refused: Set<string>): { fetch: typeof fetch; bearers: string[] } {
  const bearers: string[] = [];
  return {
    bearers,
    fetch: async (_input, init) => {
      const entra = (new Headers(init?.headers).get('authorization') ?? '').replace(/^Bearer /, '');
      bearers.push(entra);
      if (refused.has(entra)) return new Response(JSON.stringify({ message: 'The Microsoft token is not valid.' }), { status: 401 });
      return new Response(`product-${bearers.length}`, { status: 200 });
    },
  };
}

/** Waits until the pane has opened its `count`th dialog (the sign-in runs on promises), up to testing-library's deadline. */
async function opened(script: DialogScript, count = 1): Promise<void> {
  await waitFor(() => expect(script.opened.length).toBeGreaterThanOrEqual(count));
}

/** Acts as the dialog page once the pane has opened its `count`th dialog: answers `accessToken`; resolves to what `pending` (the sign-in that opened it) answers. */
async function signInThroughDialog<T>(script: DialogScript, count: number, accessToken: string, pending: Promise<T>): Promise<T> {
  await opened(script, count);
  script.send({ type: 'datahaven-sign-in', accessToken });
  return pending;
}

describe('the Outlook sign-in (office-addin-mock)', () => {
  it('without NAA, falls back to the Office dialog when SSO answers 13012; the dialog token is exchanged and later sign-ins go to the dialog at once', async () => {
    const { office, script } = mockOffice({ ssoError: 13012 });
    const server = tokenServer();
    const signIn = createOutlookSignIn(office, { apiBase: '/api', fetch: server.fetch, dialogUrl: DIALOG_URL });
    const token = signIn.getToken({ forceRefresh: false });
    await opened(script);
    expect(script.opened).toEqual([{ url: DIALOG_URL, options: { height: 60, width: 30 } }]);
    // A message of another origin in the dialog is not believed; the page's own is.
    script.send({ type: 'datahaven-sign-in', accessToken: 'forged' }, 'https://evil.example');
    script.send({ type: 'datahaven-sign-in', accessToken: 'dialog-token' });
    await expect(token).resolves.toBe('product-for-dialog-token');
    expect(server.bearers).toEqual(['Bearer dialog-token']);
    expect(script.closed).toBe(1);
    expect(script.ssoCalls).toBe(1);

    await expect(signInThroughDialog(script, 2, 'dialog-token-2', signIn.getToken({ forceRefresh: true }))).resolves.toBe(
      'product-for-dialog-token-2',
    );
    expect(script.ssoCalls).toBe(1);
  });

  it.each([13000, 13001, 13003, 13005, 13007, 13013, 50001])('falls back to the dialog on SSO error %i too', async (code) => {
    const { office, script } = mockOffice({ ssoError: code });
    const signIn = createOutlookSignIn(office, { apiBase: '/api', fetch: tokenServer().fetch, dialogUrl: DIALOG_URL });
    await expect(signInThroughDialog(script, 1, 'dialog-token', signIn.getToken({ forceRefresh: false }))).resolves.toBe(
      'product-for-dialog-token',
    );
  });

  it('opens the dialog without asking SSO where Outlook has no IdentityAPI 1.3', async () => {
    const { office, script } = mockOffice({ identityApi: false });
    const signIn = createOutlookSignIn(office, { apiBase: '/api', fetch: tokenServer().fetch, dialogUrl: DIALOG_URL });
    await expect(signInThroughDialog(script, 1, 'dialog-token', signIn.getToken({ forceRefresh: false }))).resolves.toBe(
      'product-for-dialog-token',
    );
    expect(script.ssoCalls).toBe(0);
  });

  it('says so in words when the user closes the sign-in window (12006)', async () => {
    const { office, script } = mockOffice({ ssoError: 13012 });
    const server = tokenServer();
    const token = createOutlookSignIn(office, { apiBase: '/api', fetch: server.fetch, dialogUrl: DIALOG_URL }).getToken({
      forceRefresh: false,
    });
    await opened(script);
    script.event(12006);
    await expect(token).rejects.toThrow(OUTLOOK_SIGN_IN_TEXT.dialogClosed);
    expect(server.bearers).toEqual([]);
  });

  it("says the dialog page's sign-in failure in words, and closes the dialog", async () => {
    const { office, script } = mockOffice({ ssoError: 13012 });
    const token = createOutlookSignIn(office, { apiBase: '/api', fetch: tokenServer().fetch, dialogUrl: DIALOG_URL }).getToken({
      forceRefresh: false,
    });
    await opened(script);
    script.send('not json at all');
    script.send({ type: 'datahaven-sign-in', error: 'AADSTS65004: The user declined to sign in.' });
    await expect(token).rejects.toThrow(OUTLOOK_SIGN_IN_TEXT.dialogSignInFailed('AADSTS65004: The user declined to sign in.'));
    expect(script.closed).toBe(1);
  });

  it.each([
    [12007, OUTLOOK_SIGN_IN_TEXT.dialogAlreadyOpen],
    [12002, OUTLOOK_SIGN_IN_TEXT.dialogPageMissing],
    [12011, OUTLOOK_SIGN_IN_TEXT.dialogRefused(12011, 'Office says no.')],
  ])('says a dialog that cannot open (%i) in words', async (code, words) => {
    const { office } = mockOffice({ ssoError: 13012, openError: code });
    await expect(
      createOutlookSignIn(office, { apiBase: '/api', fetch: tokenServer().fetch, dialogUrl: DIALOG_URL }).getToken({ forceRefresh: false }),
    ).rejects.toThrow(words);
  });

  it('keeps SSO errors Microsoft does not send to the fallback in words (13002: the user declined), without a dialog', async () => {
    const { office, script } = mockOffice({ ssoError: 13002 });
    await expect(
      createOutlookSignIn(office, { apiBase: '/api', fetch: tokenServer().fetch, dialogUrl: DIALOG_URL }).getToken({ forceRefresh: false }),
    ).rejects.toThrow(OUTLOOK_SIGN_IN_TEXT.officeRefused('13002', 'Office SSO error 13002.'));
    expect(script.opened).toEqual([]);
  });

  it("reuses the dialog's Entra token for renewals and reply drafts until five minutes before it expires, then opens the dialog again", async () => {
    const { office, script } = mockOffice({ identityApi: false });
    let clock = Date.parse('2026-11-27T09:00:00Z');
    const server = refusingTokenServer(new Set());
    const signIn = createOutlookSignIn(office, { apiBase: '/api', fetch: server.fetch, dialogUrl: DIALOG_URL, now: () => clock });
    const first = entraJwt('first', clock + 60 * 60_000);
    await expect(signInThroughDialog(script, 1, first, signIn.getToken({ forceRefresh: false }))).resolves.toBe('product-1');

    // 50 minutes on: the product token is renewed and a reply draft asks for the assertion, no window opens.
    clock += 50 * 60_000;
    await expect(signIn.getToken({ forceRefresh: true })).resolves.toBe('product-2');
    await expect(signIn.getEntraToken({ forceRefresh: false })).resolves.toBe(first);
    expect(server.bearers).toEqual([first, first]);
    expect(script.opened).toHaveLength(1);

    // Within the margin of its expiry the token is not handed out again: the dialog opens.
    clock += 10 * 60_000 - DIALOG_TOKEN_REUSE_MARGIN_MS + 1;
    const second = entraJwt('second', clock + 60 * 60_000);
    await expect(signInThroughDialog(script, 2, second, signIn.getToken({ forceRefresh: true }))).resolves.toBe('product-3');
    expect(server.bearers).toEqual([first, first, second]);
  });

  it('opens the dialog again when the server refuses the reused token, and asks for a new one when the caller says it needs one', async () => {
    const { office, script } = mockOffice({ identityApi: false });
    const clock = Date.parse('2026-11-27T09:00:00Z');
    const first = entraJwt('first', clock + 60 * 60_000);
    const refused = new Set<string>();
    const server = refusingTokenServer(refused);
    const signIn = createOutlookSignIn(office, { apiBase: '/api', fetch: server.fetch, dialogUrl: DIALOG_URL, now: () => clock });
    await expect(signInThroughDialog(script, 1, first, signIn.getToken({ forceRefresh: false }))).resolves.toBe('product-1');

    refused.add(first);
    const second = entraJwt('second', clock + 60 * 60_000);
    await expect(signInThroughDialog(script, 2, second, signIn.getToken({ forceRefresh: true }))).resolves.toBe('product-3');
    expect(server.bearers).toEqual([first, first, second]);

    // A forced Entra token (the reply draft's assertion was refused) never comes from the reuse.
    await expect(signInThroughDialog(script, 3, 'opaque-third', signIn.getEntraToken({ forceRefresh: true }))).resolves.toBe(
      'opaque-third',
    );
    // An opaque token (no `exp` to judge by) is never reused.
    const fourth = signIn.getEntraToken({ forceRefresh: false });
    await opened(script, 4);
    script.event(12006);
    await expect(fourth).rejects.toThrow(OUTLOOK_SIGN_IN_TEXT.dialogClosed);
  });

  it("opens the page on the pane's own origin by default", async () => {
    const { office, script } = mockOffice({ identityApi: false });
    void createOutlookSignIn(office, { apiBase: '/api', fetch: tokenServer().fetch })
      .getToken({ forceRefresh: false })
      .catch(() => undefined);
    await opened(script);
    expect(script.opened[0].url).toBe(`${window.location.origin}/outlook/sign-in.html`);
    script.event(12006);
  });
});
