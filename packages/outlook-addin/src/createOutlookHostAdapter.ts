import { signInPendingHost, type HostAdapter, type HostHome } from '@datahaven/core';

/** Why the Outlook host hands out no token yet: sign-in (NAA / Office dialog) arrives with the Outlook issue. */
export const OUTLOOK_SIGN_IN_PENDING = 'Signing in from Outlook is not available in this version.';

/** The pane's home until attaching documents arrives: says so plainly. */
export const OUTLOOK_HOME: HostHome = {
  kind: 'notice',
  title: 'Datahaven Documents in Outlook',
  body: 'Attaching stored documents to your messages from this pane arrives in a later release. Until then, open your documents from the record pages in Business Central.',
};

/**
 * The Outlook task pane's host for this version: no Office.js yet, so no record context and no
 * sign-in; the core shows this host's home notice. Office.js nulls `history.pushState` inside
 * Outlook (OfficeDev/office-js #429), so the pane routes in memory.
 */
export function createOutlookHostAdapter(win: Window): HostAdapter {
  return signInPendingHost(win, OUTLOOK_SIGN_IN_PENDING, OUTLOOK_HOME, { kind: 'memory', initialPath: '/' });
}
