/** The part of the Office global opening a draft needs. */
export interface DraftWindowOffice {
  context: {
    requirements: { isSetSupported(name: string, minVersion?: string): boolean };
    ui?: { openBrowserWindow?(url: string): void };
  };
}

function supportsBrowserWindow(office: DraftWindowOffice): boolean {
  try {
    return typeof office.context.ui?.openBrowserWindow === 'function' && office.context.requirements.isSetSupported('Mailbox', '1.5');
  } catch {
    return false;
  }
}

/**
 * Opens a draft's `webLink`: through `Office.context.ui.openBrowserWindow` where Outlook offers it
 * (Mailbox 1.5; desktop Outlook blocks the pane's own `window.open`), else `window.open` in a new
 * tab. The link is made absolute first: Outlook's browser window takes absolute URLs only.
 */
export function openDraftWindow(office: DraftWindowOffice | undefined, win: Pick<Window, 'open' | 'location'>, webLink: string): void {
  const url = new URL(webLink, win.location.href).href;
  if (office !== undefined && supportsBrowserWindow(office)) office.context.ui?.openBrowserWindow?.(url);
  else win.open(url, '_blank', 'noopener');
}
