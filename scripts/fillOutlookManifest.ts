/*
 * The Outlook add-in manifest for one deployment: manifests/outlook/manifest.json with its ${…}
 * placeholders filled from the server's own settings. Pure (no schema, no files), so the build
 * (scripts/buildOutlookManifest.ts) and its tests share it.
 */

import { deploymentManifestValues, fillManifestTemplate } from './appPackageParts';

/** The demo's add-in id: a package built without configuration runs against `npm start`. */
const DEMO_OUTLOOK_ADDIN_ID = '44444444-4444-4444-8444-444444444444';

/** The values the template's placeholders take. */
export function outlookManifestValues(env: NodeJS.ProcessEnv, version: string): Record<string, string> {
  return { ...deploymentManifestValues(env, version), DATAHAVEN_OUTLOOK_ADDIN_ID: env.DATAHAVEN_OUTLOOK_ADDIN_ID || DEMO_OUTLOOK_ADDIN_ID };
}

/** manifests/outlook/manifest.json with every `${NAME}` in its string values replaced. */
export function fillOutlookManifest(template: unknown, values: Record<string, string>): unknown {
  return fillManifestTemplate(template, values, 'manifests/outlook/manifest.json');
}
