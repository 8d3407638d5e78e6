import type { Config } from '../config/Config';

/** What sending Teams activity notifications needs: the app registration, Entra, Graph and the Teams app id. */
export interface TeamsNotifySettings {
  graphUrl: string;
  teamsAppId: string;
  authority: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The notification settings from the configuration, read at use (the demo settles its stand-ins'
 * origin once the server listens); null while any part is missing — no client id, no client
 * secret (DATAHAVEN_ENTRA_CLIENT_SECRET) or no Teams app id — and notifications are then off.
 */
export function teamsNotifySettingsOf(config: Pick<Config, 'entra' | 'teams'>): TeamsNotifySettings | null {
  const { entra, teams } = config;
  if (entra.clientId === '' || entra.clientSecret === null || teams.appId === '') return null;
  return {
    graphUrl: teams.graphUrl,
    teamsAppId: teams.appId,
    authority: entra.authority,
    clientId: entra.clientId,
    clientSecret: entra.clientSecret,
  };
}
