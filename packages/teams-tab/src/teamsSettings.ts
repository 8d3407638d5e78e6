import { BUILD } from '@datahaven/core';
import { TEAMS_TEXT } from './teamsText';

/** `GET /api/integration/teams/settings` (contract, served by teams-auth without sign-in): what the tab needs to sign in. */
export interface TeamsSettings {
  /** The Entra app registration's id. */
  clientId: string;
  /** e.g. https://login.microsoftonline.com (the tenant id is appended). */
  authority: string;
  /** Tenants whose users may sign in; empty means Entra sign-in is off on this server. */
  tenantIds: string[];
  /** The API scope to ask Entra for, e.g. `api://host/<clientId>/access_as_user`. */
  scopes: string[];
  /** Extra origins allowed to host the tab, passed to `app.initialize(validMessageOrigins)`. */
  hostOrigins: string[];
  teamsAppId: string;
}

/** A list of strings from an unknown JSON value (anything else becomes empty). */
function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

/** Reads the server's Teams settings; throws with TEAMS_TEXT.notices.settingsFailed when they cannot be read. */
export async function loadTeamsSettings(fetchFn: typeof fetch, apiBase: string = BUILD.apiBasePath): Promise<TeamsSettings> {
  let body: unknown;
  try {
    const response = await fetchFn(`${apiBase.replace(/\/+$/, '')}/integration/teams/settings`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new Error(TEAMS_TEXT.notices.settingsFailed, { cause: error });
  }
  if (typeof body !== 'object' || body === null) throw new Error(TEAMS_TEXT.notices.settingsFailed);
  const source = body as Record<string, unknown>;
  return {
    clientId: typeof source.clientId === 'string' ? source.clientId : '',
    authority: typeof source.authority === 'string' ? source.authority.replace(/\/+$/, '') : '',
    tenantIds: stringList(source.tenantIds),
    scopes: stringList(source.scopes),
    hostOrigins: stringList(source.hostOrigins),
    teamsAppId: typeof source.teamsAppId === 'string' ? source.teamsAppId : '',
  };
}
