import { signInPendingHost, type HostAdapter } from '@datahaven/core';

/** Why the Teams host hands out no token yet: Entra sign-in (type=jwt) arrives with the Teams issue. */
export const TEAMS_SIGN_IN_PENDING = 'Signing in from Microsoft Teams is not available in this version.';

/**
 * The Teams tab's host for this version: no TeamsJS yet, so no record context and no sign-in;
 * the core shows its Teams home screen, which says the tab's features arrive later.
 */
export function createTeamsHostAdapter(win: Window): HostAdapter {
  return signInPendingHost(win, 'teams', TEAMS_SIGN_IN_PENDING);
}
