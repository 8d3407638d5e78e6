/** Business constants and limits of spec §9, in one place so client and server agree. */
export const LIMITS = {
  noteMaxLength: 4000,
  requestTimeoutMs: 10_000,
  tokenNeedsRefreshMs: 60_000,
  tokenWantsRefreshMs: 300_000,
  tokenSafetyMarginMs: 60_000,
  tokenRetryDelayMs: 5_000,
  ssoTokenExpiredMs: 60_000,
  pageSize: 30,
  savedSearchShownMax: 50,
  annotationScaling: 0.36,
  annotationTextSizeScaling: 2,
  annotationDefaultTextSize: 14,
  annotationDefaultColor: 0xed1c24,
  downloadMenuMaxDocuments: 10,
  loadingOverlayDelayMs: 300,
  clipboardPollMs: 250,
  refreshDebounceMs: 200,
  inlineViewerMinPercent: 10,
  inlineViewerDefaultPercent: 50,
  defaultColumnWidth: 100,
  workflowPollMs: 60_000,
  parentMessageTimeoutMs: 10_000,
} as const;

/**
 * Extensions the viewer shows; anything else is downloaded (spec §2, §9). Beyond the spec's list:
 * xml, which the server accepts only as an e-invoice and shows as its readable view, a PDF (issue 36).
 */
export const VIEWABLE_EXTENSIONS: readonly string[] = ['pdf', 'tif', 'tiff', 'jpeg', 'jpg', 'png', 'bmp', 'xml'];

/** Web-services base path and build label (spec §1, §9). */
export const BUILD = {
  apiBasePath: '/api',
  odataBasePath: '/odata/v1',
  buildLabel: 'bc-20250530.2',
  logLevel: 'warn',
  integration: 'bc',
} as const;

/** Display type sent with folder-structure calls and uploads (spec §7). */
export const DEFAULT_DISPLAY_TYPE = 'Default View';

/** Extensions an upload may carry; the server also checks that the bytes agree (BRIEF, POST /documents). */
export const UPLOADABLE_EXTENSIONS: readonly string[] = [
  'pdf',
  'tif',
  'tiff',
  'jpg',
  'jpeg',
  'png',
  'bmp',
  'gif',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
  'msg',
  'eml',
  'txt',
  'csv',
  // An e-invoice (UBL, CII, XRechnung) only: the server refuses any other XML (issue 36).
  'xml',
];
