import { liveCatalogue, type TextsOf } from '@datahaven/core';
import { TEAMS_TEXT_DE } from './de/teamsText';

/**
 * The Teams bundle's own English texts (the core draws the tab's screens with its own catalogue):
 * the configure page, the frame around the notices, the tab's home and the start-up notices.
 * de/teamsText.ts has the same keys in German (docs/UX-DECISIONS.md "Teams tab").
 */
export const TEAMS_TEXT_EN = {
  /** The configure page's words: the accessible names the simulator's test drives are among them. */
  configure: {
    heading: 'Choose what this tab shows',
    intro: 'Pick one approval queue, or a queue type to see all of its queues. Only queues you may browse are listed.',
    /** The select's label: its accessible name ('Queue'). */
    queueLabel: 'Queue',
    placeholder: 'Choose a queue…',
    allQueuesOf: (typeName: string): string => `All queues of ${typeName}`,
    loading: 'Loading your queues…',
    noQueues:
      'You may not browse any workflow queue, so there is nothing to show in this tab. Ask your administrator for access to a queue.',
    nothingChosen: 'Choose a queue for this tab before saving.',
    saveFailed: 'The tab could not be saved. Try again.',
  },
  /** Words of the bundle's own frame (while starting, and the notices). */
  app: {
    title: 'Datahaven Documents',
    starting: 'Starting Datahaven Documents…',
  },
  /** The tab's home ('/teams' with no queue chosen): says where the queue is picked. */
  home: {
    title: 'Datahaven Documents in Teams',
    body: 'This tab shows the approval queue chosen for it. To choose another queue, open the tab’s menu in Teams and pick Settings.',
  },
  /** Sentences shown in place of the tab. */
  notices: {
    /** The page is not inside any host window (opened directly in a browser tab). */
    notInTeams: 'This page works only inside Microsoft Teams. Add Datahaven Documents as a tab in a Teams channel and open it there.',
    /** The surrounding window never answered TeamsJS (a frame that is not Teams). */
    teamsDidNotAnswer:
      'Microsoft Teams did not answer in time. This page works only inside a Microsoft Teams tab; reload the tab to try again.',
    /** The configure page's address outside the tab's settings dialog. */
    configureOutsideSettings:
      'This page sets up a Datahaven Documents tab. Open it from Microsoft Teams: add the tab to a channel, or choose Settings in the tab’s menu.',
    /** Sign-in failed without words of its own. */
    signInFailed: 'Signing in to Datahaven Documents failed. Reload the tab to try again.',
    /** Neither Entra sign-in way gave a token (the cause goes to the log). */
    entraSignInFailed: 'Signing in with your Microsoft account failed. Reload the tab to try again.',
    /** The server refused the Entra token without words of its own, or answered with no product token. */
    tokenExchangeFailed: 'Datahaven Documents could not sign you in with your Microsoft account.',
    /** The server's Teams settings could not be read: the tab cannot start without them. */
    settingsFailed:
      'Datahaven Documents could not read its Microsoft Teams settings from the server. Reload the tab; if it keeps failing, ask your administrator.',
  },
} as const;

/** The shape of the Teams bundle's catalogue in every language: the English one's, its literals widened to `string`. */
export type TeamsTexts = TextsOf<typeof TEAMS_TEXT_EN>;

/** The Teams bundle's texts in the language shown (SHOWN_LANGUAGE, set from the Teams context's locale). */
export const TEAMS_TEXT: TeamsTexts = liveCatalogue<TeamsTexts>({ en: TEAMS_TEXT_EN, de: TEAMS_TEXT_DE });
