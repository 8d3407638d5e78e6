import {
  HOST_THEME_NAMES,
  MESSAGES,
  browserLocale,
  contextFromQuery,
  settableSignal,
  readContextFields,
  decodeToken,
  tokenNeedsRefresh,
  webStorage,
  type ClientType,
  type DocumentLinkedNotice,
  type EmailDraftRequest,
  type ErpContext,
  type HostAdapter,
  type HostContext,
  type HostLocale,
  type HostThemeName,
  type RecordEvent,
  type RecordToOpen,
  type SettableSignal,
  type TokenRequest,
  type UploadNotice,
} from '@datahaven/core';
import { ParentFrameChannel, ParentFrameError } from './ParentFrameChannel';

/** Business Central online's origin: the parent of our iframe when BC hosts the control add-in. */
export const BUSINESS_CENTRAL_ORIGIN = 'https://businesscentral.dynamics.com';

/** A `<meta name="datahaven-erp-origins" content="https://bc.example.com …">` adds on-premises ERP origins. */
export const ERP_ORIGINS_META_NAME = 'datahaven-erp-origins';

/** Text logged when the parent does not answer `GET /context` (spec §8: logged, empty result). */
export const CONTEXT_FAILED_LOG = 'Failed to get the context from the parent frame.';

/** Ours: what a failed draft shows when the parent's answer carries no message (as spec §8's JSON). */
export const EMAIL_DRAFT_FAILED_JSON = JSON.stringify({ message: 'The e-mail draft could not be created.' });

/** The parent fetches every document before its mail editor opens: a draft may take longer than other messages. */
export const EMAIL_DRAFT_TIMEOUT_MS = 120_000;

/** Settings of the ERP host; all optional. */
export interface ErpHostAdapterOptions {
  /** Origins allowed to be our parent; by default our own, BC online's and the meta tag's. */
  allowedOrigins?: readonly string[];
  /** Time-out per parent request in milliseconds (10 s by default). */
  timeoutMs?: number;
  log?: (message: string, detail?: unknown) => void;
  /** The clock, for tests. */
  now?: () => number;
  /** The query string to read the context from; the window's own by default. */
  search?: () => string;
}

/** The ERP host: a HostAdapter plus what only an ERP parent provides. */
export interface ErpHostAdapter extends HostAdapter {
  /** The ERP page's theme, set by the parent (`PUT /theme`, or `theme` in `GET /context`). */
  readonly theme: SettableSignal<HostThemeName>;
  /** The ERP user's language and region, from the parent's context (`language`, `region`). */
  readonly locale: SettableSignal<HostLocale>;
  /** The web-services URL the parent pushed with `PUT /webservices/url`, if any. */
  webServicesUrl(): string | null;
  /** Stops listening to the parent. */
  dispose(): void;
}

/** The parent origins trusted by default: our own origin, BC online, and any listed in the page's meta tag. */
export function erpAllowedOrigins(win: Window): string[] {
  const origins = [win.location.origin, BUSINESS_CENTRAL_ORIGIN];
  const meta = win.document.querySelector(`meta[name="${ERP_ORIGINS_META_NAME}"]`);
  const listed = meta?.getAttribute('content') ?? '';
  for (const entry of listed.split(/[\s,]+/)) if (entry) origins.push(entry);
  return origins.filter((origin) => origin && origin !== 'null');
}

/**
 * The host for our iframe inside an ERP page (Business Central's control add-in): context from
 * the parent (`GET /context`) merged over the URL query (portal spec §2), tokens from the
 * parent (`GET /user/token`, pushed with `PUT /user/token`), refreshes (`PUT /refresh`), and
 * selection and upload notices sent up (`PUT /selected-documents`, `POST /queue/upload`),
 * e-mail drafts made by the parent in its own mail editor (`POST /email-draft`), records opened
 * by the ERP (`POST /record/launch`), refreshes after a link (`PUT /refreshinframe`, an upward
 * `PUT /refresh`), captures started by the ERP (`POST /record/capture`), records the ERP inserted
 * (`PUT /record/event`, which complete a pending New Card From Document), the page's theme
 * (`PUT /theme`, switched live) and the user's language and region (context `language`, `region`).
 */
export function createErpHostAdapter(win: Window, options: ErpHostAdapterOptions = {}): ErpHostAdapter {
  const log = options.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  const now = options.now ?? (() => Date.now());
  const channel = new ParentFrameChannel(win, {
    allowedOrigins: options.allowedOrigins ?? erpAllowedOrigins(win),
    timeoutMs: options.timeoutMs,
    log,
  });
  const contextListeners = new Set<() => void>();
  const tokenListeners = new Set<(token: string) => void>();
  const recordListeners = new Set<(event: RecordEvent) => Promise<void> | void>();
  let token: string | null = null;
  let tokenRequest: Promise<string> | null = null;
  let clientType: ClientType = 'Desktop';
  let servicesUrl: string | null = null;
  const theme = settableSignal<HostThemeName>('webLight');
  const locale = settableSignal<HostLocale>(browserLocale(win).current(), (a, b) => a.language === b.language && a.region === b.region);

  const acceptToken = (value: unknown): string => {
    if (typeof value !== 'string' || decodeToken(value.trim()) === null) throw new Error(MESSAGES.badAuthenticationToken);
    token = value.trim();
    return token;
  };

  channel.on('PUT', '/user/token', (body) => {
    const fresh = acceptToken(body);
    for (const listener of tokenListeners) listener(fresh);
  });
  channel.on('PUT', '/refresh', () => {
    for (const listener of contextListeners) listener();
  });
  channel.on('PUT', '/record/event', async (body) => {
    const event = toRecordEvent(body);
    if (event === null) throw new Error(RECORD_EVENT_REFUSED);
    // The answer waits for the listeners (the new card's link), so the parent hears when it is done.
    await Promise.all([...recordListeners].map((listener) => listener(event)));
  });
  channel.on('PUT', '/theme', (body) => {
    const name = toThemeName(body);
    if (name === null) throw new Error(`PUT /theme needs one of ${HOST_THEME_NAMES.join(', ')} as its body.`);
    theme.set(name);
  });
  channel.on('PUT', '/webservices/url', (body) => {
    if (typeof body !== 'string' || body.trim() === '') throw new Error('PUT /webservices/url needs the URL as its body.');
    servicesUrl = body.trim();
  });
  channel.start();
  if (win.parent !== win) {
    // Handshake early, so the parent may push a token or a refresh before we ask for anything;
    // then the look and the user's language and region, which every screen needs, not only those
    // that read the record (the workflow page shows no record, yet speaks the user's language).
    channel.connect().then(
      () =>
        channel.request('GET', '/context').then(
          (body) => applyLookAndLocale(body, theme, locale),
          (error: unknown) => log(CONTEXT_FAILED_LOG, error),
        ),
      (error: unknown) => log('The parent frame did not answer the ready handshake.', error),
    );
  }

  return {
    theme,
    locale,
    async getContext(): Promise<HostContext> {
      const fromQuery = contextFromQuery(options.search ? options.search() : win.location.search);
      let fromParent: ErpContext = {};
      try {
        const body = await channel.request('GET', '/context');
        fromParent = toErpContext(body);
        applyLookAndLocale(body, theme, locale);
      } catch (error) {
        log(CONTEXT_FAILED_LOG, error);
      }
      const record: ErpContext = { ...fromQuery, ...fromParent };
      if (record.clientType) clientType = record.clientType;
      return { record };
    },
    getToken({ forceRefresh }: TokenRequest): Promise<string> {
      if (!forceRefresh && token !== null) {
        const payload = decodeToken(token);
        if (payload && !tokenNeedsRefresh(payload, now())) return Promise.resolve(token);
      }
      tokenRequest ??= channel
        .request('GET', '/user/token')
        .then(acceptToken)
        .finally(() => {
          tokenRequest = null;
        });
      return tokenRequest;
    },
    onContextChanged(listener: () => void): () => void {
      contextListeners.add(listener);
      return () => contextListeners.delete(listener);
    },
    onRecordEvent(listener: (event: RecordEvent) => Promise<void> | void): () => void {
      recordListeners.add(listener);
      return () => recordListeners.delete(listener);
    },
    onTokenPushed(listener: (token: string) => void): () => void {
      tokenListeners.add(listener);
      return () => tokenListeners.delete(listener);
    },
    async notifySelectedDocuments(ids: number[]): Promise<void> {
      await channel.request('PUT', '/selected-documents', ids);
    },
    async notifyUploadQueued(upload: UploadNotice): Promise<void> {
      await channel.request('POST', '/queue/upload', upload);
    },
    async createEmailDraft(request: EmailDraftRequest): Promise<void> {
      try {
        await channel.request('POST', '/email-draft', request, { timeoutMs: EMAIL_DRAFT_TIMEOUT_MS });
      } catch (error) {
        // Spec §8: the draft error is read as JSON with a message; pass the parent's text on as it came.
        if (error instanceof ParentFrameError) throw new Error(draftErrorText(error.body));
        throw error;
      }
    },
    async openRecord(record: RecordToOpen): Promise<void> {
      // The ERP opens its own card page (BC: Page.Run); a parent that cannot answers an error status.
      await channel.request('POST', '/record/launch', record);
    },
    async notifyDocumentLinked(notice: DocumentLinkedNotice): Promise<void> {
      // The parent refreshes the product's other frames on the page (FactBox, documents part), then its own page.
      await channel.request('PUT', '/refreshinframe', notice);
      await channel.request('PUT', '/refresh', notice);
    },
    async captureRecord(record: ErpContext): Promise<void> {
      // Embedded §7: "a capture starts by messaging the parent". A refusal (non-2xx) or no answer
      // within the request time-out rejects, and Capture shows the spec's sentence.
      await channel.request('POST', '/record/capture', record);
    },
    getClientType: () => clientType,
    storage: {
      local: webStorage(() => win.localStorage),
      session: webStorage(() => win.sessionStorage),
    },
    webServicesUrl: () => servicesUrl,
    dispose: () => channel.stop(),
  };
}

/** Ours: what is logged when 'PUT /record/event' carries no insert of a record. */
export const RECORD_EVENT_REFUSED = "PUT /record/event needs { eventType: 'insert', typeName, dataAreaId, recordId } as its body.";

/** An insert event the parent sent, or null when it is not one (spec §7: only insert events). */
function toRecordEvent(body: unknown): RecordEvent | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const source = body as Record<string, unknown>;
  const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const typeName = text(source.typeName);
  const recordId = text(source.recordId);
  if (source.eventType !== 'insert' || typeName === null || recordId === null) return null;
  const event: RecordEvent = { eventType: 'insert', typeName, dataAreaId: text(source.dataAreaId) ?? '', recordId: guidOrText(recordId) };
  const tableId = typeof source.tableId === 'string' ? Number(source.tableId) : source.tableId;
  if (typeof tableId === 'number' && Number.isSafeInteger(tableId) && tableId > 0) event.tableId = tableId;
  const number = text(source.number);
  if (number !== null) event.number = number;
  return event;
}

/** A GUID as the product keeps it (BC formats SystemIds with braces, in upper case); any other key as it is. */
function guidOrText(value: string): string {
  return /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i.test(value)
    ? value.replace(/[{}]/g, '').toLowerCase()
    : value;
}

/** The parent's error body as the JSON text the E-mail action parses. */
function draftErrorText(body: unknown): string {
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') return JSON.stringify(body);
  return EMAIL_DRAFT_FAILED_JSON;
}

/** A theme name the parent sent, or null when it is not one of ours. */
function toThemeName(value: unknown): HostThemeName | null {
  return HOST_THEME_NAMES.find((name) => name === value) ?? null;
}

/** A BCP 47 tag Intl accepts, canonicalised, or null. */
function toLocaleTag(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    return Intl.getCanonicalLocales(value.trim())[0] ?? null;
  } catch {
    return null;
  }
}

/** Takes the theme and the user's language and region (BC: language, format region) from the parent's context answer. */
function applyLookAndLocale(body: unknown, theme: SettableSignal<HostThemeName>, locale: SettableSignal<HostLocale>): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const source = body as Record<string, unknown>;
  const name = toThemeName(source.theme);
  if (name !== null) theme.set(name);
  const language = toLocaleTag(source.language);
  const region = toLocaleTag(source.region);
  if (language !== null || region !== null) {
    const now = locale.current();
    locale.set({ language: language ?? region ?? now.language, region: region ?? language ?? now.region });
  }
}

const CLIENT_TYPES: readonly ClientType[] = ['Phone', 'Tablet', 'Desktop'];

/** Keeps only the context fields the parent may set, with their proper types. */
function toErpContext(body: unknown): ErpContext {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const source = body as Record<string, unknown>;
  const context = readContextFields((key) => source[key]);
  const clientType = CLIENT_TYPES.find((type) => type === source.clientType);
  if (clientType) context.clientType = clientType;
  if (typeof source.isCapturable === 'boolean') context.isCapturable = source.isCapturable;
  return context;
}
