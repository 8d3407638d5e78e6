import { signInPendingHost, type HostAdapter, type HostHome } from '@datahaven/core';

/** Why the Teams host hands out no token yet: Entra sign-in (type=jwt) arrives with the Teams issue. */
export const TEAMS_SIGN_IN_PENDING = 'Signing in from Microsoft Teams is not available in this version.';

/** The tab's home until its queues arrive: says so plainly. */
export const TEAMS_HOME: HostHome = {
  kind: 'notice',
  title: 'Datahaven Documents in Teams',
  body: 'Workflow queues, approvals and documents in this tab arrive in a later release. Until then, open your documents from the record pages in Business Central.',
};

/**
 * The Teams tab's host for this version: no TeamsJS yet, so no record context and no sign-in;
 * the core shows this host's home notice. The server serves the bundle under /teams.
 */
export function createTeamsHostAdapter(win: Window): HostAdapter {
  const basename = win.location.pathname.startsWith('/teams') ? '/teams' : '/';
  return signInPendingHost(win, TEAMS_SIGN_IN_PENDING, TEAMS_HOME, { kind: 'browser', basename });
}
