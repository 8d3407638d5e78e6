import { signInPendingHost, type HostAdapter } from '@datahaven/core';

/** Why the Outlook host hands out no token yet: sign-in (NAA / Office dialog) arrives with the Outlook issue. */
export const OUTLOOK_SIGN_IN_PENDING = 'Signing in from Outlook is not available in this version.';

/**
 * The Outlook task pane's host for this version: no Office.js yet, so no record context and no
 * sign-in; the core shows its Outlook home screen, which says the pane's features arrive later.
 */
export function createOutlookHostAdapter(win: Window): HostAdapter {
  return signInPendingHost(win, 'outlook', OUTLOOK_SIGN_IN_PENDING);
}
