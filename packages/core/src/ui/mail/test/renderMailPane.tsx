import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { FluentProvider, webDarkTheme, type Theme } from '@fluentui/react-components';
import {
  browserHost,
  memoryStorage,
  type HostAdapter,
  type HostMailAttachment,
  type HostMailMessage,
  type HostSignal,
  type HostThemeName,
} from '../../../host';
import { DatahavenApp } from '../../DatahavenApp';
import { DatahavenServicesProvider, createDatahavenServices, type DatahavenServices } from '../../app/DatahavenServices';
import { testToken } from '../../test/renderApp';
import { READ_MAIL_PATH } from '../readMailPath';
import { MemoryRouter } from 'react-router-dom';

/** The product token the test host hands out (TokenManager reads its expiry). */
export const PRODUCT_TOKEN = testToken();

/** How the fake host's message answers: its attachments, which it cannot read (and the host's words why), and whether it hands out the e-mail itself. */
export interface MailSetup {
  attachments?: readonly HostMailAttachment[];
  /** Attachment id → the host's words for why it could not read it. */
  unreadable?: Record<string, string>;
  /** The whole e-mail as base64 .eml; absent: the host cannot hand it out. */
  eml?: string;
  /** Base64 bytes of every readable attachment. */
  content?: string;
  restId?: string;
}

/** A message being read as a host hands it out; `asked` lists each attachment id read, and 'message' for the e-mail itself. */
export function fakeMailMessage(setup: MailSetup = {}): { message: HostMailMessage; asked: string[] } {
  const asked: string[] = [];
  const { eml } = setup;
  const message: HostMailMessage = {
    subject: 'Rechnung 4711',
    from: { displayName: 'Jane Doe', emailAddress: 'ap@vendor.example' },
    attachments: setup.attachments ?? [],
    restId: setup.restId,
    readAttachment: (attachment) => {
      asked.push(attachment.id);
      const refusal = setup.unreadable?.[attachment.id];
      return refusal === undefined ? Promise.resolve(setup.content ?? '') : Promise.reject(new Error(refusal));
    },
    readAsEml:
      eml === undefined
        ? undefined
        : () => {
            asked.push('message');
            return Promise.resolve(eml);
          },
  };
  return { message, asked };
}

/** The capabilities a test host reading a message offers, beside the plain-browser host over `fetch`. */
export interface MailHostOptions {
  fetch: typeof fetch;
  message: HostMailMessage;
  theme?: HostSignal<HostThemeName>;
  getGraphCredentialHeaders?: () => Promise<Readonly<Record<string, string>>>;
}

/** A host reading `message` over fake web services, its router in memory at READ_MAIL_PATH; `opened` records what it opened (openUrl). */
export function mailHost(options: MailHostOptions): { host: HostAdapter; opened: string[] } {
  const opened: string[] = [];
  const base = browserHost({
    token: PRODUCT_TOKEN,
    search: () => '',
    storage: { local: memoryStorage(), session: memoryStorage() },
    fetch: options.fetch,
  });
  const host: HostAdapter = {
    ...base,
    router: { kind: 'memory', initialPath: READ_MAIL_PATH },
    theme: options.theme,
    messageBeingRead: options.message,
    getGraphCredentialHeaders: options.getGraphCredentialHeaders,
    openUrl: (url) => {
      if (typeof url === 'string') opened.push(url);
    },
  };
  return { host, opened };
}

/** What a render hands back: the testing-library result, the mount's services and what the host opened. */
export interface RenderedMail extends RenderResult {
  services: DatahavenServices;
  opened: string[];
}

/**
 * Mounts one view of the read screen with the app's services over `options.fetch`, inside a
 * FluentProvider of its own (`data-theme="host"`, Fluent's web dark theme unless `theme` says),
 * as a host's provider would hold it.
 */
export function renderMailPane(pane: ReactElement, options: MailHostOptions & { providerTheme?: Theme }): RenderedMail {
  const { host, opened } = mailHost(options);
  const services = createDatahavenServices(host, { fetch: options.fetch });
  const result = render(
    <DatahavenServicesProvider host={host} services={services}>
      <FluentProvider theme={options.providerTheme ?? webDarkTheme} data-theme="host">
        {/* Inside the app's router, as every pane is (its links open app pages through it). */}
        <MemoryRouter>{pane}</MemoryRouter>
      </FluentProvider>
    </DatahavenServicesProvider>,
  );
  return { ...result, services, opened };
}

/** Mounts the whole DatahavenApp for a host reading `options.message`: it starts on the read screen. */
export function renderReadMailApp(options: MailHostOptions): RenderedMail {
  const { host, opened } = mailHost(options);
  const services = createDatahavenServices(host, { fetch: options.fetch });
  const result = render(<DatahavenApp host={host} services={services} />);
  return { ...result, services, opened };
}
