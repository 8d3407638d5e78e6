/*
 * The Teams manifest for one deployment: manifests/teams/manifest.json with its ${…}
 * placeholders filled from the server's own settings. Pure (no schema, no files), so the
 * build and its tests share it; scripts/buildTeamsPackage.ts validates and zips the result.
 */

/** The demo's ids (the Teams contract, demo mode): a package built without configuration runs against `npm start`. */
const DEMO_TEAMS_APP_ID = '33333333-3333-4333-8333-333333333333';
const DEMO_ENTRA_CLIENT_ID = '22222222-2222-4222-8222-222222222222';

/** The values the template's placeholders take (docs/DEPLOYMENT.md names the settings). */
export function teamsManifestValues(env: NodeJS.ProcessEnv, version: string): Record<string, string> {
  const publicUrl = (env.DATAHAVEN_PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new Error(`DATAHAVEN_PUBLIC_URL is not a URL: '${publicUrl}'.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`DATAHAVEN_PUBLIC_URL must be an http(s) URL: '${publicUrl}'.`);
  const clientId = env.DATAHAVEN_ENTRA_CLIENT_ID || DEMO_ENTRA_CLIENT_ID;
  // The tab asks Entra for a token for this resource and the server accepts its configured
  // audiences (default api://<public host>/<client id>): both come from the same setting.
  const configuredResource = (env.DATAHAVEN_ENTRA_AUDIENCES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .find((entry) => entry.startsWith('api://'));
  return {
    VERSION: version,
    DATAHAVEN_PUBLIC_URL: publicUrl,
    DATAHAVEN_PUBLIC_HOST: url.host,
    DATAHAVEN_TEAMS_APP_ID: env.DATAHAVEN_TEAMS_APP_ID || DEMO_TEAMS_APP_ID,
    DATAHAVEN_ENTRA_CLIENT_ID: clientId,
    DATAHAVEN_ENTRA_RESOURCE: configuredResource ?? `api://${url.host}/${clientId}`,
  };
}

/**
 * The template with every `${NAME}` in its string values replaced. Replacing inside the parsed
 * JSON, never in its text, keeps a value with a quote in it from changing the manifest's shape.
 */
export function buildTeamsManifest(template: unknown, values: Record<string, string>): unknown {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(/\$\{([A-Z_]+)\}/g, (_whole, name: string) => {
        if (!Object.prototype.hasOwnProperty.call(values, name)) throw new Error(`manifests/teams/manifest.json names an unknown placeholder \${${name}}.`);
        return values[name];
      });
    }
    if (Array.isArray(value)) return value.map(fill);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry)]));
    return value;
  };
  return fill(template);
}
