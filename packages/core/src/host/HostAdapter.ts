import type { ClientType, ErpContext, UploadNotice } from '../model';
import type { StoragePort } from './StoragePort';

/** Which ecosystem embeds the core. */
export type HostKind = 'erp' | 'teams' | 'outlook' | 'browser';

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

/**
 * What the core needs from whatever embeds it (ERP iframe, Teams tab, Outlook pane, plain
 * browser). Hosts implement this; the core never reaches for globals behind its back.
 */
export interface HostAdapter extends TokenSource {
  readonly kind: HostKind;
  /** The ERP record in view (ERP: parent 'GET /context'); an empty object when there is none. */
  getContext(): Promise<ErpContext>;
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
  /** Opens (or reuses, by name) a browser window or tab. */
  openWindow(url: string, name: string, features?: string): void;
  /** Local and session storage as the host allows them (memory when blocked, e.g. third-party iframes). */
  readonly storage: { local: StoragePort; session: StoragePort };
}
