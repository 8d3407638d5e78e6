/*
 * Builds the Outlook add-in package (`npm run build:outlook-manifest`): fills
 * manifests/outlook/manifest.json's ${…} placeholders from the environment, validates the result
 * offline against the unified manifest's schema shipped in @microsoft/app-manifest (the same
 * check as the Teams package), and zips manifest + icons into dist/outlook-addin-package.zip, the
 * file a user sideloads or an administrator deploys (manifests/outlook/README.md).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAppPackage } from './appPackageParts';
import { renderTeamsIcons, validateTeamsManifest } from './buildTeamsPackage';
import { fillOutlookManifest, outlookManifestValues } from './fillOutlookManifest';

const REPO_ROOT = path.resolve(__dirname, '..');

/** Where the Outlook manifest template lives. */
export const OUTLOOK_MANIFEST_DIR = path.join(REPO_ROOT, 'manifests', 'outlook');

/** Where the build puts the add-in package (dist/ is not committed). */
export const OUTLOOK_PACKAGE_FILE = path.join(REPO_ROOT, 'dist', 'outlook-addin-package.zip');

/** What the build wrote. */
export interface OutlookPackageResult {
  file: string;
  manifest: unknown;
}

/**
 * Builds the add-in package: fills, validates (a manifest the schema refuses stops the build with
 * the schema's words) and writes the zip with manifest.json and the product's two icons at its root.
 */
export async function buildOutlookPackage(
  options: { env?: NodeJS.ProcessEnv; outFile?: string; templateFile?: string } = {},
): Promise<OutlookPackageResult> {
  const env = options.env ?? process.env;
  const outFile = options.outFile ?? OUTLOOK_PACKAGE_FILE;
  const template: unknown = JSON.parse(await readFile(options.templateFile ?? path.join(OUTLOOK_MANIFEST_DIR, 'manifest.json'), 'utf8'));
  const rootPackage = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const manifest = fillOutlookManifest(template, outlookManifestValues(env, rootPackage.version));
  const problems = await validateTeamsManifest(manifest);
  if (problems.length > 0) throw new Error(`The Outlook manifest does not validate against its schema:\n  ${problems.join('\n  ')}`);
  // The product's icons, the same as the Teams app's.
  const icons = await renderTeamsIcons();

  await writeAppPackage(outFile, manifest, icons);
  return { file: outFile, manifest };
}

/** The command line: `buildOutlookManifest.ts [--out file.zip] [--template manifest.json]`. */
async function main(args: string[]): Promise<number> {
  const option = (name: string): string | undefined => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const result = await buildOutlookPackage({ outFile: option('--out'), templateFile: option('--template') });
  const publicUrl = outlookManifestValues(process.env, '').DATAHAVEN_PUBLIC_URL;
  process.stdout.write(`Outlook add-in package: ${path.relative(process.cwd(), result.file)} (for ${publicUrl})\n`);
  if (!publicUrl.startsWith('https://'))
    process.stdout.write(
      '  Outlook loads add-ins only over HTTPS: set DATAHAVEN_PUBLIC_URL to the https:// address before sideloading this package.\n',
    );
  for (const name of ['DATAHAVEN_ENTRA_CLIENT_ID', 'DATAHAVEN_OUTLOOK_ADDIN_ID']) {
    if (!process.env[name])
      process.stdout.write(`  ${name} is not set: the package carries the demo's id (fine for a look, not for a tenant).\n`);
  }
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
