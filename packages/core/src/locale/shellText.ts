/** The shell's texts around every screen: alerts, the error boundary, the loading indicator, the pane splitter. */
export const SHELL_TEXT = {
  // Not found and the record's notice
  pageNotFound: 'This page does not exist',
  goToFolders: "Go to the record's documents",

  dismissError: 'Dismiss error',
  dismissAlert: 'Dismiss alert',
  tryAgain: 'Try again',
  /** The progress bar's name; the spinner beside it reads "Loading…" or "Uploading…". */
  loadingProgress: 'Loading',
  uploading: 'Uploading…',
  resizeViewerPane: 'Resize viewer pane',
  /** The exception banner's heading when the server named no exception type. */
  errorType: 'Error',
  /** What a failed request says when the server sent neither words nor a status text. */
  requestFailed: 'Request failed',
} as const;
