import { createRequire } from 'node:module';
/*
 * Builds the Microsoft Teams app package (`npm run build:manifests`, part of `npm run build`):
 * fills manifests/teams/manifest.json's ${…} placeholders from the environment, validates the
 * result offline against the schema shipped in @microsoft/app-manifest, renders the two icons
 * from their SVG sources and zips manifest + icons into dist/teams-app-package.zip, the file a
 * Teams administrator uploads.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppManifestUtils } from '@microsoft/app-manifest';
import sharp from 'sharp';
import { writeAppPackage } from './appPackageParts';
import { buildTeamsManifest, teamsManifestValues } from './buildTeamsManifest';
import { teamsLocalizationProblems } from './teamsLocalizationProblems';
import { teamsTabScopeProblems } from './teamsTabScopeProblems';

const REPO_ROOT = path.resolve(__dirname, '..');

/** Where the manifest template and the icons' SVG sources live. */
export const TEAMS_MANIFEST_DIR = path.join(REPO_ROOT, 'manifests', 'teams');

/** Where `npm run build` puts the app package (dist/ is not committed). */
export const TEAMS_PACKAGE_FILE = path.join(REPO_ROOT, 'dist', 'teams-app-package.zip');

/** Where @microsoft/app-manifest keeps its Teams schemas, one folder per manifest version (v1.0 … and vDevPreview). */
function teamsSchemaDir(): string {
  return path.join(path.dirname(require.resolve('@microsoft/app-manifest/package.json')), 'build', 'json-schemas', 'teams');
}

/** The bundled schema of a manifest version, as @microsoft/app-manifest ships it; its file comes from the npm package, never the network. */
export function teamsSchemaFile(version: string): string {
  return path.join(teamsSchemaDir(), `v${version}`, 'MicrosoftTeams.schema.json');
}

type TeamsManifest = Parameters<typeof AppManifestUtils.validateAgainstSchema>[0];
type TeamsManifestSchema = NonNullable<Parameters<typeof AppManifestUtils.validateAgainstSchema>[1]>;

/**
 * The schema's complaints about a manifest (empty when it validates), checked offline against the
 * bundled schema of its manifestVersion, and then whether its tabs' scopes and contexts fit (teamsTabScopeProblems).
 */
export async function validateTeamsManifest(manifest: unknown): Promise<string[]> {
  const version = typeof manifest === 'object' && manifest !== null && 'manifestVersion' in manifest ? manifest.manifestVersion : undefined;
  if (typeof version !== 'string' || !/^1\.\d+$/.test(version))
    return ['/manifestVersion must be a released Teams manifest version such as "1.24".'];
  let schemaText: string;
  try {
    schemaText = await readFile(teamsSchemaFile(version), 'utf8');
  } catch {
    return [`/manifestVersion ${version} has no schema in @microsoft/app-manifest.`];
  }
  // Passing the schema keeps the package from fetching it: the build runs offline.
  const schema = JSON.parse(schemaText) as TeamsManifestSchema;
  const problems = await AppManifestUtils.validateAgainstSchema(manifest as TeamsManifest, schema);
  return [...problems, ...teamsTabScopeProblems(manifest)];
}

/** Requires a module as @microsoft/app-manifest resolves it: its own validator's dependencies, not the repository's. */
const appManifestRequire = createRequire(require.resolve('@microsoft/app-manifest/package.json'));

/** What the build uses of ajv-draft-04 (Ajv's own types describe it; this keeps the script free of a second ajv in its types). */
type Draft04Ajv = new (options: {
  allErrors: boolean;
  strict: boolean;
  unicodeRegExp: boolean;
  formats: Record<string, true>;
}) => {
  compile(schema: object): ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
};

/** The language files the manifest names (localizationInfo.additionalLanguages), as `[file name, parsed JSON]`. */
export async function readTeamsLanguageFiles(
  manifest: unknown,
  sourceDir: string = TEAMS_MANIFEST_DIR,
): Promise<[string, Record<string, unknown>][]> {
  const info = (manifest as { localizationInfo?: { additionalLanguages?: { file?: unknown }[] } }).localizationInfo;
  const files = (info?.additionalLanguages ?? []).map((language) => String(language.file ?? ''));
  return Promise.all(
    files.map(
      async (file): Promise<[string, Record<string, unknown>]> => [file, JSON.parse(await readFile(path.join(sourceDir, file), 'utf8'))],
    ),
  );
}

/**
 * The complaints about the manifest's language files: each against the bundled localization
 * schema of the manifest's version (offline, as the manifest), then against the manifest itself
 * (every activity type translated, its template's parameters kept).
 */
export async function validateTeamsLanguageFiles(
  manifest: unknown,
  files: readonly [string, Record<string, unknown>][],
): Promise<string[]> {
  const version = (manifest as { manifestVersion?: unknown }).manifestVersion;
  const schemaFile = path.join(teamsSchemaDir(), `v${String(version)}`, 'MicrosoftTeams.Localization.schema.json');
  const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as object;
  // Ajv (draft-04, as @microsoft/app-manifest validates the manifest), without the `u` flag:
  // the localization schema's key patterns (`\b]`) are not valid Unicode-mode expressions, which
  // is why the package's own validateAgainstSchema cannot read this schema. The one format in it,
  // the `$schema` URI, is taken as written.
  const Draft04 = appManifestRequire('ajv-draft-04') as Draft04Ajv;
  const validate = new Draft04({ allErrors: true, strict: false, unicodeRegExp: false, formats: { uri: true } }).compile(schema);
  const problems: string[] = [];
  for (const [file, localization] of files) {
    if (!validate(localization))
      problems.push(...(validate.errors ?? []).map((error) => `${file}: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}`));
    problems.push(...teamsLocalizationProblems(manifest, file, localization));
  }
  return problems;
}

/** The colour (192 × 192) and outline (32 × 32, transparent) icons, rendered from their SVG sources. */
export async function renderTeamsIcons(sourceDir: string = TEAMS_MANIFEST_DIR): Promise<{ color: Buffer; outline: Buffer }> {
  const render = async (file: string, size: number): Promise<Buffer> =>
    sharp(await readFile(path.join(sourceDir, file)))
      .resize(size, size)
      .png()
      .toBuffer();
  return { color: await render('color.svg', 192), outline: await render('outline.svg', 32) };
}

/** The files of the app package, at its root as Teams expects them. */
export type TeamsPackageEntry = 'manifest.json' | 'color.png' | 'outline.png' | 'de.json';

/** What the build wrote. */
export interface TeamsPackageResult {
  file: string;
  manifest: unknown;
}

/**
 * Builds the app package: fills, validates (a manifest the schema refuses stops the build with
 * the schema's words), renders the icons and writes the zip with manifest.json, color.png and
 * outline.png at its root, as Teams expects them.
 */
export async function buildTeamsPackage(
  options: { env?: NodeJS.ProcessEnv; outFile?: string; templateFile?: string } = {},
): Promise<TeamsPackageResult> {
  const env = options.env ?? process.env;
  const outFile = options.outFile ?? TEAMS_PACKAGE_FILE;
  const templateFile = options.templateFile ?? path.join(TEAMS_MANIFEST_DIR, 'manifest.json');
  const template: unknown = JSON.parse(await readFile(templateFile, 'utf8'));
  const rootPackage = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const manifest = buildTeamsManifest(template, teamsManifestValues(env, rootPackage.version));
  const problems = await validateTeamsManifest(manifest);
  if (problems.length > 0) throw new Error(`The Teams manifest does not validate against its schema:\n  ${problems.join('\n  ')}`);
  // The language files sit beside the template, as they sit beside manifest.json in the package.
  const languageFiles = await readTeamsLanguageFiles(manifest, path.dirname(templateFile));
  const languageProblems = await validateTeamsLanguageFiles(manifest, languageFiles);
  if (languageProblems.length > 0)
    throw new Error(`The Teams manifest's language files do not validate:\n  ${languageProblems.join('\n  ')}`);
  const icons = await renderTeamsIcons();

  await writeAppPackage(
    outFile,
    manifest,
    icons,
    languageFiles.map(([file, localization]): [string, Buffer] => [
      file,
      Buffer.from(`${JSON.stringify(localization, null, 2)}\n`, 'utf8'),
    ]),
  );
  return { file: outFile, manifest };
}

/** The command line: `buildTeamsPackage.ts [--out file.zip] [--template manifest.json]`, or `--validate manifest.json…` (prints each file's problems as JSON). */
async function main(args: string[]): Promise<number> {
  const option = (name: string): string | undefined => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  if (args[0] === '--validate') {
    const verdicts: Record<string, string[]> = {};
    for (const file of args.slice(1)) verdicts[file] = await validateTeamsManifest(JSON.parse(await readFile(file, 'utf8')));
    process.stdout.write(`${JSON.stringify(verdicts)}\n`);
    return Object.values(verdicts).every((problems) => problems.length === 0) ? 0 : 1;
  }
  const result = await buildTeamsPackage({ outFile: option('--out'), templateFile: option('--template') });
  const publicUrl = teamsManifestValues(process.env, '').DATAHAVEN_PUBLIC_URL;
  process.stdout.write(`Teams app package: ${path.relative(process.cwd(), result.file)} (for ${publicUrl})\n`);
  if (!publicUrl.startsWith('https://')) {
    process.stdout.write(
      '  Teams loads tabs only over HTTPS: set DATAHAVEN_PUBLIC_URL to the https:// address before uploading this package.\n',
    );
  }
  for (const name of ['DATAHAVEN_ENTRA_CLIENT_ID', 'DATAHAVEN_TEAMS_APP_ID']) {
    if (!process.env[name])
      process.stdout.write(`  ${name} is not set: the package carries the demo's id (fine for /demo/teams, not for a Teams tenant).\n`);
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
