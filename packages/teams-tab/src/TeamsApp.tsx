import { useEffect, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import {
  Body1,
  FluentProvider,
  Spinner,
  Subtitle1,
  makeStyles,
  teamsDarkTheme,
  teamsHighContrastTheme,
  teamsLightTheme,
  tokens,
  type Theme,
} from '@fluentui/react-components';
import { DatahavenApp, type HostThemeName } from '@datahaven/core';
import { ConfigurePage } from './ConfigurePage';
import type { TeamsHostAdapter } from './createTeamsHostAdapter';
import type { TeamsStart } from './startTeams';
import { TEAMS_TEXT } from './teamsText';
import { teamsThemeAttribute } from './teamsThemes';

/** Words of the bundle's own frame (while starting, and the notices), in the language shown. */
export const TEAMS_APP_TEXT = TEAMS_TEXT.app;

/** The Fluent theme of the pages the core does not draw (configure page, notices). */
function fluentTheme(name: HostThemeName): Theme {
  if (name === 'teamsDark' || name === 'webDark') return teamsDarkTheme;
  if (name === 'teamsHighContrast') return teamsHighContrastTheme;
  return teamsLightTheme;
}

/** The host's theme now, following its changes (Teams' default teamsLight before a host exists). */
function useTeamsTheme(host: TeamsHostAdapter | undefined): HostThemeName {
  return useSyncExternalStore(
    (listener) => host?.theme.onChange(listener) ?? (() => undefined),
    () => host?.theme.current() ?? 'teamsLight',
  );
}

const useStyles = makeStyles({
  // Teams mobile draws the tab edge to edge (notch, home indicator): the safe areas pad it, zero elsewhere (viewport-fit=cover in the page).
  root: {
    height: '100%',
    boxSizing: 'border-box',
    paddingTop: 'env(safe-area-inset-top, 0px)',
    paddingRight: 'env(safe-area-inset-right, 0px)',
    paddingBottom: 'env(safe-area-inset-bottom, 0px)',
    paddingLeft: 'env(safe-area-inset-left, 0px)',
  },
  notice: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalXL,
    maxWidth: '560px',
  },
});

/**
 * The app root: carries `data-theme` (default / dark / contrast, the contract's names) so tests and
 * the simulator see the active theme; `fluent` wraps pages the core does not theme itself.
 */
function TeamsRoot({ host, fluent, children }: { host?: TeamsHostAdapter; fluent: boolean; children: ReactNode }): ReactElement {
  const styles = useStyles();
  const theme = useTeamsTheme(host);
  return (
    <div className={styles.root} data-theme={teamsThemeAttribute(theme)}>
      {fluent ? (
        <FluentProvider theme={fluentTheme(theme)} style={{ height: '100%' }}>
          {children}
        </FluentProvider>
      ) : (
        children
      )}
    </div>
  );
}

/** A sentence in place of the app (outside Teams, sign-in refused, configure page outside its dialog). */
function Notice({ message }: { message: string }): ReactElement {
  const styles = useStyles();
  return (
    <main className={styles.notice}>
      <Subtitle1 as="h1">{TEAMS_APP_TEXT.title}</Subtitle1>
      <Body1 role="status">{message}</Body1>
    </main>
  );
}

/** Props of TeamsApp. */
export interface TeamsAppProps {
  /** The start-up under way (startTeams). */
  start: Promise<TeamsStart>;
  /** The public origin the configure page points the tab at. */
  origin: string;
}

/** The Teams bundle's whole UI: a spinner while starting, then a notice, the configure page, or the core app on the tab's queue. */
export function TeamsApp({ start, origin }: TeamsAppProps): ReactElement {
  const [started, setStarted] = useState<TeamsStart | null>(null);
  useEffect(() => {
    let live = true;
    start.then(
      (result) => {
        if (live) setStarted(result);
      },
      (error: unknown) => {
        if (live) setStarted({ kind: 'notice', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [start]);

  if (started === null) {
    return (
      <TeamsRoot fluent>
        <Spinner label={TEAMS_APP_TEXT.starting} style={{ marginTop: 32 }} />
      </TeamsRoot>
    );
  }
  switch (started.kind) {
    case 'notice':
      return (
        <TeamsRoot host={started.host} fluent>
          <Notice message={started.message} />
        </TeamsRoot>
      );
    case 'configure':
      return (
        <TeamsRoot host={started.host} fluent>
          <ConfigurePage workflow={started.workflow} origin={origin} />
        </TeamsRoot>
      );
    case 'tab':
      return (
        <TeamsRoot host={started.host} fluent={false}>
          <DatahavenApp host={started.host} services={started.services} />
        </TeamsRoot>
      );
  }
}
