/*
 * The Teams manifest for one deployment: manifests/teams/manifest.json with its ${…}
 * placeholders filled from the server's own settings. Pure (no schema, no files), so the
 * build and its tests share it; scripts/buildTeamsPackage.ts validates and zips the result.
 */

import { deploymentManifestValues, fillManifestTemplate } from './appPackageParts';

/** The demo's Teams app id (the Teams contract, demo mode): a package built without configuration runs against `npm start`. */
const DEMO_TEAMS_APP_ID = '33333333-3333-4333-8333-333333333333';

/** The values the template's placeholders take (docs/DEPLOYMENT.md names the settings). */
export function teamsManifestValues(env: NodeJS.ProcessEnv, version: string): Record<string, string> {
  return { ...deploymentManifestValues(env, version), DATAHAVEN_TEAMS_APP_ID: env.DATAHAVEN_TEAMS_APP_ID || DEMO_TEAMS_APP_ID };
}

/** manifests/teams/manifest.json with every `${NAME}` in its string values replaced. */
export function buildTeamsManifest(template: unknown, values: Record<string, string>): unknown {
  return fillManifestTemplate(template, values, 'manifests/teams/manifest.json');
}
