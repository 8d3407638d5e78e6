import { app } from '@microsoft/teams-js';
import { TEAMS_TEXT } from './teamsText';

/** How long `app.initialize` may take before we say Teams is not there (HOSTS.md: outside Teams it may never resolve). */
export const TEAMS_INITIALIZE_TIMEOUT_MS = 8000;

/** Thrown when the page is not hosted by Teams; its message is the sentence to show. */
export class OutsideTeamsError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'OutsideTeamsError';
  }
}

/** Options of connectToTeams. */
export interface ConnectOptions {
  /** Extra host origins (the server's settings) that TeamsJS accepts besides its bundled list. */
  hostOrigins: readonly string[];
  timeoutMs?: number;
}

/**
 * Whether a host could be there at all: Teams runs tabs in an iframe (web, desktop), in a window
 * it opened, or in a mobile web view with a native interface. A top-level page has no parent,
 * and there `app.initialize` only rejects ("No Parent window found").
 */
export function mayBeInTeams(win: Window): boolean {
  return win.parent !== win || (win.opener !== null && win.opener !== undefined) || 'nativeInterface' in win;
}

/**
 * Initialises TeamsJS and reads the tab's context. Outside Teams it fails quickly with an
 * OutsideTeamsError whose message says so in words; a frame that never answers fails after the time-out.
 */
export async function connectToTeams(win: Window, options: ConnectOptions): Promise<app.Context> {
  if (!mayBeInTeams(win)) throw new OutsideTeamsError(TEAMS_TEXT.notices.notInTeams);
  const timeoutMs = options.timeoutMs ?? TEAMS_INITIALIZE_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new OutsideTeamsError(TEAMS_TEXT.notices.teamsDidNotAnswer)), timeoutMs);
  });
  try {
    await Promise.race([app.initialize([...options.hostOrigins]), timeout]);
  } catch (error) {
    if (error instanceof OutsideTeamsError) throw error;
    throw new OutsideTeamsError(TEAMS_TEXT.notices.notInTeams, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  return app.getContext();
}
