import type { ClientType, ErpContext, UploadNotice } from '../model';
import type { HostMailMessage } from './HostMailMessage';
import type { StoragePort } from './StoragePort';

/** Options of a token request. */
export interface TokenRequest {
  /** true after a 401 or when the token is about to expire: never answer with a cached token. */
  forceRefresh: boolean;
}

/** Anything that can hand out bearer tokens (a host, or the TokenManager in front of one). */
export interface TokenSource {
  getToken(options: TokenRequest): Promise<string>;
}

/**
 * An e-mail draft the host makes itself (spec §7 parent-frame message `POST /email-draft`): the
 * documents, the annotation choice (null: the server's default) and the `.eml` link it may fetch.
 */
export interface EmailDraftRequest {
  docIds: number[];
  embedAnnotations: boolean | null;
  /** Absolute URL of `GET /api/email-link?docIds[]=…` for these documents (needs the user's bearer token). */
  emailLinkUrl: string;
}

/** A record Launch Card opens in the ERP (embedded §5–§6): where it is, its number and the web client's URL for it. */
export interface RecordToOpen {
  /** `prefix:namespace.name`, e.g. 'bc:Microsoft.NAV.PurchaseHeader'. */
  typeName: string;
  dataAreaId: string;
  /** The record's key in the ERP (BC: its SystemId). */
  recordId: string;
  /** What users call the record (its number). */
  number: string;
  /** The ERP web client's URL of the record's card (GET /entities/url). */
  url: string;
}

/** A document just linked to a record (the ERP page refreshes after it, embedded §7). */
export interface DocumentLinkedNotice {
  docId: number;
  typeName: string;
  dataAreaId: string;
  recordId: string;
}

/**
 * A record the ERP inserted (spec §7 parent-frame message `PUT /record/event`, "insert events"):
 * a New Card the user opened from a document was saved there, so the pending new card completes.
 */
export interface RecordEvent {
  /** Only inserts are sent (the spec's "insert events"). */
  eventType: 'insert';
  /** `prefix:namespace.name`, e.g. 'bc:Microsoft.NAV.PurchaseHeader'. */
  typeName: string;
  /** The ERP's table number (BC: 38), when the ERP has one. */
  tableId?: number;
  dataAreaId: string;
  /** The record's key in the ERP (BC: its SystemId, lower case, no braces). */
  recordId: string;
  /** What users call the record (its number), when the ERP sends it. */
  number?: string;
}

/** The Fluent v9 themes a host may ask for: the web ones, and Teams' default, dark and high contrast. */
export type HostThemeName = 'webLight' | 'webDark' | 'teamsLight' | 'teamsDark' | 'teamsHighContrast';

/** Every theme name, in a stable order (tests and the demo's switch list them). */
export const HOST_THEME_NAMES: readonly HostThemeName[] = ['webLight', 'webDark', 'teamsLight', 'teamsDark', 'teamsHighContrast'];

/** A value the host owns and may change while the app runs (theme, locale). */
export interface HostSignal<T> {
  /** The value now. */
  current(): T;
  /** Calls `listener` with each new value. Returns the unsubscribe function. */
  onChange(listener: (value: T) => void): () => void;
}

/** The user's locale as BCP 47 tags: `language` for texts and `<html lang>`, `region` for dates, numbers and sizes. */
export interface HostLocale {
  language: string;
  region: string;
}

/**
 * Which router the host can live with: `browser` (history mode, the ERP iframe and the portal)
 * or `memory` (Office.js sets `history.pushState` to null inside Outlook, OfficeDev/office-js #429).
 * `onNavigated` hears every route the app shows, for hosts that keep their own deep link.
 */
export type HostRouter =
  | { kind: 'browser'; basename?: string; onNavigated?: (path: string) => void }
  | { kind: 'memory'; initialPath?: string; onNavigated?: (path: string) => void };

/** A file the core hands to the host (a download, a print, an attachment). */
export interface HostFile {
  blob: Blob;
  fileName: string;
}

/**
 * A stored document as a host attaches it (GET /documents/{id}/data/base64): Outlook's
 * `addFileAttachmentFromBase64Async` takes base64, so the server sends it encoded.
 */
export interface HostAttachment {
  fileName: string;
  mediaType: string;
  /** The file's size in bytes. */
  size: number;
  /** The file's bytes, base64 (no `data:` prefix). */
  base64: string;
}

/** How a link opens: a window name to reuse, and window features (size) where the host has windows, maybe computed from the screen's size. */
export interface OpenUrlOptions {
  name?: string;
  features?: string | ((screen: { width: number; height: number }) => string);
}

/**
 * How the app's own pages the core opens beside the current screen (the approval list) open:
 * `popup` — in a window of their own, at the app's address (the server serves them with the
 * host's bundle); `inPlace` — in this frame's router, whose screen has a Back button to return.
 */
export type AppPageMode = 'popup' | 'inPlace';

/** What the host's home screen is: the record's folders, or a notice when the host has no record to show. */
export type HostHome = { kind: 'folders' } | { kind: 'notice'; title: string; body: string };

/**
 * What the host knows about where the user is. `record` is the ERP record in view (empty when
 * there is none); Teams and Outlook add what they know (the tab's configuration, the mail item).
 */
export interface HostContext {
  record: ErpContext;
  /** A Teams channel tab: its team, channel and the configuration saved with the tab. */
  teams?: { teamId?: string; channelId?: string; entityId?: string; configuration?: Record<string, string> };
  /** An Outlook item: read or compose mode and its id. */
  outlook?: { mode: 'read' | 'compose'; itemId?: string };
}

/**
 * What the core needs from whatever embeds it (ERP iframe, Teams tab, Outlook pane, plain
 * browser). The required members are the host's identity and plumbing; the optional ones are
 * capabilities the core asks for instead of touching globals: when a host leaves one out, the
 * core uses the plain-browser default (host/defaults), or — for attachFile, createEmailDraft
 * and getGraphToken — does not offer the feature. The core never asks which host it runs in.
 */
export interface HostAdapter extends TokenSource {
  /** Where the user is (ERP: parent 'GET /context' over the URL query). */
  getContext(): Promise<HostContext>;
  /** A bearer token for /api; with forceRefresh a new one (re-authentication). */
  getToken(options: TokenRequest): Promise<string>;
  /** Called when the parent says the record changed (ERP: 'PUT /refresh'). Returns the unsubscribe function. */
  onContextChanged(listener: () => void): () => void;
  /** Called when the parent pushes a new token (ERP: 'PUT /user/token'). Returns the unsubscribe function. */
  onTokenPushed(listener: (token: string) => void): () => void;
  /** Tells the parent which documents are selected (ERP: 'PUT /selected-documents'). */
  notifySelectedDocuments(ids: number[]): Promise<void>;
  /** Tells the parent an upload was queued (ERP: 'POST /queue/upload'). */
  notifyUploadQueued(upload: UploadNotice): Promise<void>;
  /** Phone and Tablet disable the View action (spec §2). */
  getClientType(): ClientType;
  /** Local and session storage as the host allows them (memory when blocked, e.g. third-party iframes). */
  readonly storage: { local: StoragePort; session: StoragePort };

  /** The Fluent theme to show, live. Default: web light or dark after the browser's colour scheme. */
  readonly theme?: HostSignal<HostThemeName>;
  /** The user's language and region, live. Default: the browser's language for both. */
  readonly locale?: HostSignal<HostLocale>;
  /** The router the host can live with. Default: the browser's history. */
  readonly router?: HostRouter;
  /** The home screen ('/'). Default: the record's folders. */
  readonly home?: HostHome;
  /**
   * How the app's own popup pages open (AppPageMode). Default: `popup`. A host whose windows would
   * not carry its sign-in (a Teams tab: a popup is a plain browser window the server serves with
   * the ERP bundle) says `inPlace`.
   */
  readonly appPages?: AppPageMode;
  /**
   * Opens a link in a new window or tab (or reuses the named one). A URL still being made (a
   * mailbox draft) is passed as a promise: the window opens now, inside the user's click, and
   * follows the URL when it arrives (closed again when it fails). Default: `window.open`.
   */
  openUrl?(url: string | Promise<string>, options?: OpenUrlOptions): void;
  /** Makes an app-relative link absolute, for a parent on another origin. Default: against the window's address. */
  absoluteUrl?(path: string): string;
  /** Hands a file to the user (a download). Default: a blob link the browser downloads. */
  saveFile?(file: HostFile): Promise<void>;
  /** Opens the print dialog for a PDF. Default: a hidden frame whose window prints. */
  print?(pdf: Blob): Promise<void>;
  /** Hears errors nothing handled (spec §8 logs them). Default: the window's error and unhandledrejection events. */
  onUnhandledError?(listener: (error: unknown) => void): () => void;
  /**
   * Attaches one file to the item being composed (Outlook compose); the core attaches a selection
   * one file after the other and shows each one's progress. Rejects with the host's reason in
   * words (too large, too many, type not allowed). Hosts without one leave it out.
   */
  attachFile?(file: HostAttachment): Promise<void>;
  /**
   * A delegated Microsoft Graph token (Mail.ReadWrite) for mailbox drafts, from the host's single
   * sign-on (Teams / Outlook). Hosts without one leave it out; e-mail then offers the `.eml` draft.
   */
  getGraphToken?(): Promise<string>;
  /**
   * Hands an e-mail draft to the embedding application (ERP: parent 'POST /email-draft'), which
   * opens its own mail editor. Rejects with the parent's error text (JSON `{ "message": … }`)
   * when the draft failed. Hosts without such a parent leave it out.
   */
  createEmailDraft?(request: EmailDraftRequest): Promise<void>;
  /**
   * Opens a record in the embedding ERP itself (ERP: parent 'POST /record/launch'), as BC opens a
   * card page; rejects when the parent cannot, and the core opens the record's URL instead. Hosts
   * without an ERP parent leave it out.
   */
  openRecord?(record: RecordToOpen): Promise<void>;
  /**
   * Tells the embedding ERP a document was linked, so its page and the product's other frames on it
   * refresh (ERP: 'PUT /refreshinframe', then an upward 'PUT /refresh'). Hosts without one leave it out.
   */
  notifyDocumentLinked?(notice: DocumentLinkedNotice): Promise<void>;
  /**
   * Asks the embedding ERP to capture the record in view (embedded §7: "a capture starts by
   * messaging the parent"); rejects when the parent refuses or does not answer. Hosts without an
   * ERP parent leave it out, and Capture then says the request could not be fulfilled.
   */
  captureRecord?(record: ErpContext): Promise<void>;
  /**
   * Hears records the embedding ERP inserted (ERP: parent 'PUT /record/event'); the core completes
   * a pending New Card From Document with them. The parent's answer waits for the listeners'
   * promises. Returns the unsubscribe function. Hosts without an ERP parent leave it out.
   */
  onRecordEvent?(listener: (event: RecordEvent) => Promise<void> | void): () => void;
  /**
   * The e-mail the user is reading (Outlook read mode): the core offers filing its invoice and
   * replying to it with documents at READ_MAIL_PATH. Hosts that show no message leave it out.
   */
  readonly messageBeingRead?: HostMailMessage;
  /**
   * The headers that let the server reach the user's mailbox through Microsoft Graph for a reply
   * draft: a delegated Graph token (`X-Graph-Token`) or an Entra token for our API that the server
   * trades on-behalf-of (`X-Entra-Assertion`). Rejects with the host's sign-in failure in words.
   * Hosts without a Microsoft sign-in leave it out; the server then says why no draft was made.
   */
  getGraphCredentialHeaders?(): Promise<Readonly<Record<string, string>>>;
  /**
   * Opens a mailbox draft the server made (its Outlook on the web `webLink`, maybe app-relative on
   * the demo). Default: openUrl with the link made absolute. Outlook opens it in its own browser
   * window, as desktop Outlook blocks the pane's `window.open`.
   */
  openMailDraft?(webLink: string): void;
}
