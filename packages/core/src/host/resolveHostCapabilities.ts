import { browserLocale } from './defaults/browserLocale';
import { browserTheme } from './defaults/browserTheme';
import { openUrlInWindow } from './defaults/openUrlInWindow';
import { printPdfInFrame } from './defaults/printPdfInFrame';
import { saveFileAsDownload } from './defaults/saveFileAsDownload';
import { windowUnhandledErrors } from './defaults/windowUnhandledErrors';
import type {
  AppPageMode,
  DocumentLinkedNotice,
  EmailDraftRequest,
  HostAdapter,
  HostAttachment,
  HostFile,
  HostHome,
  HostLocale,
  HostRouter,
  HostSignal,
  HostThemeName,
  OpenUrlOptions,
  RecordToOpen,
} from './HostAdapter';
import type { HostMailMessage } from './HostMailMessage';

/** A host's capabilities with every default filled in; the optional ones stay optional (no host, no feature). */
export interface HostCapabilities {
  theme: HostSignal<HostThemeName>;
  locale: HostSignal<HostLocale>;
  router: HostRouter;
  home: HostHome;
  appPages: AppPageMode;
  openUrl(url: string | Promise<string>, options?: OpenUrlOptions): void;
  absoluteUrl(path: string): string;
  saveFile(file: HostFile): Promise<void>;
  print(pdf: Blob): Promise<void>;
  onUnhandledError(listener: (error: unknown) => void): () => void;
  attachFile?(file: HostAttachment): Promise<void>;
  getGraphToken?(): Promise<string>;
  createEmailDraft?(request: EmailDraftRequest): Promise<void>;
  openRecord?(record: RecordToOpen): Promise<void>;
  notifyDocumentLinked?(notice: DocumentLinkedNotice): Promise<void>;
  messageBeingRead?: HostMailMessage;
  getGraphCredentialHeaders?(): Promise<Readonly<Record<string, string>>>;
  openMailDraft(webLink: string): void;
}

/** The global window, when there is one (none on the server or in node tests). */
function globalWindow(): Window | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

/**
 * Fills in the plain-browser default for each capability the host leaves out. The host's own
 * functions are bound to it, so class-based adapters keep their `this`.
 */
export function resolveHostCapabilities(host: HostAdapter, win: Window | undefined = globalWindow()): HostCapabilities {
  const openUrl = host.openUrl ? host.openUrl.bind(host) : openUrlInWindow(win);
  const absoluteUrl = host.absoluteUrl
    ? host.absoluteUrl.bind(host)
    : (path: string) => new URL(path, win?.location.href ?? 'http://localhost/').href;
  return {
    theme: host.theme ?? browserTheme(win),
    locale: host.locale ?? browserLocale(win),
    router: host.router ?? { kind: 'browser' },
    home: host.home ?? { kind: 'folders' },
    appPages: host.appPages ?? 'popup',
    openUrl,
    absoluteUrl,
    saveFile: host.saveFile ? host.saveFile.bind(host) : saveFileAsDownload(win),
    print: host.print ? host.print.bind(host) : printPdfInFrame(win),
    onUnhandledError: host.onUnhandledError ? host.onUnhandledError.bind(host) : windowUnhandledErrors(win),
    attachFile: host.attachFile?.bind(host),
    getGraphToken: host.getGraphToken?.bind(host),
    createEmailDraft: host.createEmailDraft?.bind(host),
    openRecord: host.openRecord?.bind(host),
    notifyDocumentLinked: host.notifyDocumentLinked?.bind(host),
    messageBeingRead: host.messageBeingRead,
    getGraphCredentialHeaders: host.getGraphCredentialHeaders?.bind(host),
    // A draft opens like any link, made absolute first: a host's window may not resolve app-relative links.
    openMailDraft: host.openMailDraft ? host.openMailDraft.bind(host) : (webLink) => openUrl(absoluteUrl(webLink)),
  };
}
