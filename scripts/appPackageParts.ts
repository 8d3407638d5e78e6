/*
 * What the Teams app package and the Outlook add-in package builds share: the deployment's public
 * address and Entra resource read from the environment, the ${…} filling of a manifest template,
 * and the zip writer. One place, so the two packages cannot drift apart on any of them.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ZipFile } from 'yazl';

/** The Entra client id of the demo (the Teams contract's): a package built without configuration runs against `npm start`. */
export const DEMO_ENTRA_CLIENT_ID = '22222222-2222-4222-8222-222222222222';

/** The placeholders both manifests take from the deployment: public URL and host, Entra client id and resource, version. */
export function deploymentManifestValues(env: NodeJS.ProcessEnv, version: string): Record<string, string> {
  const publicUrl = (env.DATAHAVEN_PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new Error(`DATAHAVEN_PUBLIC_URL is not a URL: '${publicUrl}'.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`DATAHAVEN_PUBLIC_URL must be an http(s) URL: '${publicUrl}'.`);
  const clientId = env.DATAHAVEN_ENTRA_CLIENT_ID || DEMO_ENTRA_CLIENT_ID;
  // The host asks Entra for a token for this resource and the server accepts its configured
  // audiences (default api://<public host>/<client id>): both come from the same setting.
  const configuredResource = (env.DATAHAVEN_ENTRA_AUDIENCES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .find((entry) => entry.startsWith('api://'));
  return {
    VERSION: version,
    DATAHAVEN_PUBLIC_URL: publicUrl,
    DATAHAVEN_PUBLIC_HOST: url.host,
    DATAHAVEN_ENTRA_CLIENT_ID: clientId,
    DATAHAVEN_ENTRA_RESOURCE: configuredResource ?? `api://${url.host}/${clientId}`,
  };
}

/**
 * The template with every `${NAME}` in its string values replaced. Replacing inside the parsed
 * JSON, never in its text, keeps a value with a quote in it from changing the manifest's shape.
 */
export function fillManifestTemplate(template: unknown, values: Record<string, string>, templateName: string): unknown {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(/\$\{([A-Z_]+)\}/g, (_whole, name: string) => {
        if (!Object.prototype.hasOwnProperty.call(values, name))
          throw new Error(`${templateName} names an unknown placeholder \${${name}}.`);
        return values[name];
      });
    }
    if (Array.isArray(value)) return value.map(fill);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry)]));
    return value;
  };
  return fill(template);
}

/** Writes the zip with manifest.json, color.png, outline.png and any language files at its root, as Teams and Microsoft 365 expect them. */
export async function writeAppPackage(
  outFile: string,
  manifest: unknown,
  icons: { color: Buffer; outline: Buffer },
  extraFiles: readonly [string, Buffer][] = [],
): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  const zip = new ZipFile();
  // A fixed time keeps the package byte-identical for the same inputs.
  const mtime = new Date('2026-01-01T00:00:00Z');
  const entries: [string, Buffer][] = [
    ['manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8')],
    ['color.png', icons.color],
    ['outline.png', icons.outline],
    ...extraFiles,
  ];
  for (const [name, content] of entries) zip.addBuffer(content, name, { mtime });
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const output = createWriteStream(outFile);
    output.on('close', () => resolve());
    output.on('error', reject);
    zip.outputStream.on('error', reject);
    zip.outputStream.pipe(output);
  });
}
