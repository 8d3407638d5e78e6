/*
 * The Outlook add-in manifest for one deployment: manifests/outlook/manifest.json with its ${…}
 * placeholders filled from the server's own settings. Pure (no schema, no files), so the build
 * (scripts/buildOutlookManifest.ts) and its tests share it.
 */

/** The demo's ids: a package built without configuration runs against `npm start` (the Entra client id is the Teams contract's demo one). */
const DEMO_OUTLOOK_ADDIN_ID = '44444444-4444-4444-8444-444444444444';
const DEMO_ENTRA_CLIENT_ID = '22222222-2222-4222-8222-222222222222';

/** The values the template's placeholders take. */
export function outlookManifestValues(env: NodeJS.ProcessEnv, version: string): Record<string, string> {
  const publicUrl = (env.DATAHAVEN_PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new Error(`DATAHAVEN_PUBLIC_URL is not a URL: '${publicUrl}'.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`DATAHAVEN_PUBLIC_URL must be an http(s) URL: '${publicUrl}'.`);
  const clientId = env.DATAHAVEN_ENTRA_CLIENT_ID || DEMO_ENTRA_CLIENT_ID;
  // Office SSO asks Entra for a token for this resource; the server accepts its configured audiences (default api://<host>/<client id>).
  const configuredResource = (env.DATAHAVEN_ENTRA_AUDIENCES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .find((entry) => entry.startsWith('api://'));
  return {
    VERSION: version,
    DATAHAVEN_PUBLIC_URL: publicUrl,
    DATAHAVEN_PUBLIC_HOST: url.host,
    DATAHAVEN_OUTLOOK_ADDIN_ID: env.DATAHAVEN_OUTLOOK_ADDIN_ID || DEMO_OUTLOOK_ADDIN_ID,
    DATAHAVEN_ENTRA_CLIENT_ID: clientId,
    DATAHAVEN_ENTRA_RESOURCE: configuredResource ?? `api://${url.host}/${clientId}`,
  };
}

/** The template with every `${NAME}` in its string values replaced (inside the parsed JSON, so a value cannot change its shape). */
export function fillOutlookManifest(template: unknown, values: Record<string, string>): unknown {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(/\$\{([A-Z_]+)\}/g, (_whole, name: string) => {
        if (!Object.prototype.hasOwnProperty.call(values, name)) throw new Error(`manifests/outlook/manifest.json names an unknown placeholder \${${name}}.`);
        return values[name];
      });
    }
    if (Array.isArray(value)) return value.map(fill);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry)]));
    return value;
  };
  return fill(template);
}
